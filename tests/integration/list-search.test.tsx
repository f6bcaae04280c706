import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../helpers/render-app';

/** Searching as the service stores addresses, and the project filter's combobox, on the wire. */

const searchOf = (router: ReturnType<typeof renderApp>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

function firstStored(simulator: ReturnType<typeof renderApp>['simulator']) {
  const report = simulator.store.reports().find((r) => r.url.includes('/'));
  if (!report) throw new Error('seed has no report with a path');
  return report;
}

describe('URL search', () => {
  it('searches a pasted address without scheme, www. and trailing slash, and shows what was searched', async () => {
    const { user, router, simulator, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    const stored = firstStored(simulator).url;
    const box = await screen.findByRole('searchbox', { name: 'Search URLs' });
    await user.click(box);
    await user.paste(`https://www.${stored}/`);
    await waitFor(() => expect(searchOf(router)).toEqual({ search: stored }));
    // Once searched, the box shows what was searched.
    await waitFor(() => expect(box).toHaveValue(stored));
    await waitFor(() => expect(listRequests('reports').at(-1)?.get('search')).toBe(stored));
    expect(listRequests('reports').some((p) => (p.get('search') ?? '').includes('://'))).toBe(false);
    await waitFor(() => {
      const [, ...rows] = screen.getAllByRole('row');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(within(row).getAllByRole('link')[0]).toHaveTextContent(stored);
    });
  });

  it('searches a typed address as stored once typing ends (Enter), and shows it in the box', async () => {
    const { user, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    const box = await screen.findByRole('searchbox', { name: 'Search URLs' });
    await user.type(box, 'HTTP://www.example.com/{Enter}');
    await waitFor(() => expect(listRequests('reports').at(-1)?.get('search')).toBe('example.com'));
    expect(box).toHaveValue('example.com');
  });

  it('reads an address bar search as stored, and leaves plain words alone', async () => {
    const { listRequests } = renderApp(`/reports?search=${encodeURIComponent('https://www.example.com/blog/')}`);
    await screen.findByRole('searchbox', { name: 'Search URLs' });
    await waitFor(() => expect(listRequests('reports')[0]?.get('search')).toBe('example.com/blog'));
    expect(await screen.findByRole('searchbox', { name: 'Search URLs' })).toHaveValue('example.com/blog');
  });

  it('searches a word as typed', async () => {
    const { user, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    await user.type(await screen.findByRole('searchbox', { name: 'Search URLs' }), 'Blog{Enter}');
    await waitFor(() => expect(listRequests('reports').at(-1)?.get('search')).toBe('Blog'));
  });
});

describe('project combobox', () => {
  it('suggests projects from the projects search and filters by the one picked with the keyboard', async () => {
    const { user, router, simulator, listRequests } = renderApp('/reports');
    await screen.findByRole('table');
    const project = firstStored(simulator).project;
    const part = project.slice(0, 6);
    const box = await screen.findByRole('combobox', { name: 'Project' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, part);
    const list = await screen.findByRole('listbox', { name: 'Projects' });
    await waitFor(() => expect(listRequests('projects').at(-1)?.get('search')).toBe(part));
    const option = await within(list).findByRole('option', { name: project });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    // Down to the project: the box says which option is active, focus stays in the box.
    const options = within(list).getAllByRole('option');
    for (let i = 0; i <= options.indexOf(option); i++) await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ project }));
    await waitFor(() => expect(listRequests('reports').at(-1)?.get('project')).toBe(project));
    expect(box).toHaveValue(project);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks a suggestion with a click; Escape closes the list', async () => {
    const { user, router, simulator } = renderApp('/reports');
    await screen.findByRole('table');
    const project = firstStored(simulator).project;
    const box = await screen.findByRole('combobox', { name: 'Project' });
    await user.type(box, project.slice(0, 4));
    await screen.findByRole('option', { name: project });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox', { name: 'Projects' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: project }));
    await waitFor(() => expect(searchOf(router)).toEqual({ project }));
  });

  it('says when a name matches no project, and offers the projects that contain it', async () => {
    const { user, router, simulator } = renderApp('/reports');
    await screen.findByRole('table');
    const project = firstStored(simulator).project;
    const part = project.slice(0, project.length - 2);
    const box = await screen.findByRole('combobox', { name: 'Project' });
    await user.type(box, `${part}{Escape}{Enter}`);
    await waitFor(() => expect(searchOf(router)).toEqual({ project: part }));
    const hint = await screen.findByText(
      (_, element) => element?.textContent?.startsWith(`No project is named “${part}”`) ?? false,
      {
        selector: 'p',
      },
    );
    expect(box).toHaveAccessibleDescription(expect.stringContaining(`No project is named “${part}”`));
    await user.click(within(hint).getByRole('button', { name: project }));
    await waitFor(() => expect(searchOf(router)).toEqual({ project }));
    await waitFor(() => expect(screen.queryByText(/No project is named/)).not.toBeInTheDocument());
  });
});
