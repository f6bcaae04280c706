import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { E2E_KEY, NGINX_PROXY_URL, NGINX_URL, PREFIXED_APP_URL, SIMULATOR_URL } from '../../playwright.config';
import { expect, publicReportRows, reportLinkIn, simulator, test } from './fixtures';

const DIST = resolve(import.meta.dirname, '../../dist');

/** One plain HTTP request, nothing decoded: the headers and bytes exactly as nginx sent them. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', fail);
    }).on('error', fail);
  });
}

/** The script and style files index.html loads. */
async function pageAssets(): Promise<string[]> {
  const html = (await rawGet(`${NGINX_URL}/`)).body.toString('utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
}

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
  await page.getByRole('button', { name: 'Save', exact: true }).click();
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
  // A public report, so that choosing "Private" below is a change.
  const link = reportLinkIn(publicReportRows(page).first());
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
  // A name that is percent-encoded in the path, through nginx and back.
  await page.goto(`${NGINX_PROXY_URL}/projects/g%C3%A4rtnerei-sonnenhof.de/pages`);
  expect((await apiRequest).headers().authorization).toBe(`Bearer ${E2E_KEY}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('gärtnerei-sonnenhof.de');
  await expect(page.getByRole('list', { name: 'Pages by result (latest run of each)' })).toContainText(/Good \d+/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('gärtnerei-sonnenhof.de');
  await expect(
    page
      .getByRole('table', { name: /^Reports of gärtnerei-sonnenhof\.de, page/ })
      .locator('tbody tr')
      .first(),
  ).toContainText('gärtnerei-sonnenhof.de');

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

type Case = [url: string, status: number, cacheControl: string | undefined, headers?: Record<string, string>];

const SECURITY_HEADERS = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

test('nginx headers: the security headers on every answer, no-cache for the page, a year for hashed assets but never for a missing one', async () => {
  const assets = await pageAssets();
  expect(assets.length).toBeGreaterThan(0);
  const json = { Accept: 'application/json' };
  const cases: Case[] = [
    [`${NGINX_URL}/`, 200, 'no-cache'],
    [`${NGINX_URL}/index.html`, 200, 'no-cache'],
    [`${NGINX_URL}/reports/42`, 200, 'no-cache'],
    [`${NGINX_URL}/projects/a%20b`, 200, 'no-cache'],
    [`${NGINX_URL}/config.json`, 200, 'no-cache'],
    [`${NGINX_URL}/favicon.svg`, 200, 'no-cache'],
    ...assets.map((asset): Case => [`${NGINX_URL}${asset}`, 200, 'public, max-age=31536000, immutable']),
    // A missing asset is a 404 that is not kept: after the next deployment the file may exist.
    [`${NGINX_URL}/assets/missing-0000.js`, 404, 'no-store'],
    // The proxied API keeps the service's own caching (none here), with this site's headers.
    [`${NGINX_PROXY_URL}/api/v1/reports?per_page=10`, 200, undefined, { ...json, Authorization: `Bearer ${E2E_KEY}` }],
    [`${NGINX_PROXY_URL}/api/v1/reports`, 401, undefined, json],
  ];
  for (const [url, status, cacheControl, headers] of cases) {
    const response = await rawGet(url, { Accept: '*/*', ...headers });
    expect(response.status, url).toBe(status);
    expect(response.headers['cache-control'], url).toBe(cacheControl);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(response.headers[name], `${name} of ${url}`).toBe(value);
    // server_tokens off: no version for anyone looking for a known hole.
    expect(response.headers.server, url).toBe('nginx');
    const csp = directives(String(response.headers['content-security-policy']));
    expect(csp.get('script-src'), url).toEqual(["'self'"]);
    expect(csp.get('default-src'), url).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
    expect(csp.get('object-src'), url).toEqual(["'none'"]);
    expect(csp.get('connect-src'), url).toEqual(["'self'", SIMULATOR_URL]);
    expect(response.headers['content-security-policy'], url).not.toMatch(/unsafe-inline|unsafe-eval/);
  }

  const page = await rawGet(`${NGINX_URL}/reports/42`);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  // No inline script: every script is a file the CSP allows.
  expect(page.body.toString('utf8')).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect((await rawGet(`${NGINX_URL}/config.json`)).body.toString('utf8')).toMatch(/"apiBaseUrl": ""/);
});

test('nginx serves the precompressed files: brotli to browsers that take it, gzip to clients that only take gzip', async () => {
  const script = (await pageAssets()).find((asset) => asset.endsWith('.js'));
  if (!script) throw new Error('index.html loads no script');
  const file = readFileSync(`${DIST}${script}`);

  const brotli = await rawGet(`${NGINX_URL}${script}`, { 'Accept-Encoding': 'br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toBe('Accept-Encoding');
  // The build's own .br file, as it is (nginx has no brotli compression of its own here).
  expect(brotli.body.equals(readFileSync(`${DIST}${script}.br`))).toBe(true);
  expect(brotliDecompressSync(brotli.body).equals(file)).toBe(true);

  const gzip = await rawGet(`${NGINX_URL}${script}`, { 'Accept-Encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.body.equals(readFileSync(`${DIST}${script}.gz`))).toBe(true);
  expect(gunzipSync(gzip.body).equals(file)).toBe(true);
  expect(brotli.body.length).toBeLessThan(gzip.body.length);

  const plain = await rawGet(`${NGINX_URL}${script}`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.equals(file)).toBe(true);

  // A deep link is answered with index.html, compressed the same way.
  const deepLink = await rawGet(`${NGINX_URL}/reports/42`, { 'Accept-Encoding': 'gzip, deflate, br' });
  expect(deepLink.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(deepLink.body).equals(readFileSync(`${DIST}/index.html`))).toBe(true);
});

test('no build manifest is deployed or served', async () => {
  expect(existsSync(`${DIST}/.vite`)).toBe(false);
  const response = await rawGet(`${NGINX_URL}/.vite/manifest.json`);
  // The single-page fallback answers (the app's page), never a map of the sources.
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.body.toString('utf8')).not.toContain('isEntry');
});
