import { act, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import { ratingOf } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => act(() => forgetInMemory()));

const section = (name: string) => screen.getByRole('region', { name });

describe('the account overview at /', () => {
  it('shows the figures the service gives, each linking to the view behind it, from a few requests', async () => {
    // The background read of a fresh device (tests/integration/overview-fresh-device.test.tsx) waits.
    const { simulator, listRequests } = renderApp('/', {
      prepare: (_, hold) => void hold((request) => request.url.searchParams.has('project')),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    const reports = simulator.store.reports();

    // Reports by rating: list totals.
    const total = await within(section('Reports by rating')).findByRole('link', { name: `${reports.length} reports` });
    expect(total).toHaveAttribute('href', '/reports');
    const tiles = within(section('Reports by rating')).getByRole('list', { name: 'Reports by rating' });
    for (const [rating, label] of [
      ['good', 'Good'],
      ['decent', 'Decent'],
      ['bad', 'Bad'],
    ] as const) {
      const count = reports.filter((r) => ratingOf(r.result) === rating).length;
      const link = await within(tiles).findByRole('link', {
        name: new RegExp(`^${label} ${count} ${Math.round((count / reports.length) * 100)}%$`),
      });
      expect(link).toHaveAttribute('href', `/reports?result=${rating}`);
    }

    // Projects by health: the projects list's sums, lowest average first.
    const projects = simulator.store
      .projects()
      .map((p) => ({ name: p.project, average: Math.round(Number(p.result) / p.reports), reports: p.reports }))
      .sort((a, b) => a.average - b.average || a.name.localeCompare(b.name));
    const table = await within(section('Projects by health')).findByRole('table', {
      name: 'Projects by health, lowest first',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(Math.min(10, projects.length));
    const lowest = projects[0]!;
    expect(within(rows[0]!).getByRole('link', { name: lowest.name })).toHaveAttribute(
      'href',
      `/projects/${encodeURIComponent(lowest.name)}`,
    );
    expect(within(rows[0]!).getByText(new RegExp(` ${lowest.average}$`))).toBeVisible();
    expect(within(rows[0]!).getByRole('link', { name: `${lowest.reports} reports of ${lowest.name}` })).toHaveAttribute(
      'href',
      `/reports?project=${encodeURIComponent(lowest.name).replace(/%20/g, '+')}`,
    );

    // Recently generated: newest first.
    const newest = [...reports].sort((a, b) =>
      a.generated_at === b.generated_at ? b.id - a.id : a.generated_at < b.generated_at ? 1 : -1,
    )[0]!;
    const recent = within(section('Recently generated')).getAllByRole('listitem');
    expect(within(recent[0]!).getByRole('link', { name: newest.url })).toHaveAttribute('href', `/reports/${newest.id}`);

    // Nothing read on this device yet: one message, not three parts that say so.
    expect(await screen.findByText(/^Reading this account’s projects in the background: 0 of /)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'No project read on this device yet' })).toBeNull();

    // Totals and a page of projects: never the reports themselves, 100 at a time (the background
    // read asks for each project's, on its own).
    await waitFor(() => expect(listRequests('projects')).toHaveLength(1));
    expect(
      listRequests('reports')
        .filter((query) => !query.has('project'))
        .map(String)
        .sort(),
    ).toEqual(['result=bad', 'result=decent', 'result=good', 'sort_by=generated_at&sort=desc'].sort());
    expect(listRequests('projects').map(String)).toEqual(['per_page=100']);
  });

  it('shows the most common issues of the projects read here, leading to the pages failing them', async () => {
    const { user, router } = renderApp('/projects/shop.fourthcoffee.com');
    await screen.findByRole('table', { name: 'Issues of shop.fourthcoffee.com, highest impact first' }, READ);
    await act(() => router.navigate('/projects/docs.contoso.com'));
    const docs = await screen.findByRole('table', { name: 'Issues of docs.contoso.com, highest impact first' }, READ);
    expect(docs).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });

    // Looked for in the section as it is at each look: the part moves after the account's figures
    // once this visit knows it reads them, and a moved part is a new element.
    const issues = await waitFor(
      () =>
        within(section('Most common issues')).getByRole('table', {
          name: 'Most common issues, most failing pages first',
        }),
      READ,
    );
    expect(within(section('Most common issues')).getByText(/Across the 2 projects read on this device/)).toBeVisible();
    const first = within(issues).getAllByRole('row')[1]!;
    const link = within(first).getAllByRole('link')[0]!;
    const pages = Number(within(first).getAllByRole('cell')[1]!.textContent);
    expect(within(first).getAllByRole('cell')[2]).toHaveTextContent('2');
    const check = new URL(link.getAttribute('href')!, 'http://x').searchParams.get('failing');
    expect(link.getAttribute('href')).toBe(`/reports?failing=${check}&latest=1`);

    await user.click(link);
    const list = await screen.findByRole('table', { name: /^Reports, failing .+, latest run of each URL, page 1 of/ });
    expect(list).toBeVisible();
    // The same pages the overview counted, across both projects.
    expect(screen.getByRole('navigation', { name: 'Reports pages' })).toHaveTextContent(`of ${pages}`);
    expect(screen.getByText(/From the 2 projects read on this device/)).toBeVisible();
  });
});
