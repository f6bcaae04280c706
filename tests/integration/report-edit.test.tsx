import { act, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { setTransport, type Page, type Report } from '../../src/api';
import { reportQueries } from '../../src/features/reports';
import { createSimulator, type ReportRecord } from '../../src/simulator';
import { dismissToast, toast } from '../../src/components/toast';
import { renderApp, TEST_BASE_URL, TEST_KEY } from '../helpers/render-app';

// Toasts live in a module-level store: clear the ones earlier tests left behind.
beforeEach(() => {
  const last = toast.info('');
  for (let id = 1; id <= last; id += 1) dismissToast(id);
});

/** The first render of a lazy page compiles its chunk: give it time. */
const PAGE_LOAD = { timeout: 15_000 };
// The report page is a big chunk: compiled once here, not inside the first test's time limit.
beforeAll(async () => {
  await import('../../src/features/report-page/pages/report-page');
}, 60_000);

const seeded = createSimulator().store.reports();
/** Newest first, as the default list shows them. */
const firstPage = [...seeded].sort((a, b) => b.id - a.id).slice(0, 10);

function pick(reports: readonly ReportRecord[], predicate: (report: ReportRecord) => boolean): ReportRecord {
  const report = reports.find(predicate);
  if (!report) throw new Error('no such seeded report');
  return report;
}

function detail(term: string): string {
  const dt = screen.getAllByRole('term').find((el) => el.textContent === term);
  return dt?.nextElementSibling?.textContent ?? '';
}

/** Every cached list page's copy of one report. */
function cachedInLists(queryClient: QueryClient, id: number): Report[] {
  return queryClient
    .getQueriesData<Page<Report>>({ queryKey: reportQueries.lists() })
    .flatMap(([, page]) => page?.items ?? [])
    .filter((report) => report.id === String(id));
}

/** Privacy is edited in place, under its button in the report's toolbar. */
async function openPrivacy(user: ReturnType<typeof renderApp>['user']) {
  const button = screen.getByRole('button', { name: /^Privacy: / });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  // The form's code loads when the page is idle or, as here, at the first opening.
  await screen.findByRole('button', { name: 'Save privacy' });
}

/** The privacy every cached list copy of a report shows (the list page's, the runs list's), once each. */
function privacyInLists(queryClient: QueryClient, id: number): string[] {
  return [...new Set(cachedInLists(queryClient, id).map((r) => r.privacy))];
}

/** Starts on the list (so a list page is cached) and opens one report from it. */
async function openFromList(record: ReportRecord) {
  const app = renderApp('/reports');
  const table = await screen.findByRole('table', {}, PAGE_LOAD);
  const link = within(table)
    .getAllByRole('link', { name: record.url })
    .find((a) => a.getAttribute('href') === `/reports/${record.id}`);
  if (!link) throw new Error('report not on the first page');
  await app.user.click(link);
  await screen.findByRole('heading', { level: 1, name: `Report for ${record.url}` }, PAGE_LOAD);
  return app;
}

describe('privacy and password', () => {
  it('shows the change at once in the page and in cached lists, and saves it', async () => {
    const record = pick(firstPage, (r) => r.privacy === 0);
    const { user, queryClient, simulator, requests, hold } = await openFromList(record);
    await openPrivacy(user);
    expect(detail('Privacy')).toBe('Public');
    // The answer waits while the optimistic state is looked at (a latency would race a busy machine).
    const release = hold((r) => r.method === 'PATCH');
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    await waitFor(() => expect(detail('Privacy')).toBe('Private'));
    expect(privacyInLists(queryClient, record.id)).toEqual(['private']);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    release();
    expect(await screen.findByText('Privacy saved.')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`/api/v1/reports/${record.id}`);
    expect(new URLSearchParams(patch?.body).toString()).toBe('privacy=1');
    expect(simulator.store.get(record.id)?.privacy).toBe(1);
    expect(screen.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
  });

  it('rolls the optimistic change back with a clear message when the service refuses (403)', async () => {
    const record = pick(firstPage, (r) => r.privacy === 0);
    const { user, queryClient, simulator, hold } = await openFromList(record);
    await openPrivacy(user);
    const release = hold((r) => r.method === 'PATCH');
    simulator.faults.next({ kind: '403', method: 'PATCH' });
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    await waitFor(() => expect(detail('Privacy')).toBe('Private'));
    expect(privacyInLists(queryClient, record.id)).toEqual(['private']);
    release();

    const form = screen.getByRole('form', { name: 'Privacy and password' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      /not changed: not allowed\. You don't have access to this feature\..*previous setting/,
    );
    expect(detail('Privacy')).toBe('Public');
    expect(privacyInLists(queryClient, record.id)).toEqual(['public']);
    expect(simulator.store.get(record.id)?.privacy).toBe(0);
    // What was chosen stays chosen, so saving again is one click.
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save privacy' })).toBeEnabled();
  });

  it('asks for a password only for "password", requires it when none is set, and sends it', async () => {
    const record = pick(seeded, (r) => r.privacy === 0);
    const { user, requests, simulator } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await openPrivacy(user);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Password/ }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Enter a password'));
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.type(password, 's3cret pass');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText('Privacy saved.')).toBeInTheDocument();
    const body = new URLSearchParams(requests.find((r) => r.method === 'PATCH')?.body);
    expect(Object.fromEntries(body)).toEqual({ privacy: '2', password: 's3cret pass' });
    expect(simulator.store.get(record.id)).toMatchObject({ privacy: 2, password: true });
    expect(detail('Privacy')).toBe('Password (a password is set)');
    // Write-only: never shown again.
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('keeps an existing password when the field is left empty, and sends a new one only when typed', async () => {
    const record = pick(seeded, (r) => r.privacy === 2 && r.password);
    const { user, requests } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await openPrivacy(user);
    expect(detail('Privacy')).toBe('Password (a password is set)');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Leave this empty to keep it'));
    // Nothing changed: nothing to save.
    expect(screen.getByRole('button', { name: 'Save privacy' })).toBeDisabled();
    await user.type(password, 'new one');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    expect(await screen.findByText('Privacy saved.')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(requests.find((r) => r.method === 'PATCH')?.body))).toEqual({
      privacy: '2',
      password: 'new one',
    });
  });

  it('puts the framework-shaped 422 ({message, errors}) on its field', async () => {
    const record = pick(seeded, (r) => r.privacy === 0);
    const { user, simulator } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await openPrivacy(user);
    // A service version with a password rule answers in the framework's own shape.
    setTransport({
      baseUrl: TEST_BASE_URL,
      apiKey: TEST_KEY,
      fetch: (input, init) =>
        init?.method === 'PATCH'
          ? Promise.resolve(
              new Response(
                JSON.stringify({
                  message: 'The given data was invalid.',
                  errors: { password: ['The password must be at least 8 characters.'] },
                }),
                {
                  status: 422,
                  headers: { 'Content-Type': 'application/json' },
                },
              ),
            )
          : simulator.fetch(input, init),
    });
    await user.click(screen.getByRole('radio', { name: /^Password/ }));
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining('The password must be at least 8 characters.'),
      ),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveValue('short');
    expect(detail('Privacy')).toBe('Public');
  });

  it('says what a 422 holds for a field the form does not have', async () => {
    const record = pick(seeded, (r) => r.privacy === 0);
    const { user, simulator } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    setTransport({
      baseUrl: TEST_BASE_URL,
      apiKey: TEST_KEY,
      fetch: (input, init) =>
        init?.method === 'PATCH'
          ? Promise.resolve(Response.json({ message: { owner: ['Only the owner may change this.'] } }, { status: 422 }))
          : simulator.fetch(input, init),
    });
    await openPrivacy(user);
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('button', { name: 'Save privacy' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The privacy was not changed. Only the owner may change this.');
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
  });

  it('asks before leaving with unsaved changes', async () => {
    const record = pick(seeded, (r) => r.privacy === 0);
    const { user, router } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await openPrivacy(user);
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    await user.click(screen.getByRole('link', { name: 'Reports' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(`/reports/${record.id}`);
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Reports' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });

  it('registers a beforeunload prompt only while there are unsaved changes', async () => {
    const record = pick(seeded, (r) => r.privacy === 0);
    const { user } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    await openPrivacy(user);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(unload()).toBe(false);
  });
});

describe('re-analysis', () => {
  const LOW = ['favicon', 'social', 'inline_css', 'deprecated_html_tags'];
  it('shows a pending state, then the new results and what changed, both ways', async () => {
    // Low-importance checks are never flipped by the simulated re-analysis: flipping two of them
    // in the store first makes one "now passing" and one "now failing" certain.
    const record = pick(
      seeded,
      (r) => LOW.some((n) => r.results[n]?.passed) && LOW.some((n) => r.results[n]?.passed === false),
    );
    const willFail = LOW.find((n) => record.results[n]?.passed) ?? '';
    const willPass = LOW.find((n) => record.results[n]?.passed === false) ?? '';
    const { user, simulator, queryClient } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    const before = record.results;
    const flip = (name: string) => ({
      ...before[name]!,
      passed: !before[name]!.passed,
      errors: before[name]!.passed ? { failed: null } : undefined,
    });
    simulator.store.update(record.id, {
      results: { ...before, [willFail]: flip(willFail), [willPass]: { ...flip(willPass), errors: undefined } },
    });
    simulator.options.analysisDelayMs = 150;

    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));
    expect(screen.getByRole('button', { name: 'Re-analysing…' })).toBeDisabled();
    expect(
      screen.getByText(/Re-analysing… This usually takes a few seconds and can take up to 2 minutes\. You can leave/),
    ).toBeInTheDocument();

    const changes = await screen.findByRole(
      'region',
      { name: 'What changed since the previous analysis' },
      { timeout: 3000 },
    );
    const after = simulator.store.get(record.id);
    if (!after) throw new Error('report gone');
    const delta = after.result - record.result;
    const scoreChange = `Score ${record.result} → ${after.result} (${delta > 0 ? '+' : '−'}${Math.abs(delta)})`;
    expect(changes).toHaveTextContent(scoreChange);

    // Each changed check with its change, and its outcome and value before and after.
    const rows = new Map(
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((row) => {
          const [change, before, later] = within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent);
          return [within(row).getByRole('rowheader').textContent, { change, before, after: later }];
        }),
    );
    const { checkTitle, summariseValue } = await import('../../src/lib/checks');
    const flipped = (passedNow: boolean) =>
      Object.keys(after.results)
        .filter((n) => before[n]?.passed === !passedNow && after.results[n]?.passed === passedNow)
        .map((name) => checkTitle(name))
        .sort();
    const titlesOf = (change: string) =>
      [...rows]
        .filter(([, row]) => row.change === change)
        .map(([title]) => title)
        .sort();
    expect(titlesOf('Fixed')).toEqual(flipped(true));
    expect(titlesOf('Newly failing')).toEqual(flipped(false));
    expect(rows.get(checkTitle(willPass))).toEqual({
      change: 'Fixed',
      before: `Failed: ${summariseValue(willPass, before[willPass]?.value)}`,
      after: `Passed: ${summariseValue(willPass, after.results[willPass]?.value)}`,
    });
    expect(rows.get(checkTitle(willFail))?.change).toBe('Newly failing');
    // The same news under the score, with the way to the details.
    expect(screen.getByText(/^Since the previous analysis/)).toHaveTextContent(
      `score ${record.result} → ${after.result} (${delta > 0 ? '+' : '−'}${Math.abs(delta)}), ${flipped(true).length} fixed, ${flipped(false).length} newly failing.`,
    );
    // The page shows the new run.
    expect(screen.getByRole('meter')).toHaveAttribute('value', String(after.result));
    expect(queryClient.getQueryData(reportQueries.detail(String(record.id)).queryKey)?.score).toBe(after.result);
  });

  it('keeps the previous results and offers a retry when re-analysis fails', async () => {
    const record = pick(seeded, () => true);
    const { user, simulator } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    simulator.faults.next({ kind: '500', method: 'PATCH' });
    await user.click(screen.getByRole('button', { name: 'Re-analyse page' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The re-analysis failed.');
    expect(screen.getByRole('meter')).toHaveAttribute('value', String(record.result));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'What changed since the previous analysis' })).toBeInTheDocument();
  });
});

describe('delete', () => {
  it('opens at once once the pointer has come to its button, closes, and opens again (focus: e2e day.spec)', async () => {
    const { user } = await openFromList(firstPage[2]!);
    const button = screen.getByRole('button', { name: 'Delete report' });
    // Its code is fetched as the pointer comes: the first click finds it there (the first test
    // here to open this dialog).
    await user.hover(button);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete this report?' })).not.toBeInTheDocument();
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Delete this report?' })).toBeInTheDocument();
  });

  it('confirms with the URL, deletes, goes to the list without the row, and forgets the report', async () => {
    const record = firstPage[3]!;
    const { user, simulator, queryClient, requests, hold } = await openFromList(record);
    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    expect(dialog).toHaveTextContent(record.url);
    // The answers wait for the test: the delete's, then the list refetch's that follows it, to see
    // the cached page without the row before it lands.
    const releaseDelete = hold((r) => r.method === 'DELETE');
    const releaseList = hold((r) => r.method === 'GET' && r.url.pathname === '/api/v1/reports');
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    releaseDelete();

    const table = await screen.findByRole('table', {}, PAGE_LOAD);
    expect(screen.getByText('Report deleted')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(10); // header + 9: the row is gone from the cache at once
    expect(within(table).queryByRole('link', { name: record.url })).not.toBeInTheDocument();
    releaseList();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11));
    expect(within(screen.getByRole('table')).queryByRole('link', { name: record.url })).not.toBeInTheDocument();

    expect(simulator.store.get(record.id)).toBeUndefined();
    expect(queryClient.getQueryData(reportQueries.detail(String(record.id)).queryKey)).toBeUndefined();
    const deleteAt = requests.findIndex((r) => r.method === 'DELETE');
    expect(requests.slice(deleteAt + 1).some((r) => r.url.pathname === `/api/v1/reports/${record.id}`)).toBe(false);
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    const record = seeded[5]!;
    const { user, simulator, router } = renderApp(`/reports/${record.id}`);
    await screen.findByRole('heading', { level: 1 }, PAGE_LOAD);
    simulator.faults.next({ kind: '500', method: 'DELETE' });
    await user.click(screen.getByRole('button', { name: 'Delete report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /It was not deleted\. The service had a problem/,
    );
    expect(router.state.location.pathname).toBe(`/reports/${record.id}`);
    expect(simulator.store.get(record.id)).toBeDefined();
    await act(async () => {});
  });
});
