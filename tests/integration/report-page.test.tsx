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
const PAGE_LOAD = { timeout: 15_000 };
// The report page is a big chunk: compiled once here, not inside the first test's time limit.
beforeAll(async () => {
  await import('../../src/features/report-page/pages/report-page');
}, 60_000);

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

it('puts every failed check first, across groups, by importance, with found against expected and how to fix', async () => {
  const record = seededReport(
    (r) =>
      r.results.load_time?.passed === false &&
      Object.values(r.results).some((c) => c.passed) &&
      Object.values(r.results).some((c) => !c.passed && c.importance === 'low'),
  );
  const { user } = renderApp(`/reports/${record.id}`);
  await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
  const issues = screen.getByRole('list', { name: 'Failed checks, most important first' });
  const items = within(issues)
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('check'));
  const failed = Object.entries(record.results).filter(([, c]) => !c.passed);
  expect(items).toHaveLength(failed.length);

  // By importance first, then in the service's group order, whatever group a failure is in.
  const RANK = { High: 0, Medium: 1, Low: 2 } as const;
  const GROUPS = ['SEO', 'Performance', 'Security', 'Miscellaneous', 'Other'];
  const order = items.map((li) => {
    const importance = li.textContent?.match(/(High|Medium|Low) importance/)?.[1] as keyof typeof RANK;
    const group = GROUPS.find((g) => li.querySelector('.check__group')?.textContent === g) ?? '';
    return [RANK[importance], GROUPS.indexOf(group)] as const;
  });
  expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  expect(order[0]?.[0]).toBe(0);
  expect(new Set(order.map(([, group]) => group)).size).toBeGreaterThan(1);

  const loadTime = within(issues).getByRole('listitem', { name: 'Load time' });
  const seconds = record.results.load_time?.value as number;
  expect(loadTime).toHaveTextContent('Failed');
  expect(loadTime).toHaveTextContent('High importance');
  expect(within(loadTime).getByRole('list', { name: 'Found against expected' })).toHaveTextContent(
    `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(seconds)} s, should be under 2 s.`,
  );
  expect(loadTime).toHaveTextContent(/Why it matters\s*Slow pages lose visitors/);
  expect(loadTime).toHaveTextContent(/How to fix\s*Make the page load less/);

  // Passed checks are folded per group, and unfold on request (rendered just after the first screen).
  const passed = await screen.findByRole('region', { name: /^Passed checks/ });
  const seo = within(passed).getByRole('region', { name: 'SEO' });
  const passedSeo = Object.entries(record.results).filter(
    ([name, c]) =>
      c.passed &&
      [
        'title',
        'meta_description',
        'headings',
        'content_keywords',
        'image_keywords',
        'seo_friendly_url',
        '404_page',
        'robots',
        'noindex',
        'in_page_links',
        'language',
        'favicon',
      ].includes(name),
  );
  const toggle = within(seo).getByRole('button', { name: `Show ${passedSeo.length} passed SEO checks` });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(within(seo).queryByRole('listitem')).not.toBeInTheDocument();
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(toggle).toHaveAccessibleName(`Hide ${passedSeo.length} passed SEO checks`);
  expect(
    within(seo)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('check')),
  ).toHaveLength(passedSeo.length);

  const summary = new RegExp(`${failed.length} failed · ${Object.keys(record.results).length - failed.length} passed`);
  expect(screen.getByText(summary)).toBeInTheDocument();
});

it('shows an unknown check among the issues, generically, with readable codes, without breaking the page', async () => {
  const record = seededReport((r) => r.results[UNKNOWN_CHECK_NAME] !== undefined, hostile);
  renderApp(`/reports/${record.id}`, { simulator: { seed: 'hostile' } });
  const issues = await screen.findByRole('list', { name: 'Failed checks, most important first' }, PAGE_LOAD);
  const check = within(issues).getByRole('listitem', { name: 'Preload hints' });
  expect(check).toHaveTextContent('Low importance');
  expect(check).toHaveTextContent('Other');
  expect(check).toHaveTextContent('Unknown code (limit: 3).');
  expect(check).toHaveTextContent('https://cdn.example');
  expect(check).toHaveTextContent('{"depth":[1,[2,3]]}');
  expect(check).toHaveTextContent(/Why it matters\s*This check is new to the dashboard/);
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
  // All of it, including what renders just after the first screen (passed checks, runs).
  await screen.findByRole('region', { name: 'Runs of this page' });
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
  // The runs come in the same pass after the first screen as passed checks would.
  await screen.findByRole('region', { name: 'Runs of this page' });
  expect(screen.queryByRole('region', { name: /^Passed checks/ })).not.toBeInTheDocument();
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
  // The report's answer waits until the loading state was seen: a latency in milliseconds raced
  // the route's code on a busy machine, and the answer came first.
  let release = () => {};
  renderApp(`/reports/${record.id}`, {
    prepare: (_, hold) => {
      release = hold((request) => request.url.pathname === `/api/v1/reports/${record.id}`);
    },
  });
  expect(await screen.findByText('Loading report…', {}, PAGE_LOAD)).toHaveAttribute('role', 'status');
  release();
  expect(
    await screen.findByRole('heading', { level: 1, name: `Report for ${record.url}` }, PAGE_LOAD),
  ).toBeInTheDocument();
});
