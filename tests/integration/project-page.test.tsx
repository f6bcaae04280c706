import { act, screen, waitFor, within } from '@testing-library/react';
import { ratingOf, type Simulator } from '../../src/simulator';
import {
  addAwkwardProject,
  AWKWARD_PROJECT as AWKWARD,
  AWKWARD_PROJECT_PATH as AWKWARD_PATH,
} from '../fixtures/awkward-project';
import { renderApp } from '../helpers/render-app';

/**
 * A project too large to be read for its audit on a visit (over 1,000 reports): its page shows
 * the service's counts by rating until someone asks for the audit. Smaller ones are read at once.
 */
const LARGE = 'large.example';
function addLargeProject(simulator: Simulator) {
  const { id: _id, ...template } = simulator.store.reports()[0]!;
  for (let i = 0; i < 1001; i += 1) {
    simulator.store.add({ ...template, url: `${LARGE}/page-${i}`, project: LARGE, result: [90, 60, 20][i % 3]! });
  }
}
const PAGES_LEGEND = 'Pages by result (latest run of each)';

function expectedCounts(simulator: Simulator, project: string) {
  const reports = simulator.store.reports().filter((r) => r.project === project);
  const count = (rating: 'good' | 'decent' | 'bad') => reports.filter((r) => ratingOf(r.result) === rating).length;
  return { total: reports.length, good: count('good'), decent: count('decent'), bad: count('bad') };
}

function percent(count: number, total: number) {
  return `${Math.round((count / total) * 100)}%`;
}

async function reportRows(project: string) {
  const table = await screen.findByRole('table', {
    name: new RegExp(`^Reports of ${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, page`),
  });
  return within(table).getAllByRole('row').slice(1);
}

/** Goes to a part of the project's page by its link in the page's navigation. */
async function openPart(user: { click: (element: Element) => Promise<void> }, name: string) {
  const parts = await screen.findByRole('navigation', { name: 'Parts of the project' });
  await user.click(within(parts).getByRole('link', { name }));
}

