import type { Locator, Page } from '@playwright/test';
import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, simulator, test } from '../e2e/fixtures';

/**
 * The soak run of issue 12 (`npm run chaos`, not part of CI): two tabs of one browser work for
 * CHAOS_MINUTES (default 5) against the simulated service over HTTP, with one request in five
 * failing at random — including writes applied and then cut, HTML 502 pages, 429s and stalls —
 * and the service's own 60-a-minute limit on. Half-way, one tab saves another key (another
 * account). Issue 27 adds two faults (docs/decisions/0069): every STORE_CUT_EVERY_MS the next
 * store is applied and its connection closed before any byte of the answer, which Chromium sends
 * again by itself on a reused keep-alive connection; and a second client of the same key spends
 * CHAOS_OTHER_CLIENT requests a minute of the limit. Each tab also runs bulk creates (jobs). It
 * prints what must never happen (all 0) and the 429s the dashboard brought on itself (< 5).
 */
const MINUTES = Number(process.env.CHAOS_MINUTES ?? 5);
const SECOND_KEY = 'e2e-key-2';
const FAULTS = {
  rate: 0.2,
  kinds: ['500', '502', '503', '429', 'network', 'apply-then-cut', 'stall'],
  seed: Number(process.env.CHAOS_SEED ?? 7),
};
/** A store cut before its answer (the browser sends it again), queued this often. */
const STORE_CUT_EVERY_MS = 20_000;
/** Requests a minute another client of the same key spends of the service's limit. */
const OTHER_CLIENT_PER_MINUTE = Number(process.env.CHAOS_OTHER_CLIENT ?? 20);
/** The service's limit in this run. */
const LIMIT_PER_MINUTE = 60;
/** Every how many steps of a tab a bulk create (a job) runs, and of how many pages. */
const BULK_EVERY = 3;
const BULK_PAGES = 3;
/**
 * With nothing to press and nothing done for this long, the page is a dead end. Past the longest
 * wait the dashboard announces and ends by itself: a stalled store is given up after the 2-minute
 * analysis limit and then looked for during 30 s more (src/api/write-outcomes.ts), all the while
 * saying so; then it says whether the report was created. A minute on top for a loaded machine.
 */
const DEAD_END_MS = 120_000 + 30_000 + 60_000;

interface Counts {
  duplicates: number;
  duplicatesUnnoticed: number;
  noticesFollowed: number;
  jobItemsFailedFor429: number;
  jobs: number;
  storeCuts: number;
  other429s: number;
  deadEnds: number;
  lostInputs: number;
  wrongConnectionWrites: number;
  real429s: number;
  actions: number;
  pressedTryAgain: number;
  pressedCheckAgain: number;
  restartedByConnectionChange: number;
}

const counts: Counts = {
  duplicates: 0,
  duplicatesUnnoticed: 0,
  noticesFollowed: 0,
  jobItemsFailedFor429: 0,
  jobs: 0,
  storeCuts: 0,
  other429s: 0,
  deadEnds: 0,
  lostInputs: 0,
  wrongConnectionWrites: 0,
  real429s: 0,
  actions: 0,
  pressedTryAgain: 0,
  pressedCheckAgain: 0,
  restartedByConnectionChange: 0,
};

interface LoggedRequest {
  at: number;
  method: string;
  path: string;
  key: string | null;
  status: number;
}

/**
 * Waits until `done` shows; meanwhile presses what the page offers ("Try again", "Check again",
 * "Save my change anyway"), as a person would. `inputIntact` checks nothing typed was lost.
 */
async function persist(
  page: Page,
  done: Locator,
  inputIntact?: () => Promise<boolean>,
  sendAgain?: Locator,
): Promise<boolean> {
  const offers = [
    { button: page.getByRole('button', { name: 'Check again' }), count: () => (counts.pressedCheckAgain += 1) },
    { button: page.getByRole('button', { name: 'Try again' }), count: () => (counts.pressedTryAgain += 1) },
    { button: page.getByRole('button', { name: 'Save my change anyway' }), count: () => undefined },
    { button: page.getByRole('button', { name: 'Retry' }), count: () => undefined },
    // A write that met the service's limit, offered to be sent when it may be.
    { button: page.getByRole('button', { name: /^Send (in \d|when)/ }), count: () => undefined },
    // Where a refused write keeps the form as it was, the person sends it again.
    ...(sendAgain ? [{ button: sendAgain, count: () => (counts.pressedTryAgain += 1) }] : []),
  ];
  const started = Date.now();
  const connectionChanged = page.getByText('The connection was changed in another tab.');
  while (Date.now() - started < DEAD_END_MS) {
    if (await done.isVisible().catch(() => false)) return true;
    // Another tab connected to another account: what this page held was rightly dropped (it must
    // not reach the new account); the person starts this step again, it is not a dead end.
    if (await connectionChanged.isVisible().catch(() => false)) {
      counts.restartedByConnectionChange += 1;
      await page
        .getByRole('button', { name: 'Dismiss' })
        .first()
        .click()
        .catch(() => undefined);
      return false;
    }
    for (const offer of offers) {
      const button = offer.button.first();
      if ((await button.isVisible().catch(() => false)) && (await button.isEnabled().catch(() => false))) {
        if (inputIntact && !(await inputIntact())) counts.lostInputs += 1;
        offer.count();
        await button.click().catch(() => undefined);
        break;
      }
    }
    await page.waitForTimeout(500);
  }
  counts.deadEnds += 1;
  const said = await page
    .getByRole('alert')
    .or(page.getByRole('status'))
    .allInnerTexts()
    .catch(() => []);
  console.log(`dead end at ${new URL(page.url()).pathname}: ${said.join(' | ') || 'no alert, no status'}`);
  return false;
}

