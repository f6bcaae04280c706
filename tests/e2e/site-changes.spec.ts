import { mkdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * What changed on a project, in a real browser: reached from the project's page, over a year of
 * its runs, at desktop and phone width (nothing wider than the screen), and printed for a client
 * (a PDF without controls; its pages as images when poppler's pdftoppm is there to draw them).
 */

const PROJECT = 'shop.fourthcoffee.com';
const OUT = resolve(import.meta.dirname, '../../test-results/site-changes');
const CHECKS = 'Checks that fail on either date, most important first';

async function openChanges(page: Page) {
  await connect(page);
  await page.goto(`/projects/${PROJECT}`);
  await expect(page.getByRole('table', { name: `Issues of ${PROJECT}, highest impact first` })).toBeVisible();
  await page.getByRole('link', { name: 'What changed in the last 30 days' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `What changed on ${PROJECT}` })).toBeVisible();
  // A year: the demo's runs of this project spread over months.
  const first = page.getByLabel('First date');
  const year = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await first.fill(year);
  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${year}`));
  await expect(page.getByRole('table', { name: CHECKS })).toBeVisible();
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a project's change report at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openChanges(page);
    await expect(page.getByRole('img', { name: `Health of ${PROJECT} over time` })).toBeVisible();
    // A count opens its pages.
    const count = page.getByRole('table', { name: CHECKS }).getByRole('button').first();
    await count.click();
    await expect(count).toHaveAttribute('aria-expanded', 'true');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: `${OUT}/changes-${name}.png`, fullPage: name === 'desktop' });
  });
}

test('a change report printed for the client', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openChanges(page);
  await page.getByRole('button', { name: 'Show as a table' }).click();
  await page.emulateMedia({ media: 'print' });
  // No navigation, no controls: the dates, the figures and the lists (the counts stay, as numbers).
  await expect(page.locator(':not(.change-count) > button:visible')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('table', { name: CHECKS })).toBeVisible();
  await expect(page.getByRole('table', { name: `Health of ${PROJECT} over time, as a table` })).toBeVisible();

  mkdirSync(OUT, { recursive: true });
  const pdf = await page.pdf({ path: `${OUT}/changes.pdf`, format: 'A4', printBackground: true });
  expect(readFileSync(`${OUT}/changes.pdf`).subarray(0, 5).toString()).toBe('%PDF-');
  expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBeGreaterThanOrEqual(1);
  if (spawnSync('pdftoppm', ['-v']).error === undefined) {
    const converted = spawnSync('pdftoppm', ['-r', '60', '-png', `${OUT}/changes.pdf`, `${OUT}/changes-print-page`]);
    expect(converted.status, String(converted.stderr)).toBe(0);
  }
});