describe('project page', () => {
  it('shows how the reports of a project not read here split into good / decent / bad, counted by the service', async () => {
    const { simulator, listRequests } = renderApp(`/projects/${LARGE}`, { prepare: addLargeProject });
    expect(await screen.findByRole('heading', { level: 1, name: LARGE })).toBeInTheDocument();
    const expected = expectedCounts(simulator, LARGE);
    // The seed has all three ratings here, and more reports than one page shows.
    expect(expected.good * expected.decent * expected.bad).toBeGreaterThan(0);
    expect(expected.total).toBeGreaterThan(10);

    const legend = await screen.findByRole('list', { name: 'Reports by result' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Good ${expected.good} (${percent(expected.good, expected.total)})`,
      `Decent ${expected.decent} (${percent(expected.decent, expected.total)})`,
      `Bad ${expected.bad} (${percent(expected.bad, expected.total)})`,
    ]);
    expect(screen.getByText('1,001 reports')).toBeInTheDocument();
    // Too large to read without asking: the page offers it.
    expect(screen.getByRole('button', { name: 'Read the project' })).toBeVisible();
    expect(screen.getByText(/1,001 reports: 11 requests of up to 100/)).toBeVisible();

    // One small request per rating (and one for all), not the rows on screen.
    const counts = listRequests('reports').filter((p) => p.get('project') === LARGE && p.has('result'));
    expect(counts.map((p) => p.get('result')).sort()).toEqual(['bad', 'decent', 'good']);
    expect(counts.every((p) => !p.has('page') && (p.get('per_page') ?? '10') === '10')).toBe(true);
  });

  it('sends the count requests in parallel', async () => {
    const { requests } = renderApp(`/projects/${LARGE}`, { simulator: { latencyMs: 600 }, prepare: addLargeProject });
    const countRequests = () =>
      requests.filter((r) => r.url.pathname === '/api/v1/reports' && r.url.searchParams.has('result'));
    // One after another, the second would leave only when the first was answered, 600 ms later.
    // (They leave once the page knows the project is not read on this device: the total's answer.)
    await waitFor(() => expect(countRequests()).toHaveLength(3), { timeout: 1000 });
    expect(screen.queryByRole('list', { name: 'Reports by result' })).not.toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Reports by result' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('refreshes the counts when a report of the project is deleted elsewhere and lists refetch', async () => {
    const { simulator, queryClient } = renderApp(`/projects/${LARGE}`, { prepare: addLargeProject });
    const legend = await screen.findByRole('list', { name: 'Reports by result' });
    const before = expectedCounts(simulator, LARGE);
    const goodOne = simulator.store.reports().find((r) => r.project === LARGE && ratingOf(r.result) === 'good')!;
    simulator.store.remove(goodOne.id);
    // What every reports mutation does.
    await queryClient.invalidateQueries({ queryKey: ['reports', 'list'] });
    await waitFor(() =>
      expect(within(legend).getAllByRole('listitem')[0]).toHaveTextContent(`Good ${before.good - 1} `),
    );
  });

  it("lists the project's reports, with result filter and pages kept in its own address", async () => {
    const { user, router, simulator, listRequests } = renderApp('/projects/shop.fourthcoffee.com/pages');
    expect(await reportRows('shop.fourthcoffee.com')).toHaveLength(10);
    expect(screen.queryByRole('combobox', { name: 'Project' })).not.toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Result' }), 'bad');
    await waitFor(() => expect(router.state.location.search).toBe('?result=bad'));
    expect(router.state.location.pathname).toBe('/projects/shop.fourthcoffee.com/pages');
    const bad = expectedCounts(simulator, 'shop.fourthcoffee.com').bad;
    // The previous rows stay while the filtered ones load: wait for the new ones, not a row count.
    await waitFor(async () => {
      const rows = await reportRows('shop.fourthcoffee.com');
      expect(rows).toHaveLength(Math.min(bad, 10));
      for (const row of rows) expect(within(row).getByText(/^Bad \d+$/)).toBeInTheDocument();
    });

    const sent = listRequests('reports');
    // The project filter is fixed and exact: every list request names it.
    expect(sent.every((p) => p.get('project') === 'shop.fourthcoffee.com')).toBe(true);
  });

  it('handles a name with a space, a slash, a percent sign and non-ASCII, opened from the list', async () => {
    const { user, router, simulator, listRequests } = renderApp('/projects', { prepare: addAwkwardProject });
    const link = await screen.findByRole('link', { name: AWKWARD });
    expect(link).toHaveAttribute('href', AWKWARD_PATH);
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: AWKWARD })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(AWKWARD_PATH);
    await openPart(user, 'Pages');
    expect(router.state.location.pathname).toBe(`${AWKWARD_PATH}/pages`);
    const expected = expectedCounts(simulator, AWKWARD);
    expect(await reportRows(AWKWARD)).toHaveLength(expected.total);
    // Two reports of two pages: read for the audit at once, every page counted.
    const legend = await screen.findByRole('list', { name: PAGES_LEGEND });
    expect(within(legend).getAllByRole('listitem')[0]).toHaveTextContent(`Good ${expected.good} `);
    expect(listRequests('reports').every((p) => p.get('project') === AWKWARD)).toBe(true);

    // The list's own controls keep the encoded path.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest first');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=asc'));
    expect(router.state.location.pathname).toBe(`${AWKWARD_PATH}/pages`);
  });

  // react-router turns a "%2F" inside a decoded param back into "/": the page reads the raw path.
  it('keeps names that look like escapes intact ("%2F", "#", "?")', async () => {
    const name = 'x%2Fy #1?.example';
    const { user, simulator, queryClient, router, listRequests } = renderApp(
      '/projects?sort_by=project&sort=asc&per_page=100',
    );
    await screen.findByRole('table', { name: /^Projects, page/ });
    const template = simulator.store.reports()[0]!;
    simulator.store.add({ ...template, project: name, result: 90 });
    await act(() => queryClient.invalidateQueries({ queryKey: ['projects'] }));

    const link = await screen.findByRole('link', { name });
    expect(link).toHaveAttribute('href', '/projects/x%252Fy%20%231%3F.example');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/projects/x%252Fy%20%231%3F.example');
    await openPart(user, 'Pages');
    expect(router.state.location.pathname).toBe('/projects/x%252Fy%20%231%3F.example/pages');
    expect(await reportRows(name)).toHaveLength(1);
    const legend = await screen.findByRole('list', { name: PAGES_LEGEND });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Good 1 (100%)', 'Decent 0 (0%)', 'Bad 0 (0%)']);
    expect(listRequests('reports').every((p) => p.get('project') === name)).toBe(true);
  });

  it('says so when the project has no reports (e.g. it does not exist), with a way back', async () => {
    const { user, router } = renderApp('/projects/no-such-project.example');
    expect(await screen.findByRole('heading', { name: 'This project has no reports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('shows a failure of the counts with a retry', async () => {
    const { user, simulator } = renderApp(`/projects/${LARGE}`, { prepare: addLargeProject });
    simulator.faults.setRandom({ rate: 1, kinds: ['500'], path: '/api/v1/reports' });
    // (All reports requests fail at first: the counts and the list.)
    // The counts' alert, in the Health section (the list below has its own).
    const health = await screen.findByRole('region', { name: 'Health' });
    const alert = await within(health).findByRole('alert');
    simulator.faults.setRandom(null);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Reports by result' })).toBeInTheDocument();
  });
});
