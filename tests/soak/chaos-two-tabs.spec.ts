import type { Locator, Page } from '@playwright/test';
import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, simulator, test } from '../e2e/fixtures';

/**
 * The soak run of issue 12 (`npm run chaos`, not part of CI): two tabs of one browser work for
 * CHAOS_MINUTES (default 5) against the simulated service over HTTP, with one request in five
 * failing at random — including writes applied and then cut, HTML 502 pages, 429s and stalls —
 * and the service's own 60-a-minute limit on. Half-way, one tab saves another key (another
 * account). It prints what must never happen (all 0) and the 429s the service sent (< 5).
 */
const MINUTES = Number(process.env.CHAOS_MINUTES ?? 5);
const SECOND_KEY = 'e2e-key-2';
const FAULTS = {
  rate: 0.2,
  kinds: ['500', '502', '503', '429', 'network', 'apply-then-cut', 'stall'],
  seed: Number(process.env.CHAOS_SEED ?? 7),
};
/**
 * With nothing to press and nothing done for this long, the page is a dead end. Past the longest
 * wait the dashboard announces and ends by itself: a stalled store is given up after the 2-minute
 * analysis limit and then looked for during 30 s more (src/api/write-outcomes.ts), all the while
 * saying so; then it says whether the report was created. A minute on top for a loaded machine.
 */
const DEAD_END_MS = 120_000 + 30_000 + 60_000;

interface Counts {
  duplicates: number;
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

async function createReport(page: Page, url: string): Promise<string | null> {
  await page.goto('/reports/new');
  const field = page.getByLabel('Page URL');
  await field.fill(url);
  await page.getByRole('button', { name: 'Analyse page' }).click();
  const ok = await persist(page, page.getByRole('heading', { level: 1, name: /^Report for / }), async () =>
    (await field.isVisible()) ? (await field.inputValue()) === url : true,
  );
  return ok ? new URL(page.url()).pathname : null;
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

async function deleteReport(page: Page): Promise<void> {
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
}

async function work(page: Page, tab: string, until: number, created: string[]) {
  for (let n = 1; Date.now() < until; n += 1) {
    const url = `chaos-${tab}-${n}.example/page`;
    counts.actions += 1;
    const path = await createReport(page, url);
    created.push(url.replace(/\/$/, ''));
    if (!path || Date.now() > until) continue;
    counts.actions += 1;
    await togglePrivacy(page);
    if (n % 2 === 0 && Date.now() < until) {
      counts.actions += 1;
      await deleteReport(page);
    }
  }
}

test('two tabs survive five minutes of faults: no duplicate, dead end, lost input or wrong-account write', async ({
  page,
  context,
}) => {
  test.setTimeout((MINUTES + 8) * 60_000);
  await simulator.config({ validKeys: [E2E_KEY, SECOND_KEY], analysisDelayMs: 800, rateLimitPerMinute: 60 });
  await connect(page);
  const other = await context.newPage();
  await other.goto('/reports');
  await simulator.control('random', FAULTS);

  const until = Date.now() + MINUTES * 60_000;
  const switchAt = Date.now() + (MINUTES * 60_000) / 2;
  const created: string[] = [];
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
  await Promise.all([work(page, 'a', until, created), work(other, 'b', until, created), switcher]);

  await simulator.control('random', null);
  const log = (await fetch(`${SIMULATOR_URL}/__simulator/requests`).then((r) => r.json())) as LoggedRequest[];
  const stats = await simulator.stats();
  // A write sent with the first key after both tabs had the second one is a write to the wrong
  // account (a grace of 2 s for a write already on the wire when the switch happened).
  counts.wrongConnectionWrites = log.filter(
    (entry) => entry.method !== 'GET' && entry.key === E2E_KEY && entry.at > switchedAt + 2_000,
  ).length;
  const injected429 = (stats.faults as { kind: string }[]).filter((fault) => fault.kind === '429').length;
  counts.real429s = Math.max(0, log.filter((entry) => entry.status === 429).length - injected429);

  for (const url of new Set(created)) {
    const page1 = (await fetch(`${SIMULATOR_URL}/api/v1/reports?search=${encodeURIComponent(url)}&per_page=100`, {
      headers: { Authorization: `Bearer ${E2E_KEY}`, Accept: 'application/json' },
    }).then((r) => r.json())) as { data: { url: string }[] };
    const same = page1.data.filter((report) => report.url === url).length;
    if (same > 1) counts.duplicates += same - 1;
  }

  console.log(
    [
      `chaos (${MINUTES} min, two tabs, ${stats.served} requests, ${stats.faults.length} faults injected):`,
      `  duplicates created:        ${counts.duplicates}`,
      `  dead ends:                 ${counts.deadEnds}`,
      `  lost inputs:               ${counts.lostInputs}`,
      `  writes to a wrong account: ${counts.wrongConnectionWrites}`,
      `  429s from the service:     ${counts.real429s} (goal < 5)`,
      `  actions: ${counts.actions}; "Try again" pressed ${counts.pressedTryAgain}, "Check again" ${counts.pressedCheckAgain}`,
      `  steps started again after the other account's key arrived: ${counts.restartedByConnectionChange}`,
    ].join('\n'),
  );
  expect(counts.duplicates).toBe(0);
  expect(counts.deadEnds).toBe(0);
  expect(counts.lostInputs).toBe(0);
  expect(counts.wrongConnectionWrites).toBe(0);
  expect(counts.real429s).toBeLessThan(5);
});
