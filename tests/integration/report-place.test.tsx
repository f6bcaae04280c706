import { screen, waitFor, within } from '@testing-library/react';
import { createSimulator, type ReportRecord, type Simulator } from '../../src/simulator';
import { paths } from '../../src/lib/paths';
import { renderApp, TEST_BASE_URL, TEST_KEY } from '../helpers/render-app';

const LOAD = { timeout: 15_000 };
// Journeys through three pages on a machine shared by many: the default 20 s is too tight.
vi.setConfig({ testTimeout: 60_000 });

// The report page is a big chunk: compiled once here, not inside the first test's time limit.
beforeAll(async () => {
  await Promise.all([
    import('../../src/features/report-page/pages/report-page'),
    import('../../src/features/report-list/pages/reports-page'),
    import('../../src/features/project-pages/pages/project-page'),
  ]);
}, 60_000);

// The seed is deterministic: a simulator made here holds the same reports as the one renderApp makes.
const seeded = createSimulator().store.reports();
function seededReport(what: string, predicate: (report: ReportRecord) => boolean): ReportRecord {
  const report = seeded.find(predicate);
  if (!report) throw new Error(`the seed has no ${what}`);
  return report;
}
const runsOf = (report: ReportRecord) =>
  seeded
    .filter((other) => other.url === report.url)
    .sort((a, b) => Date.parse(b.generated_at) - Date.parse(a.generated_at));
/** The reports a search for this report's URL finds (the service searches URLs for the text). */
const matchesOf = (report: ReportRecord) =>
  seeded.filter((other) => other.url.toLowerCase().includes(report.url.toLowerCase()));
/** Checks that failed in the earlier run and pass in the later one. */
const fixedBetween = (earlier: ReportRecord, later: ReportRecord) =>
  Object.keys(later.results).filter(
    (name) => earlier.results[name]?.passed === false && later.results[name]?.passed === true,
  );

interface WireReport {
  id: number;
  url: string;
}

/** A list page straight from the simulator, as the service answers it (not a request of the page). */
async function listAtService(simulator: Simulator, query: string): Promise<WireReport[]> {
  const response = await simulator.fetch(`${TEST_BASE_URL}/api/v1/reports?${query}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${TEST_KEY}` },
  });
  return ((await response.json()) as { data: WireReport[] }).data;
}

function rowLinks(): HTMLElement[] {
  // A project's page also has its audit's tables: the reports list is the one with report links.
  return screen
    .getAllByRole('table')
    .flatMap((table) => within(table).queryAllByRole('link'))
    .filter((a) => a.classList.contains('report-link'));
}

async function openRow(user: ReturnType<typeof renderApp>['user'], index: number, url: string) {
  const link = rowLinks()[index];
  if (!link) throw new Error(`no row ${index}`);
  await user.click(link);
  return screen.findByRole('heading', { level: 1, name: `Report for ${url}` }, LOAD);
}

