import { act, screen, waitFor, within } from '@testing-library/react';
import type { QueryKey } from '@tanstack/react-query';
import type { Page, Project } from '../../src/api';
import { addAwkwardProject, AWKWARD_PROJECT as AWKWARD } from '../fixtures/awkward-project';
import { renderApp } from '../helpers/render-app';

async function openDeleteDialog(user: ReturnType<typeof renderApp>['user'], name: string) {
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
  // The count in the dialog comes from the service: wait for it (it shows under the title).
  await screen.findByText(/^[\d,]+ reports?$/);
  // Deleting is the project's settings, the last part of its page.
  const parts = screen.getByRole('navigation', { name: 'Parts of the project' });
  await user.click(within(parts).getByRole('link', { name: 'Manage project' }));
  await user.click(await screen.findByRole('button', { name: 'Delete project' }));
  return screen.findByRole('dialog', { name: `Delete project ${name}?` });
}

function deleteRequests(requests: ReturnType<typeof renderApp>['requests']) {
  return requests.filter((r) => r.method === 'DELETE');
}

describe('deleting a project', () => {
  it('says how many reports go and asks for the exact name before it deletes', async () => {
    const { user, simulator, requests } = renderApp('/projects/fourthcoffee.com');
    const count = simulator.store.reports().filter((r) => r.project === 'fourthcoffee.com').length;
    const dialog = await openDeleteDialog(user, 'fourthcoffee.com');
    expect(dialog).toHaveTextContent(`This deletes all ${count} reports of this project.`);

    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    const field = within(dialog).getByRole('textbox', { name: /Type the project name to confirm/ });
    expect(confirm).toBeDisabled();
    await user.type(field, 'fourthcoffee.co');
    expect(confirm).toBeDisabled();
    await user.type(field, 'm ');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'FOURTHCOFFEE.COM');
    expect(confirm).toBeDisabled();
    // Enter in the field does not get round the check.
    await user.type(field, '{Enter}');
    expect(deleteRequests(requests)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'fourthcoffee.com');
    expect(confirm).toBeEnabled();

    // Cancel: nothing is sent, and the typed name does not stay for next time.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    expect(screen.getByRole('textbox', { name: /Type the project name/ })).toHaveValue('');
    expect(deleteRequests(requests)).toHaveLength(0);
    expect(simulator.store.reports().filter((r) => r.project === 'fourthcoffee.com')).toHaveLength(count);
  });

  it('deletes, goes to the projects, drops it from every cached list and refreshes the reports', async () => {
    const { user, router, queryClient, simulator, requests, listRequests } = renderApp(
      '/reports?search=margiestravel.com',
    );
    // A reports list that shows the project's reports and two projects lists are in the cache
    // before the deletion.
    const reports = await screen.findByRole('table', { name: /^Reports, page/ });
    expect(within(reports).getAllByRole('link', { name: 'Show only reports of margiestravel.com' })).not.toHaveLength(
      0,
    );
    await act(() => router.navigate('/projects?sort_by=project&sort=asc&per_page=100'));
    expect(await screen.findByRole('link', { name: 'margiestravel.com' })).toBeInTheDocument();
    await act(() => router.navigate('/projects'));
    await user.click(await screen.findByRole('link', { name: 'margiestravel.com' }));
    const count = simulator.store.reports().filter((r) => r.project === 'margiestravel.com').length;
    const namesIn = (key: QueryKey) => queryClient.getQueryData<Page<Project>>(key)?.items.map((p) => p.name);
    const listsWithIt = queryClient
      .getQueriesData<Page<Project>>({ queryKey: ['projects', 'list'] })
      .filter(([key]) => namesIn(key)?.includes('margiestravel.com'))
      .map(([key]) => key);
    expect(listsWithIt).toHaveLength(2);

    const dialog = await openDeleteDialog(user, 'margiestravel.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Type the project name/ }), 'margiestravel.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(await screen.findByText(`Project deleted with ${count} reports`)).toBeInTheDocument();
    expect(deleteRequests(requests).map((r) => r.url.pathname)).toEqual(['/api/v1/projects/margiestravel.com']);
    expect(simulator.store.reports().some((r) => r.project === 'margiestravel.com')).toBe(false);

    // No cached projects list still has it, even before any refetch has answered.
    // (Both lists that held it are still cached: an empty loop here would prove nothing.)
    for (const key of listsWithIt) {
      expect(namesIn(key)).toEqual(expect.any(Array));
      expect(namesIn(key)).not.toContain('margiestravel.com');
    }
    await screen.findByRole('table', { name: /^Projects, page/ });
    expect(screen.queryByRole('link', { name: 'margiestravel.com' })).not.toBeInTheDocument();

    // The reports list, cached from before, is stale and fetched again when shown: the project's
    // reports are gone from it.
    const searches = () => listRequests('reports').filter((p) => p.toString() === 'search=margiestravel.com').length;
    const reportsBefore = searches();
    await act(() => router.navigate('/reports?search=margiestravel.com'));
    await waitFor(() => expect(searches()).toBe(reportsBefore + 1));
    expect(await screen.findByRole('heading', { name: 'No reports match' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the message when the deletion fails', async () => {
    const { user, simulator, router } = renderApp('/projects/fourthcoffee.com');
    const dialog = await openDeleteDialog(user, 'fourthcoffee.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Type the project name/ }), 'fourthcoffee.com');
    simulator.faults.next({ kind: '500', method: 'DELETE' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Could not delete the project: An unexpected error has occurred/,
    );
    expect(screen.getByRole('dialog', { name: 'Delete project fourthcoffee.com?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Type the project name/ })).toHaveValue('fourthcoffee.com');
    expect(router.state.location.pathname).toBe('/projects/fourthcoffee.com/settings');
    expect(simulator.store.reports().some((r) => r.project === 'fourthcoffee.com')).toBe(true);

    // Trying again works.
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('opens, shows and deletes "a b/ü%" end to end, with the name encoded in the DELETE path', async () => {
    const { user, router, simulator, requests, listRequests } = renderApp('/projects', {
      prepare: addAwkwardProject,
    });
    await user.click(await screen.findByRole('link', { name: AWKWARD }));
    expect(router.state.location.pathname).toBe('/projects/a%20b%2F%C3%BC%25');
    const count = simulator.store.reports().filter((r) => r.project === AWKWARD).length;
    const parts = await screen.findByRole('navigation', { name: 'Parts of the project' });
    await user.click(within(parts).getByRole('link', { name: 'Pages' }));
    const table = await screen.findByRole('table', { name: /^Reports of a b\/ü%, page/ });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(count);
    expect(listRequests('reports').every((p) => p.get('project') === AWKWARD)).toBe(true);

    const dialog = await openDeleteDialog(user, AWKWARD);
    await user.type(within(dialog).getByRole('textbox', { name: /Type the project name/ }), AWKWARD);
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    const [deletion] = deleteRequests(requests);
    expect(deletion?.url.href).toBe('http://api.test/api/v1/projects/a%20b%2F%C3%BC%25');
    expect(await screen.findByText(`Project deleted with ${count} reports`)).toBeInTheDocument();
    expect(simulator.store.reports().some((r) => r.project === AWKWARD)).toBe(false);
    await screen.findByRole('table', { name: /^Projects, page/ });
    expect(screen.queryByRole('link', { name: AWKWARD })).not.toBeInTheDocument();
  });

  it('has no delete button per row of the list; on the project page it is in the last part, its settings', async () => {
    const { user } = renderApp('/projects');
    const table = await screen.findByRole('table', { name: /^Projects, page/ });
    expect(within(table).queryByRole('button', { name: /delete/i })).toBeNull();
    const name = within(table).getAllByRole('link')[0]?.textContent ?? '';
    await user.click(within(table).getByRole('link', { name }));
    await screen.findByRole('heading', { level: 1, name });
    const header = screen.getByRole('heading', { level: 1, name }).parentElement;
    expect(within(header ?? document.body).queryByRole('button', { name: /delete/i })).toBeNull();
    // Not among the issues (the part the project's address shows), nor the pages.
    expect(screen.queryByRole('button', { name: 'Delete project' })).toBeNull();
    const links = within(screen.getByRole('navigation', { name: 'Parts of the project' })).getAllByRole('link');
    expect(links.at(-1)).toHaveAccessibleName('Manage project');
    await user.click(links.at(-1)!);
    expect(await screen.findByRole('button', { name: 'Delete project' })).toBeVisible();
  });
});
