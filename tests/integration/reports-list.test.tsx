import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

// The table's own rows: a role query over every row, each time the list changes, takes seconds on
// a busy machine.
function rows() {
  const [, ...body] = (screen.getByRole('table') as HTMLTableElement).rows;
  return body;
}

function currentSearch(router: ReturnType<typeof renderApp>['router']) {
  return router.state.location.search;
}

const params = (search: URLSearchParams | undefined) => (search ? Object.fromEntries(search) : undefined);

describe('reports list', () => {
  it('shows the first page with one request and no parameters for the default view', async () => {
    const { listRequests } = renderApp('/reports');
    await screen.findByRole('table', { name: /Reports, page 1 of/ });
    expect(rows()).toHaveLength(10);
    expect(params(listRequests('reports')[0])).toEqual({});
    expect(await screen.findByText(/^1–10 of \d+/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /URL/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('shows each row with link, project filter link, rating in words, time and privacy', async () => {
    const { simulator } = renderApp('/reports?per_page=100');
    await screen.findByRole('table');
    const newest = simulator.store.reports().sort((a, b) => b.id - a.id)[0];
    if (!newest) throw new Error('seed is empty');
    const row = rows()[0];
    if (!row) throw new Error('no rows');
    expect(within(row).getByRole('link', { name: newest.url })).toHaveAttribute('href', `/reports/${newest.id}`);
    expect(within(row).getByRole('link', { name: `Show only reports of ${newest.project}` })).toHaveAttribute(
      'href',
      `/reports?project=${encodeURIComponent(newest.project).replace(/%20/g, '+')}&per_page=100`,
    );
    expect(within(row).getByText(/^(Good|Decent|Bad) \d+$/)).toBeInTheDocument();
    expect(within(row).getByText(/^(Public|Private|Password)$/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Open page/ })).toHaveAttribute('target', '_blank');
  });

  it("follows a row's links inside the app: its project's filter, then its report", async () => {
    const { user, router } = renderApp('/reports?sort_by=url&sort=asc');
    await screen.findByRole('table');
    const first = rows()[0];
    if (!first) throw new Error('no rows');
    const filterLink = within(first).getByRole('link', { name: /^Show only reports of / });
    const project = filterLink.textContent ?? '';
    await user.click(filterLink);
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(currentSearch(router)))).toEqual({
        project,
        sort_by: 'url',
        sort: 'asc',
      }),
    );
    expect(router.state.historyAction).toBe('PUSH');
    const row = rows()[0];
    const url = row ? (within(row).getAllByRole('link')[0]?.textContent ?? '') : '';
    await user.click(within(row ?? document.body).getByRole('link', { name: url }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Report for ${url}` }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(/^\/reports\/[^/]+$/);
  });

  it('searches once per pause in typing, in the URL, back on page 1', async () => {
    const { user, router, listRequests } = renderApp('/reports?page=3');
    await screen.findByRole('table');
    const before = listRequests('reports').length;
    await user.type(await screen.findByRole('searchbox', { name: 'Search URLs' }), 'blog');
    await waitFor(() => expect(currentSearch(router)).toBe('?search=blog'));
    await screen.findByRole('table', { name: /page 1 of/ });
    const searches = listRequests('reports')
      .slice(before)
      .filter((p) => p.get('page') === null);
    expect(searches.map(params)).toEqual([{ search: 'blog' }]);
    for (const row of rows()) expect(within(row).getAllByRole('link')[0]?.textContent).toMatch(/blog/i);
  });

  it('filters by result and shows only that rating', async () => {
    const { user, router, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Result' }), 'bad');
    await waitFor(() => expect(currentSearch(router)).toBe('?result=bad'));
    await waitFor(() => expect(listRequests('reports').map(params)).toContainEqual({ result: 'bad' }));
    await waitFor(() => for_each_row_badge(/^Bad \d+$/));
  });

  it('filters by an exact project typed in the project field', async () => {
    const { user, router, simulator } = renderApp('/reports');
    await screen.findByRole('table');
    const project = simulator.store.reports()[0]?.project ?? '';
    await user.type(await screen.findByRole('combobox', { name: 'Project' }), `${project}{Enter}`);
    await waitFor(() => expect(new URLSearchParams(currentSearch(router)).get('project')).toBe(project));
    await waitFor(() => {
      for (const row of rows())
        expect(within(row).getByRole('link', { name: `Show only reports of ${project}` })).toBeInTheDocument();
    });
  });

  it('sorts by clicking a column header, toggling the direction', async () => {
    const { user, router, simulator } = renderApp('/reports');
    // The service's order: text compares case-insensitively.
    const byUrl = simulator.store
      .reports()
      .map((r) => r.url)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /^URL/ }));
    await waitFor(() => expect(currentSearch(router)).toBe('?sort_by=url&sort=asc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /URL/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    const urls = () => rows().map((row) => within(row).getAllByRole('link')[0]?.textContent ?? '');
    // The first page of the whole sorted list, not any rows that happen to be in order.
    await waitFor(() => expect(urls()).toEqual(byUrl.slice(0, 10)));
    await user.click(screen.getByRole('button', { name: /^URL/ }));
    await waitFor(() => expect(currentSearch(router)).toBe('?sort_by=url'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /URL/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await waitFor(() => expect(urls()).toEqual([...byUrl].reverse().slice(0, 10)));
  });

  it('sorts with the select that also works on a phone', async () => {
    const { user, router, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort' }), 'Result: worst first');
    await waitFor(() => expect(currentSearch(router)).toBe('?sort_by=result&sort=asc'));
    await waitFor(() => expect(listRequests('reports').map(params)).toContainEqual({ sort_by: 'result', sort: 'asc' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Result/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
  });

  it('changes the page size and goes back to page 1', async () => {
    const { user, router } = renderApp('/reports?page=2');
    await screen.findByRole('table', { name: /page 2 of/ });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Per page' }), '25');
    await waitFor(() => expect(currentSearch(router)).toBe('?per_page=25'));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByText(/^1–25 of/)).toBeInTheDocument();
  });

  it('pages with first / previous / next / last and says where you are', async () => {
    const { user, router } = renderApp('/reports');
    await screen.findByRole('table');
    const nav = await screen.findByRole('navigation', { name: 'Reports pages' });
    expect(within(nav).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(currentSearch(router)).toBe('?page=2'));
    expect(await screen.findByText(/^11–20 of/)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Reports pages' })).getByRole('link', { name: 'Last' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('link', { name: 'First' }));
    await waitFor(() => expect(currentSearch(router)).toBe(''));
  });

  it('prefetches the next page so that "next" needs no new request', async () => {
    const { user, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    await waitFor(() => expect(listRequests('reports').map(params)).toContainEqual({ page: '2' }));
    const count = listRequests('reports').filter((p) => p.get('page') === '2').length;
    await user.click(await screen.findByRole('link', { name: 'Next' }));
    await screen.findByText(/^11–20 of/);
    expect(listRequests('reports').filter((p) => p.get('page') === '2')).toHaveLength(count);
  });

  it('keeps the previous rows visible with an "Updating" cue while a new view loads', async () => {
    const { user, simulator } = renderApp('/reports');
    await screen.findByRole('table');
    const firstUrl = within(rows()[0] as HTMLElement).getAllByRole('link')[0]?.textContent;
    simulator.options.latencyMs = 300;
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Result' }), 'good');
    expect(await screen.findByText('Updating…')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(within(rows()[0] as HTMLElement).getAllByRole('link')[0]?.textContent).toBe(firstUrl);
    await waitFor(() => expect(screen.queryByText('Updating…')).not.toBeInTheDocument());
  });

  it('steps through views with back and forward, from the cache', async () => {
    const { user, router, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Result' }), 'good');
    await waitFor(() => expect(currentSearch(router)).toBe('?result=good'));
    // As a person would: act on what the page shows, once it shows the new view.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('good'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Per page' }), '50');
    await waitFor(() => expect(currentSearch(router)).toBe('?result=good&per_page=50'));
    await waitFor(() => expect(rows().length).toBeGreaterThan(10));
    const requestsBefore = listRequests('reports').length;
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('10'));
    expect(await screen.findByRole('combobox', { name: 'Result' })).toHaveValue('good');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue(''));
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('good'));
    const cached = listRequests('reports')
      .slice(requestsBefore)
      .filter((p) => !p.has('page'));
    expect(cached).toHaveLength(0);
  });

  it('restores the search box from the address bar', async () => {
    const { router } = renderApp('/reports?search=shop');
    expect(await screen.findByRole('searchbox', { name: 'Search URLs' })).toHaveValue('shop');
    await act(() => router.navigate('/reports'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search URLs' })).toHaveValue(''));
  });

  it('never sends garbage from the address bar', async () => {
    const { listRequests } = renderApp(
      '/reports?per_page=7&sort=sideways&page=-3&sort_by=drop+table&result=great&utm_source=x',
    );
    await screen.findByRole('table');
    expect(params(listRequests('reports')[0])).toEqual({});
    expect(await screen.findByRole('combobox', { name: 'Per page' })).toHaveValue('10');
  });

  it('offers to create the first report when there are none', async () => {
    renderApp('/reports', { simulator: { reportCount: 0 } });
    expect(await screen.findByRole('heading', { name: 'No reports yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New report' }).at(-1)).toHaveAttribute('href', '/reports/new');
  });

  it('says when an address asks for a page past the end, and leads back to the first', async () => {
    const { user, router } = renderApp('/reports?result=bad&page=999');
    expect(await screen.findByRole('heading', { name: 'This page is empty' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to the first page' }));
    await waitFor(() => expect(currentSearch(router)).toBe('?result=bad'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches', async () => {
    const { user, router } = renderApp('/reports?search=zzz-nothing-like-this&result=good');
    expect(await screen.findByRole('heading', { name: 'No reports match' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(currentSearch(router)).toBe(''));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('says what failed and retries on request', async () => {
    const { user } = renderApp('/reports', {
      prepare: (simulator) => simulator.faults.next({ kind: '500', path: '/api/v1/reports' }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service had a problem');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('leads to the settings page when the key is rejected', async () => {
    const { requests } = renderApp('/reports', { prepare: (simulator) => simulator.faults.next({ kind: '401' }) });
    // One announcement (the app-wide banner); the page explains the gap, also with the way on.
    expect(await screen.findByRole('alert')).toHaveTextContent('The service rejected the API key.');
    const explanation = (await screen.findByRole('heading', { name: 'The API key was rejected' }))
      .parentElement as HTMLElement;
    expect(within(explanation).getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/settings');
    expect(requests).toHaveLength(1);
  });

  it('shows hostile values as inert text and links out only to http(s)', async () => {
    const { container } = renderApp('/reports?search=javascript', { simulator: { seed: 'hostile' } });
    await screen.findByRole('table');
    expect(screen.getAllByText(/javascript:/).length).toBeGreaterThan(0);
    expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
    for (const row of rows()) expect(within(row).queryByRole('link', { name: /Open page/ })).not.toBeInTheDocument();
  });
});

function for_each_row_badge(pattern: RegExp) {
  const all = rows();
  expect(all.length).toBeGreaterThan(0);
  for (const row of all) expect(within(row).getByText(pattern)).toBeInTheDocument();
}
