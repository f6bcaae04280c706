import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * Check settings in a real browser: a check set aside on a project's audit with a reason, listed
 * apart with the dashboard's estimate beside the service's score, kept over a reload, counted
 * again; a failure accepted on one page. At desktop and phone width, with screenshots, nothing
 * wider than the screen, and no serious or critical axe violation.
 */

const PROJECT = 'shop.fourthcoffee.com';
const OUT = resolve(import.meta.dirname, '../../test-results/check-settings');
const ISSUES = `Issues of ${PROJECT}, highest impact first`;

async function axe(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`a check set aside and a failure accepted at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await connect(page);
    await page.goto(`/projects/${PROJECT}`);
    const issues = page.getByRole('table', { name: ISSUES });
    await expect(issues).toBeVisible();

    const setAside = issues.getByRole('button', { name: /^Set aside / }).first();
    const title = ((await setAside.getAttribute('aria-label')) ?? '').replace(/^Set aside /, '');
    await setAside.click();
    const reason = page.getByRole('textbox', { name: new RegExp(`^Why ${title} does not apply`) });
    await expect(reason).toBeFocused();
    await reason.fill('No sitemap on purpose: the shop is one catalogue page deep');
    await page.getByRole('button', { name: 'Set aside in this project' }).click();

    const off = page.getByRole('list', { name: 'Checks switched off' });
    await expect(off.getByRole('link', { name: title })).toBeVisible();
    await expect(issues.getByRole('button', { name: `Set aside ${title}` })).toHaveCount(0);
    const estimate = page.getByRole('group', { name: /^Dashboard’s estimate/ });
    await expect(estimate).toContainText(/(Good|Decent|Bad) \d+/);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();

    // The workspace keeps it over a reload.
    await page.reload();
    await expect(page.getByRole('table', { name: ISSUES })).toBeVisible();
    await expect(off).toContainText('No sitemap on purpose');
    await expect(estimate).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axe(page)).toEqual([]);
    mkdirSync(OUT, { recursive: true });
    await estimate.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/audit-health-${name}.png` });
    await off.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/audit-set-aside-${name}.png` });

    // The change report says which checks were set aside and does not count their flips.
    const year = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.goto(`/projects/${PROJECT}/changes?from=${year}`);
    const changesOff = page.getByRole('list', { name: 'Checks switched off' });
    await expect(changesOff).toContainText(title);
    await expect(changesOff).toContainText('No sitemap on purpose');
    await expect(
      page.getByRole('table', { name: /^Checks that fail on either date/ }).getByRole('rowheader', { name: title }),
    ).toHaveCount(0);
    expect(await axe(page)).toEqual([]);
    await changesOff.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/changes-set-aside-${name}.png` });
    // And the overview, the project's estimate beside its health.
    await page.goto('/');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: PROJECT, exact: true }) });
    await expect(row.first()).toContainText(/Dashboard’s estimate: (Good|Decent|Bad) \d+/);
    await row.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/overview-${name}.png` });
    await page.goto(`/projects/${PROJECT}`);
    await expect(issues).toBeVisible();

    // A failure accepted on one page of another issue.
    await issues.getByRole('link').first().click();
    const pages = page.getByRole('table', { name: /^Pages failing / });
    await expect(pages).toBeVisible();
    await pages
      .getByRole('button', { name: /^Accept on / })
      .first()
      .click();
    await page.getByRole('textbox', { name: /^Note on accepting / }).fill('The client accepts it on this page');
    await page.getByRole('button', { name: 'Accept on this page' }).click();
    const accepted = page.getByRole('list', { name: /^Pages where .* is accepted$/ });
    await expect(accepted).toContainText('The client accepts it on this page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${OUT}/issue-accepted-${name}.png`, fullPage: name === 'desktop' });

    // The accepted page's report names what is set aside on it.
    await accepted.getByRole('link').first().click();
    const note = page.getByText(/^Set aside in this project:/);
    await expect(note).toContainText('accepted on this page: The client accepts it on this page');
    await expect(page.getByText(/^Dashboard’s estimate without/)).toContainText(/(Good|Decent|Bad) \d+/);
    expect(await axe(page)).toEqual([]);
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/report-note-${name}.png` });
    await page.goBack();

    // Counted again: both undone.
    await accepted.getByRole('button', { name: /^Count again on / }).click();
    await expect(accepted).toHaveCount(0);
    await page.goto(`/projects/${PROJECT}`);
    await off.getByRole('button', { name: `Count ${title} again` }).click();
    await expect(issues.getByRole('button', { name: `Set aside ${title}` })).toBeVisible();
    await expect(estimate).toHaveCount(0);
  });
}
