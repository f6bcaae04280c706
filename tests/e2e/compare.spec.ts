import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSimulator } from '../../src/simulator';
import { connect, expect, listRows, test } from './fixtures';

/**
 * Two reports compared, opened from the list's selection, at desktop and phone size: the sides
 * and the table on screen, nothing wider than the screen, and screenshots to look at
 * (test-results/compare/).
 */
const OUT = resolve(import.meta.dirname, '../../test-results/compare');
const seeded = createSimulator().store.reports();

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const size of SIZES) {
  test.describe(`the comparison, ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test(`two reports ticked in the list, compared at ${size.viewport.width} px`, async ({ page }) => {
      mkdirSync(OUT, { recursive: true });
      await connect(page);
      await page.goto('/reports');
      await expect(listRows(page)).toHaveCount(10);
      await expect(page.getByText('No reports selected.')).toBeVisible();
      const requests: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/v1\/reports\/\d+$/.test(request.url())) requests.push(request.url());
      });
      await listRows(page).nth(0).getByRole('checkbox').check();
      await listRows(page).nth(3).getByRole('checkbox').check();
      await page.getByRole('link', { name: 'Compare these two' }).click();
      await expect(page).toHaveURL(/\/compare\?a=\d+&b=\d+$/);
      const table = page.getByRole('table', { name: 'Every check in A and B, what differs first' });
      await expect(table).toBeVisible();
      // From the list's copies: not one request for the two reports.
      expect(requests).toEqual([]);
      await expect(page.getByRole('region', { name: 'Report A' }).getByText(/^(Good|Decent|Bad) \d+$/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Report B' }).getByText(/^(Good|Decent|Bad) \d+$/)).toBeVisible();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${OUT}/compare-${size.name}.png` });
      await table.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${OUT}/compare-${size.name}-table.png` });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${OUT}/compare-${size.name}-print.png`, fullPage: true });
      await page.emulateMedia({ media: 'screen' });

      // The address alone, in a new tab of a colleague on the same service: both asked for at once.
      const url = page.url();
      const other = await page.context().newPage();
      const started: number[] = [];
      const ended: number[] = [];
      other.on('request', (request) => {
        if (/\/api\/v1\/reports\/\d+$/.test(request.url())) started.push(Date.now());
      });
      other.on('requestfinished', (request) => {
        if (/\/api\/v1\/reports\/\d+$/.test(request.url())) ended.push(Date.now());
      });
      await other.goto(url);
      await expect(other.getByRole('table', { name: 'Every check in A and B, what differs first' })).toBeVisible();
      expect(started).toHaveLength(2);
      expect(Math.max(...started)).toBeLessThanOrEqual(Math.min(...ended));
      await other.close();
    });
  });
}

test('a report that is gone and an address with garbage get words', async ({ page }) => {
  await connect(page);
  const id = seeded[0]!.id;
  await page.goto(`/compare?a=${id}&b=999999`);
  await expect(page.getByText('Report B was not found.')).toBeVisible();
  await page.goto(`/compare?a=${id}&b=%3Cimg%20src%3Dx%3E`);
  await expect(page.getByRole('heading', { name: 'Report B is not a report id' })).toBeVisible();
});