/** What the person knows of each page they meant to store once: whether it exists, and any notice. */
interface Intended {
  /** The dashboard showed it created (the report page, or a job's item done). */
  created: boolean;
  /** The person deleted the report the dashboard showed. */
  deleted: boolean;
  /** The dashboard said the service holds a second report of it. */
  noticed: boolean;
}
const intended = new Map<string, Intended>();
const intend = (url: string) => {
  const entry: Intended = { created: false, deleted: false, noticed: false };
  intended.set(url.replace(/\/$/, ''), entry);
  return entry;
};

/** A duplicate notice's way out: "Delete report N" (the report page's own button has no number). */
const noticeDelete = (scope: Page | Locator) => scope.getByRole('button', { name: /^Delete report \d+$/ });

/**
 * Where the dashboard says a page was stored twice, the person deletes the extra report as the
 * notice offers (confirming in its dialog), and the notice counts as seen.
 */
async function followNotices(page: Page, scope: Page | Locator, entry: Intended, waitMs: number): Promise<void> {
  const button = noticeDelete(scope).first();
  const shown = await button
    .waitFor({ timeout: waitMs })
    .then(() => true)
    .catch(() => false);
  if (!shown) return;
  entry.noticed = true;
  for (let tries = 0; tries < 10 && (await button.isVisible().catch(() => false)); tries += 1) {
    await button.click({ timeout: 5_000 }).catch(() => undefined);
    const confirm = page.getByRole('dialog').getByRole('button', { name: /^(Delete report|Check again)$/ });
    await confirm.click({ timeout: 5_000 }).catch(() => undefined);
    await page
      .getByRole('dialog')
      .waitFor({ state: 'hidden', timeout: 30_000 })
      .catch(() => undefined);
  }
  counts.noticesFollowed += 1;
}

async function createReport(page: Page, url: string): Promise<string | null> {
  const entry = intend(url);
  await page.goto('/reports/new');
  const field = page.getByLabel('Page URL');
  await field.fill(url);
  await page.getByRole('button', { name: 'Analyse page' }).click();
  const ok = await persist(page, page.getByRole('heading', { level: 1, name: /^Report for / }), async () =>
    (await field.isVisible()) ? (await field.inputValue()) === url : true,
  );
  if (!ok) return null;
  entry.created = true;
  // The look for a second report is one list read after the store: it may wait for the budget.
  await followNotices(page, page, entry, 5_000);
  return new URL(page.url()).pathname;
}

/**
 * A bulk create of a few pages, as a job, followed on /reports/new until it is finished: items
 * failed for the service's limit are counted, and duplicate notices in the items followed.
 */
async function bulkCreate(page: Page, urls: string[]): Promise<void> {
  const entries = urls.map((url) => [url, intend(url)] as const);
  await page.goto('/reports/new');
  await page.getByRole('button', { name: 'Analyse a list of pages' }).click();
  await page.getByLabel('Page URLs, one per line').fill(urls.join('\n'));
  await page.getByRole('button', { name: `Analyse ${urls.length} pages` }).click();
  counts.jobs += 1;
  const items = page.locator('.bulk-create__progress .job-items > li');
  if (!(await persist(page, page.getByText(/^Finished\. Each page’s result is below\./)))) {
    // Said beside the counts: what the job's items showed when the person stopped following it.
    const said = await page
      .locator('.bulk-create__progress')
      .innerText({ timeout: 1_000 })
      .catch(() => 'no progress on screen');
    console.log(`bulk create not followed to its end (${urls.join(', ')}): ${said.replace(/\s+/g, ' ').slice(0, 600)}`);
    return;
  }
  // Read at once: the list may be drawn again meanwhile, and a locator of a row that went waits for
  // it until the test's end.
  const shown = await items
    .evaluateAll((rows) => rows.map((row) => ({ text: row.textContent ?? '', status: row.dataset.status })))
    .catch(() => []);
  for (const [index, { text, status }] of shown.entries()) {
    // Failed for the service's limit: its words today, or after the queue's last try.
    if (status === 'failed' && /Too many requests|limit was still reached/i.test(text))
      counts.jobItemsFailedFor429 += 1;
    const entry = entries.find(([url]) => text.startsWith(url.replace(/\/$/, '')))?.[1];
    if (!entry) continue;
    if (status === 'done' || status === 'skipped') entry.created = true;
    await followNotices(page, items.nth(index), entry, 500);
  }
}

