import { act, screen, within } from '@testing-library/react';
import { createSimulator, HOSTILE, UNKNOWN_CHECK_NAME, type ReportRecord } from '../../src/simulator';
import { renderApp } from '../helpers/render-app';

// The seeds are deterministic: a simulator made here holds the same reports as the one renderApp makes.
const seeded = createSimulator().store.reports();
const hostile = createSimulator({ seed: 'hostile' }).store.reports();
function seededReport(predicate: (report: ReportRecord) => boolean, from = seeded): ReportRecord {
  const report = from.find(predicate);
  if (!report) throw new Error('no such seeded report');
  return report;
}

/** The first render of a lazy page compiles its chunk: give it time. */
const PAGE_LOAD = { timeout: 5000 };

/** The text of one fact in the report's description list, e.g. detail('Privacy'). */
function detail(term: string): string {
  const dt = screen.getAllByRole('term').find((el) => el.textContent === term);
  return dt?.nextElementSibling?.textContent ?? '';
}

it('shows the report: URL, project link, rating with score gauge, dates, privacy', async () => {
  const record = seededReport(
    (r) => r.project === 'fourthcoffee.com' && r.privacy === 0 && r.url !== 'fourthcoffee.com',
  );
  const { requests } = renderApp(`/reports/${record.id}`);
  expect(
    await screen.findByRole('heading', { level: 1, name: `Report for ${record.url}` }, PAGE_LOAD),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /^Open page/ })).toHaveAttribute(
    'href',
    expect.stringMatching(/^https:\/\/fourthcoffee\.com\//),
  );
  expect(screen.getByRole('link', { name: 'fourthcoffee.com' })).toHaveAttribute('href', '/projects/fourthcoffee.com');
  const meter = screen.getByRole('meter');
  expect(meter).toHaveAttribute('value', String(record.result));
  expect(meter).toHaveAccessibleName(new RegExp(`^(Good|Decent|Bad) ${record.result} out of 100$`));
  expect(detail('Privacy')).toBe('Public');
  for (const term of ['Generated', 'Created', 'Updated']) expect(detail(term)).toMatch(/ago|yesterday|last|today|now/);
  expect(requests.filter((r) => r.url.pathname === `/api/v1/reports/${record.id}`)).toHaveLength(1);
});

it('groups the checks as the service does, failed first, with titles, importance, values and problems', async () => {
  const record = seededReport(
    (r) => Object.values(r.results).some((c) => !c.passed) && r.results.load_time?.passed === false,
  );
  renderApp(`/reports/${record.id}`);
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  const groups = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent?.split(' (')[0]);
  expect(groups).toEqual(['SEO', 'Performance', 'Security', 'Miscellaneous']);

  const performance = screen.getByRole('region', { name: /^Performance/ });
  const items = within(performance)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('check'));
  const statuses = items.map((li) => (li.classList.contains('check--failed') ? 'failed' : 'passed'));
  expect(statuses).toEqual([...statuses].sort()); // "failed" sorts before "passed"

  const loadTime = within(performance).getByRole('listitem', { name: 'Load time' });
  expect(loadTime).toHaveTextContent('Failed');
  expect(loadTime).toHaveTextContent('High importance');
  expect(loadTime).toHaveTextContent('Too slow: should load within 2 seconds.');
  expect(loadTime).toHaveTextContent(/Found:\s*[\d.]+ seconds/);

  const failed = Object.values(record.results).filter((c) => !c.passed);
  const passed = Object.values(record.results).filter((c) => c.passed);
  expect(screen.getByText(new RegExp(`^${passed.length} passed.*${failed.length} failed`))).toBeInTheDocument();
  const failedHigh = failed.filter((c) => c.importance === 'high').length;
  if (failedHigh > 0)
    expect(screen.getByText(new RegExp(`${failed.length} failed \\(${failedHigh} high`))).toBeInTheDocument();
});

it('shows an unknown check under Other, generically, without breaking the page', async () => {
  const record = seededReport((r) => r.results[UNKNOWN_CHECK_NAME] !== undefined, hostile);
  renderApp(`/reports/${record.id}`, { simulator: { seed: 'hostile' } });
  const other = await screen.findByRole('region', { name: /^Other/ }, PAGE_LOAD);
  const check = within(other).getByRole('listitem', { name: 'Preload hints' });
  expect(check).toHaveTextContent('Low importance');
  expect(check).toHaveTextContent('Unknown code: {"limit":3}');
  expect(check).toHaveTextContent('https://cdn.example');
  expect(check).toHaveTextContent('{"depth":[1,[2,3]]}');
});

it('renders hostile data inert: no javascript: link, markup shown as text', async () => {
  const script = seededReport((r) => r.url === HOSTILE.javascriptUrl, hostile);
  const { container, router } = renderApp(`/reports/${script.id}`, { simulator: { seed: 'hostile' } });
  await screen.findByRole('heading', { level: 1, name: `Report for ${HOSTILE.javascriptUrl}` }, PAGE_LOAD);
  expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
  expect(screen.queryByRole('link', { name: /Open page/ })).not.toBeInTheDocument();

  const markup = seededReport((r) => r.url === `evil.example/${HOSTILE.script}`, hostile);
  await act(() => router.navigate(`/reports/${markup.id}`));
  await screen.findByRole('heading', { level: 1, name: `Report for ${markup.url}` }, PAGE_LOAD);
  expect(screen.getAllByText(HOSTILE.imgOnerror).length).toBeGreaterThan(0);
  expect(screen.getByText(HOSTILE.attributeBreakout)).toBeInTheDocument();
  expect(container.querySelector('img, svg, script')).toBeNull();
  expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
});

it('says so when a report has no results yet', async () => {
  const record = seeded[0];
  if (!record) throw new Error('empty seed');
  const { simulator } = renderApp(`/reports/${record.id}`);
  simulator.store.update(record.id, { results: {} });
  // The store was changed before the first request answered (latency 0 still awaits a tick).
  expect(await screen.findByText(/no results yet/, {}, PAGE_LOAD)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: /^SEO/ })).not.toBeInTheDocument();
});

it('shows "Report not found" for an unknown id, with a way back', async () => {
  const { user, router } = renderApp('/reports/999999');
  expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' }, PAGE_LOAD)).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Back to all reports' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, PAGE_LOAD)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/reports');
});

it('shows other errors with a retry', async () => {
  const record = seeded[1];
  if (!record) throw new Error('empty seed');
  // Start elsewhere: the fault must be queued before the report's request goes out.
  const { simulator, user, router } = renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' }, PAGE_LOAD);
  // Twice: a prefetch that failed before the page mounted is tried once more on mount.
  simulator.faults.next({ kind: '500', method: 'GET', path: `/api/v1/reports/${record.id}` });
  await act(() => router.navigate(`/reports/${record.id}`));
  const alert = await screen.findByRole('alert', {}, PAGE_LOAD);
  expect(alert).toHaveTextContent('The service had a problem');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: `Report for ${record.url}` }, PAGE_LOAD),
  ).toBeInTheDocument();
});

it('shows a loading state while the report loads', async () => {
  const record = seeded[2];
  if (!record) throw new Error('empty seed');
  renderApp(`/reports/${record.id}`, { simulator: { latencyMs: 100 } });
  expect(await screen.findByText('Loading report…', {}, PAGE_LOAD)).toHaveAttribute('role', 'status');
  expect(
    await screen.findByRole('heading', { level: 1, name: `Report for ${record.url}` }, PAGE_LOAD),
  ).toBeInTheDocument();
});
