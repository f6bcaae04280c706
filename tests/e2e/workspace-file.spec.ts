import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures';

/**
 * The workspace travels as a file (decision 83), between two browsers: a saved view and a note
 * made in one, exported (a real download), imported in a fresh one after its preview, and seen
 * there. The preview is looked at, at desktop and phone width, and checked by axe.
 */

const PROJECT = 'shop.fourthcoffee.com';
const OUT = resolve(import.meta.dirname, '../../test-results/workspace-file');

/** The project's change report, with the project read on this device (the notes show with it). */
async function openChanges(page: Page) {
  await page.goto(`/projects/${PROJECT}/changes`);
  await page.getByRole('button', { name: 'Read the project' }).click();
  await expect(page.getByRole('form', { name: 'Add a note to the timeline' })).toBeVisible({ timeout: 30_000 });
}

async function addNote(page: Page, text: string) {
  await openChanges(page);
  const form = page.getByRole('form', { name: 'Add a note to the timeline' });
  await form.getByLabel('What happened').fill(text);
  await form.getByRole('button', { name: 'Add the note' }).click();
  await expect(page.getByRole('list', { name: 'Notes on the timeline' })).toContainText(text);
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('section[aria-labelledby="workspace-file-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

test('a workspace exported in one browser is imported in another, after its preview', async ({ browser }) => {
  test.setTimeout(120_000);
  // The first browser: a saved view and a note, then the file.
  const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await first.newPage();
  await connect(page);
  await page.goto('/reports?result=bad');
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Pages to fix');
  await page.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(
    page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name: 'Pages to fix' }),
  ).toBeVisible();
  await addNote(page, 'Site migration to the new shop');

  await page.goto('/settings');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export workspace' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^seo-dashboard-workspace-\d{4}-\d{2}-\d{2}\.json$/);
  mkdirSync(OUT, { recursive: true });
  const path = `${OUT}/${file.suggestedFilename()}`;
  await file.saveAs(path);
  const text = readFileSync(path, 'utf8');
  expect(text).not.toContain('e2e-key');
  await first.close();

  // A fresh browser: nothing of the first one but the file.
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const second = await browser.newContext({ viewport });
    const other = await second.newPage();
    await connect(other);
    await other.getByLabel('Import a workspace file').setInputFiles(path);
    const preview = other.getByRole('region', { name: /^Import “seo-dashboard-workspace-.*\.json”\?$/ });
    await expect(preview).toContainText('Saved views: 1 added: “Pages to fix”');
    await expect(preview).toContainText('Notes on the timeline: 1 added:');
    await expect(preview).toContainText('Site migration to the new shop');
    await preview.scrollIntoViewIfNeeded();
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(other)).toEqual([]);
    await other.screenshot({ path: `${OUT}/preview-${name}.png`, fullPage: true });
    if (name === 'phone') {
      await preview.getByRole('button', { name: 'Cancel' }).click();
      await expect(other.getByText('Nothing was imported.')).toBeVisible();
      await second.close();
      continue;
    }

    await preview.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(other.getByRole('status').filter({ hasText: /^Imported/ })).toContainText('2 added, 0 replaced');
    await expect(
      other.getByRole('region', { name: 'Saved views' }).getByRole('link', { name: 'Pages to fix' }),
    ).toHaveAttribute('href', '/reports?result=bad');
    await other.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name: 'Pages to fix' }).click();
    await expect(other).toHaveURL(/\/reports\?result=bad$/);
    await openChanges(other);
    await expect(other.getByRole('list', { name: 'Notes on the timeline' })).toContainText(
      'Site migration to the new shop',
    );
    await second.close();
  }
});

test('a file that is not a workspace is refused with words, and nothing changes', async ({ page }) => {
  await connect(page);
  await page.getByLabel('Import a workspace file').setInputFiles({
    name: 'report.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"reports": []}'),
  });
  await expect(page.getByRole('alert')).toContainText(
    '“report.json” cannot be imported. This file is JSON, but not a workspace file',
  );
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${OUT}/refused-desktop.png` });
});
