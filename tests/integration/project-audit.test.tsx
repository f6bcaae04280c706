import { act, screen, waitFor, within } from '@testing-library/react';
import { forgetInMemory } from '../../src/features/audit/project-reader';
import type { ReportRecord, Simulator } from '../../src/simulator';
import { useFakeClock } from '../helpers/fake-clock';
import { latestRunsOf } from '../helpers/latest-runs';
import { renderApp, type SeenRequest } from '../helpers/render-app';

// No IndexedDB here (jsdom has none): the audit works from memory and is read again on a reload.

/** Reading and aggregating a project takes a few steps; this machine may be busy. */
const READ = { timeout: 20_000 };
vi.setConfig({ testTimeout: 60_000 });

const PROJECT = 'shop.fourthcoffee.com';

/** The audit worked out independently from the simulator's records. */
function expectedAudit(simulator: Simulator, project: string) {
  const pages = latestRunsOf(simulator, project);
  const failing = new Map<string, ReportRecord[]>();
  for (const page of pages) {
    for (const [name, check] of Object.entries(page.results)) {
      if (!check.passed) failing.set(name, [...(failing.get(name) ?? []), page]);
    }
  }
  const average = pages.reduce((sum, page) => sum + page.result, 0) / pages.length;
  return { pages, failing, average };
}

async function issuesTable() {
  return screen.findByRole('table', { name: `Issues of ${PROJECT}, highest impact first` }, READ);
}

