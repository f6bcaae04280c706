import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, listRows, publicReportRows, reportLinkIn, test } from './fixtures';

/**
 * The branded client report in a real browser: the branding profile set on the settings page (a
 * logo that is an SVG with a script in it, which must never run; files that are no logo refused
 * with words), then a project's client report reached from its page, looked at on screen at
 * desktop and phone width, printed to PDF on A4 and on Letter (the text read back with pdftotext,
 * the pages drawn as images with pdftoppm to be looked at), and a report page printed with the
 * profile. axe on the new page and the settings' new part.
 */

const PROJECT = 'shop.fourthcoffee.com';
const OUT = resolve(import.meta.dirname, '../../test-results/client-report');
const AGENCY = 'Northwind Digital';
const FOOTER = 'Confidential: prepared for Fourth Coffee';
const CONTACT = 'ana@northwind.example';
const HOSTILE_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">' +
    '<script>window.top.__logoScriptRan = true</script>' +
    '<rect width="160" height="48" rx="8" fill="#0b6e4f"/>' +
    '<text x="14" y="31" font-family="sans-serif" font-size="20" fill="#fff">NORTHWIND</text></svg>',
);

function hasPdfTools() {
  return spawnSync('pdftotext', ['-v']).error === undefined && spawnSync('pdftoppm', ['-v']).error === undefined;
}

/** The PDF's text (pdftotext keeps the page breaks as form feeds) and its pages drawn as PNGs. */
function readPdf(path: string, pngPrefix: string): { text: string; pages: string[] } {
  const text = spawnSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  expect(text.status, text.stderr).toBe(0);
  const drawn = spawnSync('pdftoppm', ['-r', '60', '-png', path, pngPrefix]);
  expect(drawn.status, String(drawn.stderr)).toBe(0);
  const pages = text.stdout.split('\f').filter((page) => page.trim() !== '');
  return { text: text.stdout, pages };
}

async function setBranding(page: Page) {
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Branding of printed reports' });
  await expect(form).toBeVisible();
  const logo = form.getByLabel('Logo');
  // Not an image, whatever its name says; then too large: refused with words, nothing kept.
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(form.getByText('logo.png is not a PNG, JPEG, WebP or SVG image.')).toBeVisible();
  await logo.setInputFiles({ name: 'huge.svg', mimeType: 'image/svg+xml', buffer: Buffer.alloc(250_000, 32) });
  await expect(form.getByText(/huge\.svg is 250 kB: a logo can be at most 200 kB/)).toBeVisible();
  await logo.setInputFiles({ name: 'northwind.svg', mimeType: 'image/svg+xml', buffer: HOSTILE_SVG });
  await expect(form.getByRole('img', { name: 'The logo chosen' })).toBeVisible();
  await form.getByLabel('Agency name').fill(AGENCY);
  await form.getByLabel('Accent colour', { exact: true }).fill('#0B6E4F');
  await expect(form.getByText(/Contrast with white: 6\.\d:1, readable/)).toBeVisible();
  await form.getByLabel('Footer line').fill(FOOTER);
  await form.getByLabel('Contact').fill(CONTACT);
  await form.getByRole('button', { name: 'Apply branding' }).click();
  await expect(page.getByText('Branding saved on this device: printed reports carry it.')).toBeVisible();
}