async function togglePrivacy(page: Page): Promise<void> {
  // The form is folded under the report toolbar's "Privacy: …" button (a new report page folds it).
  const disclosure = page.getByRole('button', { name: /^Privacy: / });
  if ((await disclosure.getAttribute('aria-expanded')) !== 'true') await disclosure.click();
  const privateChoice = page.getByRole('radio', { name: /^Private/ });
  const target = (await privateChoice.isChecked()) ? /^Public/ : /^Private/;
  await page.getByRole('radio', { name: target }).check();
  await page.getByRole('button', { name: 'Save privacy' }).click();
  await persist(
    page,
    page
      .getByText(/^(Privacy saved\.|The connection was lost before the service answered\. The service holds)/)
      .first(),
    () => page.getByRole('radio', { name: target }).isChecked(),
    page.getByRole('button', { name: 'Save privacy' }),
  );
}

async function deleteReport(page: Page, entry: Intended | undefined): Promise<void> {
  const path = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Delete report' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete report' }).click();
  // Done when the page has left the report; "Delete report" in the dialog is safe to press again.
  const started = Date.now();
  while (new URL(page.url()).pathname === path) {
    if (
      await page
        .getByText('The connection was changed in another tab.')
        .isVisible()
        .catch(() => false)
    ) {
      counts.restartedByConnectionChange += 1;
      return;
    }
    if (Date.now() - started > DEAD_END_MS) {
      counts.deadEnds += 1;
      return;
    }
    const again = dialog.getByRole('button', { name: /^(Delete report|Check again)$/ });
    if ((await again.isVisible().catch(() => false)) && (await again.isEnabled().catch(() => false))) {
      if (
        await dialog
          .getByRole('alert')
          .isVisible()
          .catch(() => false)
      )
        counts.pressedTryAgain += 1;
      await again.click().catch(() => undefined);
    }
    await page.waitForTimeout(500);
  }
  if (entry) entry.deleted = true;
}

async function work(page: Page, tab: string, until: number) {
  for (let n = 1; Date.now() < until; n += 1) {
    if (n % BULK_EVERY === 0) {
      counts.actions += 1;
      await bulkCreate(
        page,
        Array.from({ length: BULK_PAGES }, (_, index) => `chaos-${tab}-${n}-bulk-${index + 1}.example/page`),
      );
      continue;
    }
    const url = `chaos-${tab}-${n}.example/page`;
    counts.actions += 1;
    const path = await createReport(page, url);
    if (!path || Date.now() > until) continue;
    counts.actions += 1;
    await togglePrivacy(page);
    if (n % 2 === 0 && Date.now() < until) {
      counts.actions += 1;
      // A notice that came while the privacy changed (its look waits for the budget like any
      // request, a minute after a 429) is on the page the person is about to delete from.
      const entry = intended.get(url);
      if (entry) await followNotices(page, page, entry, 1_000);
      await deleteReport(page, entry);
    }
  }
}

/** Until `until`, queues a store cut before its answer for the next store, every STORE_CUT_EVERY_MS. */
async function cutStores(page: Page, until: number) {
  while (Date.now() < until) {
    await simulator.fault({ kind: 'apply-then-resend', method: 'POST', path: '/api/v1/reports' });
    counts.storeCuts += 1;
    await page.waitForTimeout(Math.min(STORE_CUT_EVERY_MS, Math.max(0, until - Date.now())));
  }
}

