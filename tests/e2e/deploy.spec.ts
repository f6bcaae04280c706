import type { Page } from '@playwright/test';
import { E2E_KEY, NGINX_PROXY_URL, NGINX_URL, PREFIXED_APP_URL, SIMULATOR_URL } from '../../playwright.config';
import { expect, simulator, test } from './fixtures';

/** Content-Security-Policy reports in the console: any of them is a broken deployment. */
function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** The connect() fixture, on another origin than the default app. */
async function connectAt(page: Page, appUrl: string, baseUrl: string) {
  await page.goto(`${appUrl}/settings`);
  await page.getByLabel('API base URL').fill(baseUrl);
  await page.getByLabel('API key').fill(E2E_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText(/The connection works: the service holds \d+ reports/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Connection saved on this device.')).toBeVisible();
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

test('the demo under /seo/: a deep link and reload, a report, and changes that survive a reload', async ({ page }) => {
  // The simulator counts every request it served since it started: compare before and after.
  const servedBefore = (await simulator.stats()).served;
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) apiRequests.push(request.url());
  });
  await page.goto(`${PREFIXED_APP_URL}reports?page=2`);
  await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
  await expect(page.getByText(/^11–20 of \d+/)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(`${PREFIXED_APP_URL}reports?page=2`);
  await expect(page.getByText(/^11–20 of \d+/)).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo data' })).toContainText('Demo data');

  // The router keeps the prefix on every link.
  await expect(page.getByRole('link', { name: 'Projects', exact: true })).toHaveAttribute('href', '/seo/projects');
  const link = page.locator('tbody tr').first().locator('a.report-link');
  const url = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/seo\/reports\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report for ${url}`);

  await page.getByRole('button', { name: /^Privacy: / }).click();
  await page.getByRole('radio', { name: /^Private/ }).check();
  await page.getByRole('button', { name: 'Save privacy' }).click();
  await expect(page.getByText('Privacy saved.')).toBeVisible();
  const privacy = page
    .locator('.report-details div')
    .filter({ hasText: /^Privacy/ })
    .locator('dd');
  await expect(privacy).toHaveText('Private');

  // The demo keeps its data in this browser: a reload of the deep link shows the change.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report for ${url}`);
  await expect(privacy).toHaveText('Private');
  await expect(page.getByRole('note', { name: 'Demo data' })).toBeVisible();
  // Everything ran in the page: nothing went to a network API.
  expect(apiRequests).toEqual([]);
  expect((await simulator.stats()).served).toBe(servedBefore);
});

test('nginx, cross-origin under the CSP: connect, browse, reload deep links', async ({ page }) => {
  const csp = collectCspViolations(page);
  await connectAt(page, NGINX_URL, SIMULATOR_URL);
  const listRequest = page.waitForRequest((request) => request.url().startsWith(`${SIMULATOR_URL}/api/v1/reports`));
  await page.getByRole('link', { name: 'Reports', exact: true }).click();
  expect((await listRequest).headers().authorization).toBe(`Bearer ${E2E_KEY}`);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`${NGINX_URL}/reports?page=2`);
  await expect(page.getByText(/^11–20 of \d+/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/^11–20 of \d+/)).toBeVisible();

  const link = page.locator('tbody tr').first().locator('a.report-link');
  const url = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report for ${url}`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Report for ${url}`);
  await expect(page.getByRole('heading', { name: /^Top issues/ })).toBeVisible();

  const stats = (await simulator.stats()) as { origins?: string[] };
  expect(stats.origins).toContain(NGINX_URL);
  expect(csp).toEqual([]);
});

test('nginx with the /api/ reverse proxy: an empty base URL, same-origin requests, deep link reload', async ({
  page,
}) => {
  const csp = collectCspViolations(page);
  const servedBefore = (await simulator.stats()).served;
  const crossOrigin: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(SIMULATOR_URL)) crossOrigin.push(request.url());
  });
  await connectAt(page, NGINX_PROXY_URL, '');
  await expect(page.getByText('Connected to this dashboard’s own origin, remembered on this device.')).toBeVisible();

  const apiRequest = page.waitForRequest((r) => r.url().startsWith(`${NGINX_PROXY_URL}/api/v1/reports?`));
  await page.goto(`${NGINX_PROXY_URL}/projects/my%20site.example`);
  expect((await apiRequest).headers().authorization).toBe(`Bearer ${E2E_KEY}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('my site.example');
  await expect(page.getByRole('list', { name: 'Reports by result' })).toContainText(/Good \d+/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('my site.example');
  await expect(page.locator('tbody tr').first()).toContainText('my site.example');

  await page.goto(`${NGINX_PROXY_URL}/reports?result=good&page=2`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Result' })).toHaveValue('good');
  await expect(page.getByText(/^11–20 of \d+/)).toBeVisible();
  await expect(page.locator('tbody tr').first()).toContainText(/Good \d+/);

  expect(crossOrigin).toEqual([]);
  // The simulator served them all, though the browser never spoke to it: nginx did.
  expect((await simulator.stats()).served).toBeGreaterThan(servedBefore);
  expect(csp).toEqual([]);
});

test('nginx headers: a strict CSP everywhere, no-cache for the page, a year for hashed assets', async ({ request }) => {
  for (const path of ['/', '/index.html', '/reports/42', '/projects/a%20b']) {
    const response = await request.get(`${NGINX_URL}${path}`);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-type'], path).toMatch(/^text\/html/);
    expect(headers['cache-control'], path).toBe('no-cache');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    const csp = directives(headers['content-security-policy'] ?? '');
    expect(csp.get('script-src'), path).toEqual(["'self'"]);
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    expect(csp.get('connect-src'), path).toEqual(["'self'", SIMULATOR_URL]);
    expect(headers['content-security-policy'], path).not.toContain('unsafe-inline');
    expect(headers['content-security-policy'], path).not.toContain('unsafe-eval');
  }

  const html = await (await request.get(`${NGINX_URL}/`)).text();
  // No inline script: every script is a file the CSP allows.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const response = await request.get(`${NGINX_URL}${asset}`);
    expect(response.status(), asset).toBe(200);
    const headers = response.headers();
    expect(headers['cache-control'], asset).toContain('immutable');
    expect(headers['cache-control'], asset).toContain('max-age=31536000');
    expect(headers['content-security-policy'], asset).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy'], asset).toBe('no-referrer');
  }
  // A missing asset is a 404, never the app's index.html with a year of caching.
  const missing = await request.get(`${NGINX_URL}/assets/missing-0000.js`);
  expect(missing.status()).toBe(404);

  const config = await request.get(`${NGINX_URL}/config.json`);
  expect(config.headers()['cache-control']).toBe('no-cache');
  expect(await config.json()).toEqual({ apiBaseUrl: '' });
});
