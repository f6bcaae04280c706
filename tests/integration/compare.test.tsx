import { act, screen, waitFor, within } from '@testing-library/react';
import { clearSelection } from '../../src/features/report-list/selection';
import { checkTitle } from '../../src/lib/checks';
import { createSimulator, type ReportRecord } from '../../src/simulator';
import { renderApp, type SeenRequest } from '../helpers/render-app';

/** Any two reports compared: from a list's selection, from a shared address, and bad addresses. */
const PAGE_LOAD = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

// The seed is deterministic: a simulator made here holds the same reports as the one renderApp makes.
const seeded = createSimulator().store.reports();
/** Two reports on the list's first page (newest first), of different pages, failing different checks. */
function pairWithDifferences(): [ReportRecord, ReportRecord] {
  const firstPage = [...seeded].sort((x, y) => y.id - x.id).slice(0, 10);
  for (const a of firstPage) {
    for (const b of firstPage) {
      if (a.url === b.url) continue;
      const names = Object.keys(a.results).filter((name) => b.results[name]);
      const onlyB = names.some((name) => a.results[name]!.passed && !b.results[name]!.passed);
      const onlyA = names.some((name) => !a.results[name]!.passed && b.results[name]!.passed);
      if (onlyA && onlyB) return [a, b];
    }
  }
  throw new Error('the seed has no such pair');
}
const [A, B] = pairWithDifferences();

const reportReads = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'GET' && /^\/api\/v1\/reports\/[^/]+$/.test(r.url.pathname));

beforeEach(() => clearSelection());

async function comparisonTable() {
  return screen.findByRole('table', { name: 'Every check in A and B, what differs first' }, PAGE_LOAD);
}