test('two tabs survive minutes of faults: no unnoticed duplicate, dead end, lost input or wrong-account write', async ({
  page,
  context,
}) => {
  // After the working minutes each tab ends the step it is in, which may wait for the dashboard
  // to give up on a stalled write twice over (its store, then its delete), and then the counting.
  test.setTimeout(MINUTES * 60_000 + 2 * DEAD_END_MS + 4 * 60_000);
  await simulator.config({
    validKeys: [E2E_KEY, SECOND_KEY],
    analysisDelayMs: 800,
    rateLimitPerMinute: LIMIT_PER_MINUTE,
    // A second client of the same key (a colleague's integration, a cron job) spends part of it.
    otherClientPerMinute: OTHER_CLIENT_PER_MINUTE,
  });
  await connect(page);
  const other = await context.newPage();
  await other.goto('/reports');
  await simulator.control('random', FAULTS);

  const until = Date.now() + MINUTES * 60_000;
  const switchAt = Date.now() + (MINUTES * 60_000) / 2;
  let switchedAt = Number.POSITIVE_INFINITY;
  const switcher = (async () => {
    await page.waitForTimeout(switchAt - Date.now());
    // A third tab saves the second account's key while both working tabs are in the middle of
    // their work (connecting in a working tab would take its page away from its work).
    const settingsTab = await context.newPage();
    switchedAt = Date.now();
    await connect(settingsTab, { key: SECOND_KEY });
    await settingsTab.close();
  })();
  await Promise.all([work(page, 'a', until), work(other, 'b', until), switcher, cutStores(page, until)]);

  await simulator.control('random', null);
  await simulator.config({ otherClientPerMinute: 0 });
  const log = (await fetch(`${SIMULATOR_URL}/__simulator/requests`).then((r) => r.json())) as LoggedRequest[];
  const stats = await simulator.stats();
  // A write sent with the first key after both tabs had the second one is a write to the wrong
  // account (a grace of 2 s for a write already on the wire when the switch happened).
  counts.wrongConnectionWrites = log.filter(
    (entry) => entry.method !== 'GET' && entry.key === E2E_KEY && entry.at > switchedAt + 2_000,
  ).length;
  const injected429 = (stats.faults as { kind: string }[]).filter((fault) => fault.kind === '429').length;
  const served429 = log.filter((entry) => entry.status === 429);
  // A 429 the dashboard brought on itself: the service had let through the limit of its own
  // requests in the minute before. The others came of the second client's share.
  const letThrough = log.filter((entry) => entry.status >= 200 && entry.status < 500 && entry.status !== 429);
  const selfInflicted = served429.filter(
    (refused) =>
      letThrough.filter((entry) => entry.at > refused.at - 60_000 && entry.at <= refused.at).length >= LIMIT_PER_MINUTE,
  ).length;
  counts.real429s = Math.max(0, selfInflicted - injected429);
  counts.other429s = Math.max(0, served429.length - injected429 - counts.real429s);

  // Duplicates: reports of a page beyond the one store the person meant (none once they deleted
  // the one they were shown). Unnoticed: the dashboard never said the page was stored twice.
  const unnoticedPages: string[] = [];
  for (const [url, entry] of intended) {
    const page1 = (await fetch(`${SIMULATOR_URL}/api/v1/reports?search=${encodeURIComponent(url)}&per_page=100`, {
      headers: { Authorization: `Bearer ${E2E_KEY}`, Accept: 'application/json' },
    }).then((r) => r.json())) as { data: { url: string }[] };
    const same = page1.data.filter((report) => report.url === url).length;
    const surplus = Math.max(0, same - (entry.deleted ? 0 : 1));
    counts.duplicates += surplus;
    if (surplus > 0 && !entry.noticed) {
      counts.duplicatesUnnoticed += surplus;
      unnoticedPages.push(`${url} (${same} left${entry.created ? '' : ', never shown created'})`);
    }
  }

  console.log(
    [
      `chaos (${MINUTES} min, two tabs, ${stats.served} requests, ${stats.faults.length} faults injected):`,
      `  duplicates created:        ${counts.duplicates}`,
      `  duplicates left unnoticed: ${counts.duplicatesUnnoticed}`,
      ...unnoticedPages.map((page) => `    ${page}`),
      `  job items failed for a 429: ${counts.jobItemsFailedFor429}`,
      `  dead ends:                 ${counts.deadEnds}`,
      `  lost inputs:               ${counts.lostInputs}`,
      `  writes to a wrong account: ${counts.wrongConnectionWrites}`,
      `  429s from the service:     ${counts.real429s} (goal < 5), and ${counts.other429s} for the second client's share`,
      `  stores cut before their answer: ${counts.storeCuts}; duplicate notices followed: ${counts.noticesFollowed}`,
      `  jobs (bulk creates): ${counts.jobs}; another client of the key: ${OTHER_CLIENT_PER_MINUTE} a minute`,
      `  actions: ${counts.actions}; "Try again" pressed ${counts.pressedTryAgain}, "Check again" ${counts.pressedCheckAgain}`,
      `  steps started again after the other account's key arrived: ${counts.restartedByConnectionChange}`,
    ].join('\n'),
  );
  // A duplicate the dashboard named (its notice links both reports) but whose delete the run did
  // not get to is the person's to delete: issue 27 asks that none is left unnoticed.
  expect(counts.duplicatesUnnoticed).toBe(0);
  expect(counts.jobItemsFailedFor429).toBe(0);
  expect(counts.deadEnds).toBe(0);
  expect(counts.lostInputs).toBe(0);
  expect(counts.wrongConnectionWrites).toBe(0);
  expect(counts.real429s).toBeLessThan(5);
});
