import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { connect, expect, listRows, publicReportRows, reportLinkIn, test } from './fixtures';

/**
 * A working day by keyboard and on a phone (issue 16), in Chromium: focus after each navigation
 * and dialog, the shortcuts, and the phone's report cards (screenshots in docs/screenshots/).
 */
const SHOTS = resolve(import.meta.dirname, '../../docs/screenshots');
const PHONE = { width: 390, height: 844 };

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active === document.body ? '<body>' : `${active?.tagName.toLowerCase()}: ${active?.textContent?.trim()}`;
  });

/** The shortcuts load after the first paint: `?` works once they are here. */
async function shortcutsReady(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(async () => {
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('focus never lands on <body>: paging, back to the list, saving privacy, closing a dialog', async ({ page }) => {
  await connect(page);
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  const pages = page.getByRole('navigation', { name: 'Reports pages' });
  const status = await pages.getByText(/^Page 1 of \d+/).textContent();
  const last = Number(/of (\d+)/.exec(status ?? '')?.[1]);
  await pages.getByRole('spinbutton', { name: 'Go to page' }).fill(String(last - 1));
  await pages.getByRole('spinbutton', { name: 'Go to page' }).press('Enter');
  await expect(pages.getByText(`Page ${last - 1} of ${last}`)).toBeVisible();
  await pages.getByRole('link', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(pages.getByText(`Page ${last} of ${last}`)).toBeVisible();
  await expect.poll(() => focusedText(page)).toMatch(new RegExp(`^p: Page ${last} of ${last}`));

  // Open a public report by keyboard, then come back: focus is on that row's link.
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  const row = publicReportRows(page).first();
  const url = (await reportLinkIn(row).textContent()) ?? '';
  await reportLinkIn(row).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Report for ${url}` })).toBeVisible();

  // Saving privacy (edited in place, under its button) disables the button that had focus:
  // focus goes to the form's heading.
  await page.getByRole('button', { name: /^Privacy: Public/ }).click();
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('button', { name: 'Save privacy' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Privacy saved.')).toBeVisible();
  await expect.poll(() => focusedText(page)).toBe('h2: Privacy');

  // The report's delete dialog (its code loads on this first ask), cancelled: focus back on its button.
  await page.getByRole('button', { name: 'Delete report' }).click();
  const deleteReport = page.getByRole('dialog', { name: 'Delete this report?' });
  await deleteReport.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteReport).toBeHidden();
  await expect.poll(() => focusedText(page)).toBe('button: Delete report');

  await page.goBack();
  await expect(listRows(page)).toHaveCount(10);
  await expect.poll(() => focusedText(page)).toBe(`a: ${url}`);

  // The project page's delete dialog, cancelled: focus back on its button.
  await page.goto('/projects/shop.fourthcoffee.com/settings');
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete project shop.fourthcoffee.com?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => focusedText(page)).toBe('button: Delete project');
});

test('the shortcuts, by keyboard only', async ({ page }) => {
  await connect(page);
  await page.goto('/reports');
  await expect(listRows(page)).toHaveCount(10);
  // `]` and `[` follow the pages' links, which come once the first rows are on screen.
  await expect(page.getByRole('navigation', { name: 'Reports pages' })).toBeVisible();
  await shortcutsReady(page);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const second = (await reportLinkIn(listRows(page).nth(1)).textContent()) ?? '';
  await expect.poll(() => focusedText(page)).toBe(`a: ${second}`);
  await page.keyboard.press('k');
  await page.keyboard.press(']');
  await expect(page).toHaveURL(/\?page=2$/);
  // `[` follows the page's "Previous" link, which page 2 has once it is on screen (the address
  // changes first).
  await expect(page.getByRole('link', { name: 'Previous', exact: true })).toBeVisible();
  await page.keyboard.press('[');
  await expect(page).toHaveURL(/\/reports$/);
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search URLs' })).toBeFocused();
  await page.keyboard.type('g p');
  await expect(page).toHaveURL(/\/reports(\?search=g\+p)?$/);
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { level: 1, name: 'Reports' }).click();
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/projects$/);
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, colorScheme: 'light', locale: 'en-GB', timezoneId: 'Europe/London' });

  test('report cards are two lines, at least four on one screen; dialogs fit the screen', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-11-02T09:30:00Z'));
    await connect(page);
    await page.goto('/reports');
    await expect(listRows(page)).toHaveCount(10);
    const heights = await listRows(page).evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    for (const height of heights) expect(height).toBeLessThan(80);
    const onScreen = await listRows(page).evaluateAll(
      (rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    await page.evaluate(() => window.scrollTo(0, document.querySelector('table')?.getBoundingClientRect().top ?? 0));
    const inOneScreen = await listRows(page).evaluateAll(
      (rows) =>
        rows.filter((row) => row.getBoundingClientRect().top >= 0 && row.getBoundingClientRect().bottom <= innerHeight)
          .length,
    );
    expect(inOneScreen).toBeGreaterThanOrEqual(4);
    expect(onScreen).toBeGreaterThanOrEqual(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/reports-cards-phone.png`, animations: 'disabled', caret: 'hide' });

    await shortcutsReady(page);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    const box = await help.boundingBox();
    expect(
      box && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height,
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/shortcuts-dialog-phone.png`, animations: 'disabled', caret: 'hide' });
  });
});