describe('keeping the analyst’s place in a list view', () => {
  const VIEW = 'result=bad&sort_by=url&sort=asc&page=2';

  it('offers previous and next of that view, across its pages, and back returns to the view at the row', async () => {
    const { user, router, simulator } = renderApp(`/reports?${VIEW}`);
    await screen.findByRole('table', {}, LOAD);
    const page2 = await listAtService(simulator, VIEW);
    const page3 = await listAtService(simulator, 'result=bad&sort_by=url&sort=asc&page=3');
    const [tenth, first, second] = [page2[9]!, page3[0]!, page3[1]!];
    expect(rowLinks().map((a) => a.getAttribute('href'))).toEqual(page2.map((r) => `/reports/${r.id}`));

    await openRow(user, 9, tenth.url);
    const pager = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(pager).getByText(/^20 of \d+$/)).toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: `‹ Previous report: ${page2[8]!.url}` })).toHaveAttribute(
      'href',
      `/reports/${page2[8]!.id}`,
    );

    // The next report is the first of the view's next page.
    const next = await within(pager).findByRole('link', { name: `Next report: ${first.url} ›` }, LOAD);
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/reports/${first.id}`));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^‹ Previous report/ })).toHaveAttribute('href', `/reports/${tenth.id}`),
    );
    // Replaced, not pushed: the browser's back still leads to the list, not through every report.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(screen.getByRole('navigation', { name: 'Reports' })).getByText(/^21 of \d+$/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: `Next report: ${second.url} ›` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/reports/${second.id}`));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^‹ Previous report/ })).toHaveAttribute('href', `/reports/${first.id}`),
    );

    // Back: the view the report is in now (page 3), with the row's link focused.
    await user.click(screen.getByRole('link', { name: '← Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(router.state.location.search).toBe('?result=bad&sort_by=url&sort=asc&page=3');
    // (Until the list has drawn the row, focus is on <main>, which holds every row's text.)
    await waitFor(() => expect(document.activeElement).toHaveAttribute('href', `/reports/${second.id}`));
  });

  it('goes back through the browser’s history when the list is the entry before, to the same row', async () => {
    const { user, router, simulator } = renderApp(`/reports?${VIEW}`);
    await screen.findByRole('table', {}, LOAD);
    const page2 = await listAtService(simulator, VIEW);
    await openRow(user, 4, page2[4]!.url);
    await user.click(screen.getByRole('link', { name: `Next report: ${page2[5]!.url} ›` }));
    // (Runs of one page sit side by side in a list sorted by URL: the id tells them apart.)
    await waitFor(() => expect(router.state.location.pathname).toBe(`/reports/${page2[5]!.id}`));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /^‹ Previous report/ })).toHaveAttribute(
        'href',
        `/reports/${page2[4]!.id}`,
      ),
    );

    await user.click(screen.getByRole('link', { name: '← Back to the list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    // A POP to the list's own history entry: its scroll position is restored by the router.
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.search).toBe(`?${VIEW}`);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('href', `/reports/${page2[5]!.id}`));
  });

  it('without a list view (a shared link, a new tab) offers all reports and no previous / next', async () => {
    const { user, router, simulator } = renderApp('/reports/42');
    await screen.findByRole('heading', { level: 1, name: `Report for ${simulator.store.get(42)?.url}` }, LOAD);
    const pager = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(pager).queryByRole('link', { name: /Previous|Next/ })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('link', { name: '← All reports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(router.state.location.search).toBe('');
  });

  it('after a delete, lands on the view it was opened from, with the row gone and the next row focused', async () => {
    // A project with a second page of at least five reports.
    const { project } = seededReport(
      'project of 15 reports',
      (r) => seeded.filter((other) => other.project === r.project).length >= 15,
    );
    const projectHref = paths.projectPages.getHref(project);
    const { user, router, simulator } = renderApp(`${projectHref}?page=2`);
    await screen.findByRole('table', {}, LOAD);
    const page2 = await listAtService(simulator, `project=${encodeURIComponent(project)}&page=2`);
    const [deleted, following] = [page2[3]!, page2[4]!];
    await openRow(user, 3, deleted.url);

    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(projectHref));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Report deleted')).toBeInTheDocument();
    await waitFor(() => expect(rowLinks().map((a) => a.getAttribute('href'))).not.toContain(`/reports/${deleted.id}`));
    expect(simulator.store.get(deleted.id)).toBeUndefined();
    await waitFor(() => expect(document.activeElement).toHaveAttribute('href', `/reports/${following.id}`));
  });
});