afterEach(() => act(() => forgetInMemory()));

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('the project audit', () => {
  it('reads a small project on the first visit and shows health and issues by impact', async () => {
    const { simulator, listRequests } = renderApp(`/projects/${PROJECT}`);
    const table = await issuesTable();
    const expected = expectedAudit(simulator, PROJECT);

    expect(screen.getByText(String(Math.round(expected.average)), { selector: '.health__number' })).toBeVisible();
    expect(screen.getByRole('link', { name: `${expected.pages.length} pages` })).toHaveAttribute(
      'href',
      `/projects/${PROJECT}/pages?latest=1#project-parts`,
    );
    // Pages whose latest run is over 30 days old, the oldest first behind the link.
    const stale = expected.pages.filter((p) => Date.parse(p.generated_at) < Date.now() - 30 * 86_400_000).length;
    expect(stale).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: `${stale} pages older than 30 days` })).toHaveAttribute(
      'href',
      `/projects/${PROJECT}/pages?sort_by=generated_at&sort=asc&latest=1#project-parts`,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(expected.failing.size);
    // Highest impact first: importance weight (high 3, medium 2, low 1) × pages.
    const weight = { high: 3, medium: 2, low: 1 } as const;
    const impacts = rows.map((row) => Number(within(row).getAllByRole('cell')[4]!.textContent!.replace(/\D/g, '')));
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    const meta = within(table).getByRole('link', { name: 'Meta description' }).closest('tr')!;
    const metaPages = expected.failing.get('meta_description')!.length;
    expect(within(meta).getAllByRole('cell')[3]).toHaveTextContent(
      `${metaPages} (${Math.round((metaPages / expected.pages.length) * 100)}%)`,
    );
    expect(within(meta).getAllByRole('cell')[4]).toHaveTextContent(String(weight.high * metaPages));

    // Read through the list endpoint, 100 a page, newest generated first, once.
    const reads = listRequests('reports').filter((p) => p.get('sort_by') === 'generated_at');
    expect(reads.map(String)).toEqual([`project=${PROJECT}&sort_by=generated_at&sort=desc&per_page=100`]);
    expect(screen.getByText(/This browser keeps no data for this site/)).toBeInTheDocument();
  });

  it('holds the place of the health and the issues while the audit is read, so the pages below do not move', async () => {
    renderApp(`/projects/${PROJECT}`);
    // Before the audit: the health's shape with dashes, and the issues' section waiting.
    const issues = await screen.findByRole('region', { name: 'Issues' });
    expect(issues).toHaveTextContent('The issues are listed once the project’s reports are read.');
    expect(screen.getByText('–', { selector: '.health__number' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Health' })).getByText('Loading the project’s health…'),
    ).toHaveAttribute('role', 'status');
    // Then the audit fills them.
    await issuesTable();
    expect(screen.queryByText('–', { selector: '.health__number' })).not.toBeInTheDocument();
  });

  it('filters issues by group and importance, and exports them as CSV', async () => {
    const { user } = renderApp(`/projects/${PROJECT}`);
    const table = await issuesTable();
    const all = within(table).getAllByRole('row').length - 1;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'Performance');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Importance' }), 'Medium');
    const shown = within(await issuesTable())
      .getAllByRole('row')
      .slice(1);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all);
    for (const row of shown) {
      expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Performance');
      expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Medium');
    }
    expect(screen.getByText(`${shown.length} of ${all} issues`, { exact: false })).toBeInTheDocument();

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:issues';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download these issues (CSV)' }));
    const csv = (await readBlob(blobs[0]!)).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Issue,Check,Group,Importance,Pages affected,Share of pages (%),Impact');
    expect(lines).toHaveLength(shown.length + 1);
    expect(lines[1]).toMatch(/^[^,]+,[a-z_0-9]+,Performance,Medium,\d+,[\d.]+,\d+$/);
  });

  it('opens an issue: the pages failing it, what was found, each leading to its report', async () => {
    const { user, simulator, router } = renderApp(`/projects/${PROJECT}`);
    await user.click(within(await issuesTable()).getByRole('link', { name: 'Meta description' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Meta description on ${PROJECT}` })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/issues/meta_description`);

    const expected = expectedAudit(simulator, PROJECT).failing.get('meta_description')!;
    const table = screen.getByRole('table', { name: /^Pages failing Meta description, page 1 of/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(Math.min(50, expected.length));
    const first = [...expected].sort((a, b) => a.url.localeCompare(b.url))[0]!;
    const row = within(table).getByRole('link', { name: first.url }).closest('tr')!;
    // What was found against what is expected, in the report page's words (lib/checks.ts).
    expect(within(row).getAllByRole('cell')[3]!.textContent).toMatch(
      /^(\d+ characters, should be|No meta description)/i,
    );

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:pages';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download these pages (CSV)' }));
    const lines = (await readBlob(blobs[0]!)).trim().split('\r\n');
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.some((line) => line.startsWith(`${first.url},${first.id},${first.result},`))).toBe(true);

    await user.click(within(row).getByRole('link', { name: first.url }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/reports/${first.id}`);
  });

  it('keeps the issue’s download in its place, disabled, until its pages are known', async () => {
    renderApp(`/projects/${PROJECT}/issues/meta_description`);
    const download = await screen.findByRole('button', { name: 'Download these pages (CSV)' });
    expect(download).toBeDisabled();
    await screen.findByRole('table', { name: /^Pages failing Meta description, page 1 of/ }, READ);
    expect(screen.getByRole('button', { name: 'Download these pages (CSV)' })).toBe(download);
    expect(download).toBeEnabled();
  });

  it('filters the pages list by failing check and latest run, in the address bar', async () => {
    const { user, router, simulator } = renderApp(`/projects/${PROJECT}`);
    await issuesTable();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Parts of the project' })).getByRole('link', { name: 'Pages' }),
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Failing check' }), 'Meta description');
    await waitFor(() => expect(router.state.location.search).toBe('?failing=meta_description'));
    expect(router.state.location.pathname).toBe(`/projects/${PROJECT}/pages`);
    await screen.findByRole('table', { name: /^Reports of shop\.fourthcoffee\.com, failing Meta description, page/ });
    await user.click(screen.getByRole('checkbox', { name: 'Latest run per URL' }));
    await waitFor(() => expect(router.state.location.search).toBe('?failing=meta_description&latest=1'));
    const expected = expectedAudit(simulator, PROJECT).failing.get('meta_description')!;
    const table = await screen.findByRole('table', {
      name: /^Reports of shop\.fourthcoffee\.com, failing Meta description, latest run of each URL, page 1 of/,
    });
    expect(screen.getByRole('navigation', { name: 'Reports of shop.fourthcoffee.com pages' })).toHaveTextContent(
      `1–${Math.min(10, expected.length)} of ${expected.length}`,
    );
    expect(within(table).getAllByRole('row')).toHaveLength(Math.min(10, expected.length) + 1);
  });

  it('says when the project has not been read on this device, with the way to read it', async () => {
    renderApp(`/reports?project=${PROJECT}&failing=meta_description`);
    expect(await screen.findByRole('heading', { name: 'This project has not been read on this device' })).toBeVisible();
    expect(screen.getByRole('link', { name: `Read ${PROJECT}` })).toHaveAttribute('href', `/projects/${PROJECT}`);
  });

  it('drops a failing check it cannot know from the address bar', async () => {
    const { router, simulator } = renderApp(`/projects/${PROJECT}`);
    await issuesTable();
    const pages = expectedAudit(simulator, PROJECT).pages.length;
    for (const failing of ['no_such_check', '<script>']) {
      await act(() => router.navigate(`/reports?project=${PROJECT}&failing=${encodeURIComponent(failing)}&latest=1`));
      // Only the latest-run filter applies: every page, none dropped for the unknown check.
      expect(
        await screen.findByRole('table', {
          name: `Reports, latest run of each URL, page 1 of ${Math.ceil(pages / 10)}`,
        }),
      ).toBeVisible();
      expect(screen.getByRole('combobox', { name: 'Failing check' })).toHaveValue('');
    }
  });

  it('cancels a read: nothing more is sent, nothing is kept, and it can start again', async () => {
    // The project spans two pages of 100: the second one's answer waits until the read is cancelled
    // (with a latency instead, on a busy machine the read could end before the click).
    const isRead = (r: SeenRequest) => r.url.searchParams.get('sort_by') === 'generated_at';
    let release = () => {};
    const { requests } = renderApp(`/projects/${PROJECT}`, {
      simulator: { reportCount: 1000 },
      prepare: (_, hold) => (release = hold((r) => isRead(r) && r.url.searchParams.get('page') === '2')),
    });
    await screen.findByText(/^100 of \d+ reports read$/, undefined, { timeout: 10_000 });
    // What could follow the Cancel (a retry after its back-off) would run on this fake clock.
    const { user, pass } = useFakeClock();
    await user.click(screen.getByRole('button', { name: 'Cancel reading' }));
    expect(
      await screen.findByText(/^Reading stopped after \d+ of \d+ reports\. Nothing of it was kept\.$/),
    ).toBeVisible();
    release();
    const reads = () => requests.filter(isRead);
    const sent = reads().length;
    expect(reads().at(-1)!.signal!.aborted).toBe(true);
    // Long enough for a retry, had the read gone on.
    await pass(3_000);
    expect(reads()).toHaveLength(sent);
    // What the stopped read had shown so far goes with it.
    expect(screen.queryByRole('table', { name: /^Issues of/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Partial:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Read again' }));
    expect(await issuesTable()).toBeVisible();
  });
});
