import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { renderApp, type SeenRequest } from '../helpers/render-app';

/** The rows of the projects table, without the header row. */
async function projectRows() {
  const table = await screen.findByRole('table', { name: /^Projects, page/ });
  return within(table).getAllByRole('row').slice(1);
}

function rowNames(rows: HTMLElement[]) {
  return rows.map((row) => within(row).getAllByRole('link')[0]?.textContent);
}

function sortedNames(names: string[], direction: 'asc' | 'desc') {
  const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return direction === 'asc' ? sorted : sorted.reverse();
}

describe('projects list', () => {
  it('shows the newest projects with their report count, average rating and creation date', async () => {
    const { simulator, listRequests } = renderApp('/projects');
    const rows = await projectRows();
    expect(rows).toHaveLength(10);

    const expected = simulator.store
      .projects()
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .slice(0, 10);
    expect(rowNames(rows)).toEqual(expected.map((p) => p.project));

    // Every row: a link to its page, the count, the average as a number (with its rating in words for
    // screen readers; a bar for the eye), and a date.
    expected.forEach((project, i) => {
      const row = rows[i]!;
      const average = Math.round(Number(project.result) / project.reports);
      const rating = average > 79 ? 'Good' : average >= 49 ? 'Decent' : 'Bad';
      expect(within(row).getByRole('link', { name: project.project })).toHaveAttribute(
        'href',
        `/projects/${encodeURIComponent(project.project)}`,
      );
      const cells = within(row).getAllByRole('cell');
      expect(cells[1]).toHaveTextContent(String(project.reports));
      expect(cells[2]).toHaveTextContent(`${average} (${rating})`);
      // The bar's length is the average (it is drawn, so not in the accessibility tree).
      expect(cells[2]?.querySelector<HTMLElement>('.average-score__fill')?.style.width).toBe(`${average}%`);
      expect(cells[4]?.querySelector('time')).toHaveAttribute('dateTime', project.created_at);
      // No project has been read on this device: its newest report is not known.
      expect(cells[3]).toHaveTextContent('Not read yet');
    });

    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    // Defaults are not sent: the first request is the bare list.
    expect(listRequests('projects')[0]?.toString()).toBe('');
  });

  it('shows when a project read on this device was last analysed, without a request per row', async () => {
    const project = 'shop.fourthcoffee.com';
    const { router, simulator, listRequests, requests } = renderApp(`/projects/${project}`);
    // The project's page reads it (a small project is read on the first visit).
    await screen.findByRole('table', { name: `Issues of ${project}, highest impact first` }, { timeout: 20_000 });
    const newest = simulator.store
      .reports()
      .filter((report) => report.project === project)
      .map((report) => report.generated_at)
      .sort()
      .at(-1);

    const before = requests.length;
    await act(() => router.navigate('/projects?sort_by=project&sort=asc'));
    const rows = await projectRows();
    const row = rows.find((r) => within(r).queryByRole('link', { name: project }))!;
    const lastAnalysed = within(row).getAllByRole('cell')[3]!;
    expect(lastAnalysed.querySelector('time')).toHaveAttribute('dateTime', newest);
    // The other projects were not read: they say so rather than guess.
    const other = rows.find((r) => !within(r).queryByRole('link', { name: project }))!;
    expect(within(other).getAllByRole('cell')[3]).toHaveTextContent('Not read yet');
    // Only the projects list was asked for (and its next page, ahead): no request per row.
    expect(new Set(requests.slice(before).map((r) => r.url.pathname))).toEqual(new Set(['/api/v1/projects']));
    expect(listRequests('projects')[0]?.toString()).toBe('sort_by=project&sort=asc');
    // The page first: with it still there, forgetting makes it read the device again, after the test.
    cleanup();
    act(() => forgetInMemory());
  }, 60_000);

  it('searches once typing pauses, with one request, and goes back to page 1', async () => {
    const { user, router, listRequests } = renderApp('/projects?page=2');
    await projectRows();
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'fourthcoffee.com');

    await waitFor(() => expect(router.state.location.search).toBe('?search=fourthcoffee.com'));
    // (Page 2 of the whole list happens to hold the same two rows: wait for the count of the search.)
    expect(await screen.findByText('1–2 of 2')).toBeInTheDocument();
    expect(rowNames(await projectRows()).sort()).toEqual(['fourthcoffee.com', 'shop.fourthcoffee.com']);
    const searches = listRequests('projects').filter((params) => params.has('search'));
    expect(searches.map((params) => params.toString())).toEqual(['search=fourthcoffee.com']);
  });

  it('sorts by a clickable header and by the select, both directions, in the address bar', async () => {
    const { user, router, simulator, listRequests } = renderApp('/projects?page=2');
    await projectRows();
    const names = simulator.store.projects().map((p) => p.project);

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=project&sort=asc'));
    await waitFor(async () => expect(rowNames(await projectRows())).toEqual(sortedNames(names, 'asc').slice(0, 10)));
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /^Created/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('project:asc');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort_by=project'));
    await waitFor(async () => expect(rowNames(await projectRows())).toEqual(sortedNames(names, 'desc').slice(0, 10)));
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');

    // The select, as on a phone: oldest first.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest first');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=asc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /^Created/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    const oldest = [...simulator.store.projects()].sort((a, b) => (a.created_at < b.created_at ? -1 : 1))[0]!.project;
    await waitFor(async () => expect(rowNames(await projectRows())[0]).toBe(oldest));

    expect(listRequests('projects').map((p) => p.toString())).toEqual(
      expect.arrayContaining(['sort_by=project&sort=asc', 'sort_by=project', 'sort=asc']),
    );
  });

  it('changes the page size and pages with first / previous / next / last', async () => {
    const { user, router, listRequests } = renderApp('/projects');
    await projectRows();
    const pages = screen.getByRole('navigation', { name: 'Projects pages' });

    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('11–12 of 12')).toBeInTheDocument();
    expect(await projectRows()).toHaveLength(2);
    expect(within(pages).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'First' })).toHaveAttribute('href', '/projects');

    await user.click(within(pages).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('1–10 of 12')).toBeInTheDocument();

    await user.click(within(pages).getByRole('link', { name: 'Last' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    // A new page size starts again at page 1.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '25');
    await waitFor(() => expect(router.state.location.search).toBe('?per_page=25'));
    await waitFor(async () => expect(await projectRows()).toHaveLength(12));
    expect(screen.getByText('1–12 of 12')).toBeInTheDocument();
    expect(listRequests('projects').map((p) => p.toString())).toContain('per_page=25');
  });

  it('never sends garbage from the address bar, and shows the default view', async () => {
    const { listRequests } = renderApp(
      '/projects?per_page=7&sort=sideways&page=-3&sort_by=evil&search=%20%20&search_by=x&foo=bar',
    );
    expect(await projectRows()).toHaveLength(10);
    const sent = listRequests('projects');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((params) => params.toString() === '' || params.toString() === 'page=2')).toBe(true);
    expect(sent[0]?.toString()).toBe('');
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('10');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('created_at:desc');
  });

  it('prefetches the next page so that "Next" shows at once', async () => {
    const { listRequests } = renderApp('/projects');
    await projectRows();
    await waitFor(() => expect(listRequests('projects').map((p) => p.toString())).toContain('page=2'));
  });

  it('keeps the previous rows with an "Updating…" cue while the next view loads', async () => {
    // The answers wait for the test, not for a latency: a busy machine can spend 150 ms between
    // two lines, and the cue came and went before the test looked (it failed once in two runs).
    const isList = (search: string) => (r: SeenRequest) =>
      r.url.pathname === '/api/v1/projects' && r.url.search === search;
    let releaseFirst = () => {};
    const { user, router, hold, simulator } = renderApp('/projects', {
      prepare: (_, hold) => (releaseFirst = hold(isList(''))),
    });
    expect(await screen.findByText('Loading projects…')).toBeInTheDocument();
    releaseFirst();
    const before = rowNames(await projectRows());

    const releaseSorted = hold(isList('?sort_by=project&sort=asc'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(rowNames(await projectRows())).toEqual(before);
    expect(router.state.location.search).toBe('?sort_by=project&sort=asc');

    releaseSorted();
    await waitFor(() => expect(screen.queryByText('Updating…')).not.toBeInTheDocument());
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    const names = simulator.store.projects().map((p) => p.project);
    expect(rowNames(await projectRows())).toEqual(sortedNames(names, 'asc').slice(0, 10));
  });

  it('says when no project matches, and clears the search', async () => {
    const { user, router } = renderApp('/projects?search=nothing-like-this&sort=asc');
    expect(await screen.findByRole('heading', { name: 'No projects match' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=asc'));
    expect(await projectRows()).toHaveLength(10);
    expect(screen.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('');
  });

  it('says when there are no projects at all, with the way to create a report', async () => {
    renderApp('/projects', { simulator: { reportCount: 0 } });
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New report' })).toHaveAttribute('href', '/reports/new');
  });

  it('keeps the rows when a refresh fails, and says so with a retry', async () => {
    const { user, simulator, queryClient } = renderApp('/projects');
    await projectRows();
    simulator.faults.next({ kind: '500', path: '/api/v1/projects' });
    await act(() => queryClient.invalidateQueries({ queryKey: ['projects'] }));
    const notice = await screen.findByText(/Could not refresh the list/);
    expect(await projectRows()).toHaveLength(10);
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/Could not refresh the list/)).not.toBeInTheDocument());
    expect(simulator.faults.count('500')).toBe(1);
  });

  it('shows an error state with a retry that works when the first load fails', async () => {
    const { user, simulator, router } = renderApp('/settings');
    // Every projects request fails until the outage is over (the loader's and, depending on
    // timing, the page's retry on mount).
    simulator.faults.setRandom({ rate: 1, kinds: ['503'], path: '/api/v1/projects' });
    await act(() => router.navigate('/projects'));
    const alert = await screen.findByRole('alert');
    simulator.faults.setRandom(null);
    expect(within(alert).getByRole('heading', { name: 'The service had a problem' })).toBeInTheDocument();
    expect(within(alert).queryByRole('link', { name: 'Open settings' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await projectRows()).toHaveLength(10);
  });

  it('leads to the settings when the key is rejected', async () => {
    const { simulator, router } = renderApp('/settings');
    simulator.faults.setRandom({ rate: 1, kinds: ['401'], path: '/api/v1/projects' });
    await act(() => router.navigate('/projects'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service rejected the API key.');
    const explanation = (await screen.findByRole('heading', { name: 'The API key was rejected' }))
      .parentElement as HTMLElement;
    expect(within(explanation).getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings');
  });
});
