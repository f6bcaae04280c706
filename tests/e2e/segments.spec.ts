import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * Segments in a real browser: two defined on a project's page (the live count as the pattern is
 * typed), the audit narrowed to one, a reload, the change report of the segment; at desktop and
 * phone width (nothing wider than the screen), with axe on each screen.
 */

const PROJECT = 'shop.fourthcoffee.com';
const OUT = resolve(import.meta.dirname, '../../test-results/segments');
const ISSUES = `Issues of ${PROJECT}, highest impact first`;

async function noSeriousViolation(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** Adds a segment; returns how many pages the form said its pattern takes. */
async function addSegment(page: Page, name: string, pattern: string): Promise<number> {
  const form = page.getByRole('form', { name: 'Add a segment' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: /^Pattern/ }).fill(pattern);
  const count = form.getByRole('status').first();
  await expect(count).toHaveText(/^Matches \d+ of \d+ pages\.$/);
  const matched = Number((await count.textContent())?.match(/\d+/)?.[0]);
  await form.getByRole('button', { name: 'Add segment' }).click();
  await expect(form.getByText(`Added ${name}`, { exact: false })).toBeVisible();
  return matched;
}

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`segments of a project at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    mkdirSync(OUT, { recursive: true });
    await connect(page);
    await page.goto(`/projects/${PROJECT}`);
    await expect(page.getByRole('table', { name: ISSUES })).toBeVisible();
    const allIssues = await page.getByText(/issues?, on \d+ pages?$/).textContent();
    await page
      .getByRole('navigation', { name: 'Parts of the project' })
      .getByRole('link', { name: 'Segments' })
      .click();

    await page
      .getByRole('form', { name: 'Add a segment' })
      .getByRole('textbox', { name: /^Pattern/ })
      .fill('/prodcts/');
    await expect(page.getByText(/^Matches no page of the \d+ pages read/)).toBeVisible();
    const products = await addSegment(page, 'Products', '/products/*');
    await addSegment(page, 'Collections', 'https://www.shop.fourthcoffee.com/Collections/');
    const table = page.getByRole('table', { name: `Segments of ${PROJECT}: pages and health of each` });
    await expect(table.getByRole('row')).toHaveCount(3);
    await noWiderThan(page, viewport.width);
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/segments-${name}.png`, fullPage: name === 'desktop' });
    await noSeriousViolation(page);

    // The filter narrows the audit, and a reload keeps it.
    await page.getByRole('combobox', { name: 'Segment' }).selectOption({ label: 'Products (/products/*)' });
    await expect(page).toHaveURL(/segment=[a-z0-9]+/);
    await page.getByRole('navigation', { name: 'Parts of the project' }).getByRole('link', { name: 'Issues' }).click();
    await expect(page.getByText(new RegExp(`issues?, on ${products} pages$`))).toBeVisible();
    expect(await page.getByText(/issues?, on \d+ pages?$/).textContent()).not.toBe(allIssues);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Segment' })).toHaveValue(/[a-z0-9]+/);
    await expect(page.getByText(new RegExp(`issues?, on ${products} pages$`))).toBeVisible();
    await page.getByRole('navigation', { name: 'Parts of the project' }).getByRole('link', { name: 'Pages' }).click();
    await expect(page).toHaveURL(/\/pages\?segment=[a-z0-9]+/);
    await expect(page.getByRole('table', { name: 'Pages in the segment Products, page 1 of 1' })).toBeVisible();
    await noWiderThan(page, viewport.width);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${OUT}/segment-filter-${name}.png` });
    await noSeriousViolation(page);

    // Its change report.
    await page.getByRole('link', { name: 'What changed in the last 30 days' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `What changed on ${PROJECT}` })).toBeVisible();
    await expect(page.getByText(/Only the pages of the segment Products/)).toBeVisible();
    await noWiderThan(page, viewport.width);
    await page.screenshot({ path: `${OUT}/segment-changes-${name}.png` });
    await noSeriousViolation(page);
  });
}
