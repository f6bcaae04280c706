import type { Locator, Page } from '@playwright/test';
import { analyseSelectedAgain, connect, expect, listRows, simulator, test } from './fixtures';

/**
 * The tray never hides the work (issue 27, item 5; docs/decisions/0068). With a job running, and
 * with a finished job that has a failure, at 1280 × 800 and 390 × 844: the last row of a list of
 * 25, scrolled to the bottom, its checkbox and the pages' links take a click where a person sees
 * them, and so does the new-report form's button once focus reaches it. At 1280 a running job's
 * tray is open beside the page: every row in the window takes a click at any scroll position.
 * Screenshots under /tmp.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const STATES = ['running', 'finished with a failure'] as const;

/** What is at the centre of each of `targets` is that one (or inside it): nothing lies over them. */
function uncovered(targets: Locator): Promise<boolean> {
  return targets.evaluateAll(
    (elements) =>
      elements.length > 0 &&
      elements.every((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && (hit === element || element.contains(hit));
      }),
  );
}

// The e2e service's own analysis time (playwright.config.ts), whatever a test left behind.
test.afterEach(() => simulator.config({ analysisDelayMs: 800 }));

const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

for (const viewport of VIEWPORTS) {
  for (const state of STATES) {
    test(`a ${state} job's tray covers no row, control or form at ${viewport.width} px`, async ({ browser }) => {
      test.setTimeout(90_000);
      // A fresh profile: jobs are kept on the device, and another test's would show.
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await connect(page);
      await page.goto('/reports?per_page=25');
      await expect(listRows(page)).toHaveCount(25);
      await expect(page.getByText('No reports selected.')).toBeVisible();

      // The re-analyses either take a minute (running) or one of them meets a server error.
      await simulator.config({ analysisDelayMs: state === 'running' ? 60_000 : 800 });
      if (state !== 'running') await simulator.fault({ kind: '500', method: 'PATCH', path: '/api/v1/reports/*' });
      for (const index of [0, 1, 2]) await listRows(page).nth(index).getByRole('checkbox').check();
      await analyseSelectedAgain(page, 3);
      const tray = page.getByRole('region', { name: /Background jobs/ });
      if (state === 'running' && viewport.width >= 1024) {
        // Open beside the page: its Pause and Cancel in sight, and every row in the window takes a
        // click where it is seen, wherever the page is scrolled, not only at its end.
        await expect(tray.getByRole('heading', { name: /\(1 running\)/ })).toBeVisible();
        await expect(tray.getByRole('progressbar', { name: 'Analyse 3 reports again' })).toBeVisible();
        await expect(tray.getByRole('button', { name: 'Pause Analyse 3 reports again' })).toBeVisible();
        // Polled: while the tray opens beside it, the page narrows and its rows grow taller for a
        // moment (a CI run once counted 3 then).
        const inWindow = () =>
          listRows(page)
            .getByRole('checkbox')
            .filter({ visible: true })
            .evaluateAll(
              (boxes) =>
                boxes.filter((box) => {
                  const rect = box.getBoundingClientRect();
                  return rect.top > 60 && rect.bottom < window.innerHeight;
                }).length,
            );
        await expect.poll(inWindow).toBeGreaterThan(3);
        for (const y of [0, 400, 800]) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          const rows = listRows(page).getByRole('checkbox');
          const covered = await rows.evaluateAll(
            (boxes) =>
              boxes
                .filter((box) => {
                  const rect = box.getBoundingClientRect();
                  // Under the table's sticky header is the page's own doing, not the tray's.
                  return rect.top > 60 && rect.bottom < window.innerHeight;
                })
                .filter((box) => {
                  const rect = box.getBoundingClientRect();
                  const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
                  return hit === null || (hit !== box && !box.contains(hit));
                }).length,
          );
          expect(covered).toBe(0);
        }
        await page.screenshot({ path: `/tmp/tray-running-${viewport.width}-beside.png` });
      } else if (state === 'running') {
        // A narrow window: folded to one line while it runs, which job and how far at a glance.
        await expect(tray.getByRole('heading', { name: /\(1 running\)/ })).toBeVisible();
        await expect(tray.getByText('Analyse 3 reports again:', { exact: true })).toBeVisible();
        await expect(tray.getByRole('button', { name: 'Show background jobs' })).toBeVisible();
      } else {
        // Folded to one line: which job, how far, what failed.
        await expect(tray.getByText('3 of 3 finished · 1 failed')).toBeVisible({ timeout: 20_000 });
        await expect(tray.getByRole('button', { name: 'Show background jobs' })).toBeVisible();
      }

      // Scrolled to the bottom, the last row's checkbox and every part of the pages' controls (where
      // the page is said, the links, "Go to page") are not under the tray.
      const lastBox = listRows(page).nth(24).getByRole('checkbox');
      const pages = page.getByRole('navigation', { name: 'Reports pages' }).locator('a, span, input, button');
      await expect
        .poll(async () => {
          await scrollToBottom(page);
          return (await uncovered(lastBox)) && (await uncovered(pages));
        })
        .toBe(true);
      await page.screenshot({ path: `/tmp/tray-${state.split(' ')[0]}-${viewport.width}-list.png` });
      await lastBox.click();
      await expect(lastBox).toBeChecked();

      // The new-report form: its button, reached by Tab as a person would, is not under the tray.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('link', { name: 'New report' }).first().click();
      const url = page.getByLabel('Page URL');
      await url.fill('tray.example/form');
      await url.focus();
      const submit = page.getByRole('button', { name: 'Analyse page' });
      for (let tabs = 0; tabs < 20 && !(await submit.evaluate((element) => element === document.activeElement)); tabs++)
        await page.keyboard.press('Tab');
      await expect(submit).toBeFocused();
      expect(await uncovered(submit)).toBe(true);
      await expect(tray).toBeVisible();
      await page.screenshot({ path: `/tmp/tray-${state.split(' ')[0]}-${viewport.width}-form.png` });
      await simulator.config({ analysisDelayMs: 800 });
      await submit.click();
      await expect(page.getByRole('heading', { level: 1, name: /^Report for / })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
}