async function openProjectReport(page: Page) {
  await page.goto(`/projects/${PROJECT}`);
  await expect(page.getByRole('table', { name: `Issues of ${PROJECT}, highest impact first` })).toBeVisible();
  await page.getByRole('link', { name: 'Client report (print or PDF)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  // A year: the demo's runs of this project spread over months.
  const year = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel('Start date', { exact: true }).fill(year);
  await page.getByRole('button', { name: 'Show this period' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${year}`));
  await expect(page.getByRole('table', { name: 'Every page with its score, lowest first' })).toBeVisible();
}

test('the branding profile and the project report, on screen, on paper and to axe', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await connect(page);
  await setBranding(page);
  // Kept: a reload shows what was saved.
  await page.reload();
  const form = page.getByRole('form', { name: 'Branding of printed reports' });
  await expect(form.getByLabel('Agency name')).toHaveValue(AGENCY);
  await expect(form.getByLabel('Accent colour', { exact: true })).toHaveValue('#0b6e4f');
  mkdirSync(OUT, { recursive: true });
  await form.screenshot({ path: `${OUT}/settings-branding.png` });

  await openProjectReport(page);
  const cover = page.getByRole('region', { name: 'Cover' });
  await expect(cover.getByText(AGENCY, { exact: true })).toBeVisible();
  await expect(cover.getByText(/^Health on /).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^What changed from / })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Top issues to fix' })).toBeVisible();
  await expect(page.getByText('How to fix it.').first()).toBeVisible();
  // The SVG logo is an image, never a document: its script did not run.
  expect(await page.evaluate(() => (window as { __logoScriptRan?: boolean }).__logoScriptRan)).toBeUndefined();
  await expect(page.locator('svg script')).toHaveCount(0);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const pageRows = await listRows(page, 'Every page with its score, lowest first').count();
  expect(pageRows).toBeGreaterThan(3);
  await page.screenshot({ path: `${OUT}/project-report-desktop.png`, fullPage: true });

  // On paper: no navigation or controls, the cover and the sections.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print / save as PDF' })).toBeHidden();
  await expect(page.getByRole('navigation')).toBeHidden();
  for (const format of ['A4', 'Letter'] as const) {
    const path = `${OUT}/project-report-${format}.pdf`;
    await page.pdf({ path, format, printBackground: true });
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    if (!hasPdfTools()) continue;
    const { text, pages } = readPdf(path, `${OUT}/project-report-${format}-page`);
    // The cover, what changed, the top issues and every page each begin a page; ten issues with
    // their pages and a dozen pages' rows are a few pages each, not dozens.
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.length).toBeLessThanOrEqual(30);
    expect(pages.findIndex((words) => words.includes('Top issues to fix'))).toBe(
      pages.findIndex((words) => words.includes('1. ')),
    );
    expect(pages[0]).toContain(AGENCY);
    expect(pages[0]).toContain(PROJECT);
    expect(pages[0]).toMatch(/SEO report/i);
    expect(pages[0]).not.toContain('Top issues to fix');
    expect(text).toContain('Top issues to fix');
    expect(text).toContain('How to fix it.');
    expect(text).toContain('Every page');
    expect(text).not.toContain('Print / save as PDF');
    // Every page carries its number and the profile's footer (CSS margin boxes).
    pages.forEach((words, index) => {
      expect(words).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(words).toContain(FOOTER);
    });
  }
  writeFileSync(`${OUT}/pdf-tools.txt`, hasPdfTools() ? 'pdftotext and pdftoppm used' : 'no poppler: PDFs not read');
});

test('the project report at phone width and dark, nothing wider than the screen', async ({ page }) => {
  await connect(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openProjectReport(page);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  // Unbranded: the report says where the branding is set.
  await expect(page.getByRole('link', { name: 'the branding settings' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}/project-report-phone.png` });
});

test('a report page printed with the branding profile', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await connect(page);
  await setBranding(page);
  await page.goto('/reports');
  await reportLinkIn(publicReportRows(page).first()).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  // The header is on paper only.
  const header = page.locator('.brand-print-header');
  await expect(header).toBeVisible();
  await expect(header.getByText(AGENCY)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(header).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  mkdirSync(OUT, { recursive: true });
  const path = `${OUT}/report-page-A4.pdf`;
  await page.pdf({ path, format: 'A4', printBackground: true });
  if (!hasPdfTools()) return;
  const { pages } = readPdf(path, `${OUT}/report-page-A4-page`);
  expect(pages[0]).toContain(AGENCY);
  expect(pages[0]).toContain(CONTACT);
  pages.forEach((words, index) => {
    expect(words).toContain(`Page ${index + 1} of ${pages.length}`);
    expect(words).toContain(FOOTER);
  });
});