describe('comparing two reports', () => {
  it('opens from two reports ticked in the list, without asking the service again', async () => {
    const { user, router, requests } = renderApp('/reports');
    await screen.findByRole('table', { name: /Reports, page 1 of/ }, PAGE_LOAD);
    await screen.findByText('No reports selected.', {}, PAGE_LOAD);
    const table = screen.getByRole('table', { name: /Reports, page 1 of/ });
    const box = (record: ReportRecord) =>
      within(table)
        .getAllByRole('checkbox')
        .find((element) => element.getAttribute('data-select-report') === String(record.id))!;
    await user.click(box(A));
    // One report is not a comparison.
    expect(screen.queryByRole('link', { name: 'Compare these two' })).not.toBeInTheDocument();
    await user.click(box(B));
    const before = requests.length;
    await user.click(await screen.findByRole('link', { name: 'Compare these two' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compare'), PAGE_LOAD);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      a: String(A.id),
      b: String(B.id),
    });

    const rows = within(await comparisonTable())
      .getAllByRole('row')
      .slice(1);
    // The list had both reports' checks: nothing was asked of the service.
    expect(reportReads(requests.slice(before))).toEqual([]);
    // Every check of both, what differs first: outcomes, then values, then the same.
    const names = new Set([...Object.keys(A.results), ...Object.keys(B.results)]);
    expect(rows).toHaveLength(names.size);
    const kinds = rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    const order = ['Fails in B only', 'Fails in A only', 'Different value', 'Only in B', 'Only in A', 'Same in both'];
    expect(kinds.map((kind) => order.indexOf(kind!))).toEqual(
      [...kinds.map((kind) => order.indexOf(kind!))].sort((x, y) => x - y),
    );
    expect(kinds[0]).toBe('Fails in B only');
    const failsInBOnly = Object.keys(A.results).find(
      (name) => A.results[name]!.passed && B.results[name] && !B.results[name]!.passed,
    )!;
    const row = within(rows.find((r) => within(r).getByRole('rowheader').textContent === checkTitle(failsInBOnly))!);
    expect(row.getByText('Fails in B only')).toBeInTheDocument();
    expect(row.getAllByRole('cell')[1]!.textContent).toMatch(/^Passed: /);
    expect(row.getAllByRole('cell')[2]!.textContent).toMatch(/^Failed: /);

    // The score of each side, and the difference.
    expect(within(screen.getByRole('region', { name: 'Report A' })).getByText(A.url)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Report B' })).getByText(B.url)).toBeInTheDocument();
    const delta = B.result - A.result;
    expect(screen.getByText(new RegExp(`^Score ${A.result} → ${B.result}`))).toBeInTheDocument();
    expect(screen.getByText(`(${delta > 0 ? '+' : delta < 0 ? '−' : '±'}${Math.abs(delta)})`)).toBeInTheDocument();

    // Swapped, the same two the other way round.
    await user.click(screen.getByRole('link', { name: 'Swap A and B' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('a')).toBe(String(B.id)));
    // A new pair is a new view: asked again for the region, not kept from before.
    await waitFor(
      () => expect(within(screen.getByRole('region', { name: 'Report A' })).getByText(B.url)).toBeInTheDocument(),
      PAGE_LOAD,
    );
  });

  it('from a shared address, asks for both reports at once', async () => {
    let release = () => {};
    const { requests } = renderApp(`/compare?a=${A.id}&b=${B.id}`, {
      prepare: (_, hold) => {
        release = hold((request) => /^\/api\/v1\/reports\/\d+$/.test(request.url.pathname));
      },
    });
    // Both requests are out before either is answered: one round trip.
    await waitFor(() => expect(reportReads(requests)).toHaveLength(2));
    expect(
      reportReads(requests)
        .map((r) => r.url.pathname)
        .sort(),
    ).toEqual([`/api/v1/reports/${A.id}`, `/api/v1/reports/${B.id}`].sort());
    expect(await screen.findByText('Loading report A…', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('Loading report B…')).toBeInTheDocument();
    act(() => release());
    await comparisonTable();
    expect(reportReads(requests)).toHaveLength(2);
  });

  it.each([
    ['/compare', 'This address names no reports'],
    [`/compare?a=${A.id}`, 'Report B is missing'],
    [`/compare?b=${A.id}&a=`, 'Report A is missing'],
    [`/compare?a=${encodeURIComponent('<script>alert(1)</script>')}&b=${B.id}`, 'Report A is not a report id'],
    [`/compare?a=${A.id}&b=${encodeURIComponent('12/../../settings')}`, 'Report B is not a report id'],
    [`/compare?a=${A.id}&b=${A.id}`, 'The same report twice'],
  ])('%s: says what is wrong with the address and sends nothing', async (path, title) => {
    const { requests } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 2, name: title }, PAGE_LOAD)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose two reports' })).toHaveAttribute('href', '/reports');
    expect(reportReads(requests)).toEqual([]);
    if (title.endsWith('not a report id')) expect(screen.getByText(/cannot be the id of a report/)).toBeVisible();
  });

  it('says which report is gone (404) and still shows the other', async () => {
    renderApp(`/compare?a=${A.id}&b=987654`);
    expect(await screen.findByText('Report B was not found.', {}, PAGE_LOAD)).toBeVisible();
    expect(screen.getByText(/no report 987654/)).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Report A' })).findByText(A.url, {}, PAGE_LOAD),
    ).toBeVisible();
    expect(screen.getByText('The checks are compared once both reports can be read.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when a report cannot be read, and compares once it can', async () => {
    const { user } = renderApp(`/compare?a=${A.id}&b=${B.id}`, {
      prepare: (simulator) =>
        simulator.faults.next({ kind: 'invalid-json', method: 'GET', path: `/api/v1/reports/${A.id}` }),
    });
    const side = await screen.findByRole('region', { name: 'Report A' }, PAGE_LOAD);
    expect(
      await within(side).findByRole('heading', { name: 'The service sent something unexpected' }, PAGE_LOAD),
    ).toBeVisible();
    await user.click(within(side).getByRole('button', { name: 'Try again' }));
    await comparisonTable();
  });
});