describe('runs of one page', () => {
  it('lists every report of exactly this URL by date, with a trend, and compares with another run per check', async () => {
    // Three to nine runs, an earlier one with checks fixed since, and other addresses that start
    // with this one (so a search for it finds more than its runs, and they sort after them).
    const current = seededReport('page with runs and longer addresses', (r) => {
      const runs = runsOf(r);
      const earlier = runs[runs.indexOf(r) + 1];
      const matches = matchesOf(r);
      return (
        runs.length > 2 &&
        runs.length < 10 &&
        earlier !== undefined &&
        fixedBetween(earlier, r).length > 0 &&
        matches.length > runs.length &&
        matches.every((other) => other.url.startsWith(r.url))
      );
    });
    const { user, listRequests } = renderApp(`/reports/${current.id}`);
    const runs = runsOf(current);
    // Reports whose URL merely contains this one are not runs of it.
    expect(matchesOf(current).some((r) => r.url !== current.url)).toBe(true);

    await screen.findByRole('heading', { level: 1, name: `Report for ${current.url}` }, LOAD);
    const section = await screen.findByRole('region', { name: 'Runs of this page' });
    const table = await within(section).findByRole(
      'table',
      { name: `${runs.length} reports of this address, newest first` },
      LOAD,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(
      runs.map((r) => expect.stringContaining(String(r.result))),
    );
    // Its runs sort before the longer addresses: one page, ending past its runs, is enough.
    expect(listRequests('reports').filter((params) => params.get('search') === current.url)).toHaveLength(1);
    const currentRow = rows[runs.findIndex((r) => r.id === current.id)]!;
    expect(currentRow).toHaveAttribute('aria-current', 'true');
    expect(currentRow).toHaveTextContent('(this report)');
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(runs.filter((r) => r.id !== current.id).map((r) => `/reports/${r.id}`));
    // The trend: one point per run, and a text alternative that names every score.
    const trend = within(section).getByRole('img', { name: /^Score of each run, oldest first:/ });
    expect(trend.querySelectorAll('circle')).toHaveLength(runs.length);
    for (const run of runs) expect(trend).toHaveAccessibleName(expect.stringContaining(`${run.result} on `));

    // Compared by default with the run just before this one.
    const comparison = within(section).getByRole('region', { name: 'Compared with another run' });
    const previous = runs[runs.findIndex((r) => r.id === current.id) + 1]!;
    const select = within(comparison).getByRole('combobox', { name: 'Compare this report with' });
    expect(select).toHaveDisplayValue(new RegExp(`score ${previous.result}$`));
    const delta = current.result - previous.result;
    expect(comparison).toHaveTextContent(
      `Score ${previous.result} → ${current.result} (${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta)})`,
    );
    const { summariseValue, checkTitle } = await import('../../src/lib/checks');
    const changeOf = fixedBetween;
    const rowOf = (title: string) =>
      within(within(comparison).getByRole('table'))
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('rowheader')?.textContent === title);
    const fixed = changeOf(previous, current);
    expect(fixed.length).toBeGreaterThan(0);
    for (const name of fixed) {
      const cells = within(rowOf(checkTitle(name))!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
      expect(cells).toEqual([
        'Fixed',
        `Failed: ${summariseValue(name, previous.results[name]?.value)}`,
        `Passed: ${summariseValue(name, current.results[name]?.value)}`,
      ]);
    }

    // Any other run: the oldest, which comes before.
    const oldest = runs.at(-1)!;
    await user.selectOptions(select, String(oldest.id));
    await waitFor(() =>
      expect(comparison).toHaveTextContent(
        new RegExp(`^Compared with another run.*Score ${oldest.result} → ${current.result}`),
      ),
    );
    for (const name of changeOf(oldest, current))
      expect(within(rowOf(checkTitle(name))!).getAllByRole('cell')[0]).toHaveTextContent('Fixed');
  });

  it('reads the pages of matches one after another only while more runs may follow', async () => {
    // A page no other address contains but as a longer one: its runs come first in URL order.
    const report = seededReport(
      'page with few runs',
      (r) => runsOf(r).length <= 10 && matchesOf(r).every((other) => other.url.startsWith(r.url)),
    );
    const { simulator, listRequests } = renderApp(`/reports/${report.id}`, {
      // More runs of it: thirteen, more than a page of ten.
      prepare: (sim) => {
        const { id: _id, ...run } = sim.store.get(report.id)!;
        for (let day = runsOf(report).length; day < 13; day += 1)
          sim.store.add({ ...run, generated_at: `2026-10-${String(day).padStart(2, '0')}T10:00:00.000000Z` });
      },
    });
    const url = report.url;
    expect(simulator.store.reports().filter((r) => r.url === url)).toHaveLength(13);
    await screen.findByRole('heading', { level: 1 }, LOAD);
    const section = await screen.findByRole('region', { name: 'Runs of this page' });
    const table = await within(section).findByRole('table', { name: '13 reports of this address, newest first' }, LOAD);
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    // Ten a page, sorted by URL: page 1 ends on a run, so page 2 is read too.
    const searches = listRequests('reports').filter((params) => params.get('search') === url);
    expect(searches.map((params) => [params.get('sort_by'), params.get('per_page'), params.get('page')])).toEqual([
      ['url', '10', null],
      ['url', '10', '2'],
    ]);
  });

  it('says so when a page has no other run', async () => {
    const current = seededReport('page with one run', (r) => runsOf(r).length === 1);
    renderApp(`/reports/${current.id}`);
    await screen.findByRole('heading', { level: 1 }, LOAD);
    const section = await screen.findByRole('region', { name: 'Runs of this page' });
    expect(await within(section).findByText(/^This is the only report of/, {}, LOAD)).toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('sharing', () => {
  const shared = seededReport('public report', (r) => r.privacy === 0);

  it('shows the service’s own page of a public report, and copies it', async () => {
    const { user } = renderApp(`/reports/${shared.id}`);
    await screen.findByRole('heading', { level: 1 }, LOAD);
    // The whole page, including what renders just after the first screen.
    await screen.findByRole('region', { name: 'Runs of this page' });
    const address = `${TEST_BASE_URL}/reports/${shared.id}`;
    const link = await screen.findByRole('link', { name: address }, LOAD);
    expect(link).toHaveAttribute('href', address);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(address);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
  });

  it('shows no link for a private report', async () => {
    const { simulator } = renderApp(`/reports/${shared.id}`, {
      prepare: (sim) => sim.store.update(shared.id, { privacy: 1 }),
    });
    await screen.findByRole('heading', { level: 1 }, LOAD);
    expect(simulator.store.get(shared.id)?.privacy).toBe(1);
    expect(screen.getByText(/private, only your account can open it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
