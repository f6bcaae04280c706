import { E2E_KEY, NGINX_URL, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, listRows, reportLinkIn, simulator, test } from './fixtures';

test('the key goes only to the service, never into a URL, the console or the page text', async ({ page }) => {
  const withKey: string[] = [];
  const leaks: string[] = [];
  page.on('request', (request) => {
    const auth = request.headers()['authorization'];
    if (auth?.includes(E2E_KEY)) withKey.push(new URL(request.url()).origin);
    if (request.url().includes(E2E_KEY)) leaks.push(`url: ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.text().includes(E2E_KEY)) leaks.push(`console: ${message.text()}`);
  });

  await connect(page);
  await page.goto('/reports');
  await reportLinkIn(listRows(page).first()).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(listRows(page).first()).toBeVisible();
  await simulator.fault({ kind: '500', times: 5 });
  await page.goto('/reports?result=bad');
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 30_000 });

  expect(withKey.length).toBeGreaterThan(3);
  expect(new Set(withKey)).toEqual(new Set([SIMULATOR_URL]));
  expect(leaks).toEqual([]);
  expect(await page.evaluate(() => document.body.innerText)).not.toContain(E2E_KEY);
  // Only the chosen storage holds it: "remember on this device" is the default.
  const stored = await page.evaluate(() => ({
    local: JSON.stringify(localStorage),
    session: JSON.stringify(sessionStorage),
  }));
  expect(stored.local).toContain(E2E_KEY);
  expect(stored.session).not.toContain(E2E_KEY);
});

test('two open tabs agree on the current key', async ({ page, context }) => {
  const other = await context.newPage();
  const keysSentByOther: string[] = [];
  other.on('request', (request) => {
    if (request.url().startsWith(SIMULATOR_URL)) keysSentByOther.push(request.headers()['authorization'] ?? '');
  });
  await other.goto('/reports');
  await expect(other.getByRole('note', { name: 'Demo data' })).toBeVisible();
  expect(keysSentByOther).toEqual([]);

  await connect(page);
  // The other tab follows: it leaves the demo and reads the service with the new key.
  await expect(other.getByRole('note', { name: 'Demo data' })).toHaveCount(0);
  await other.getByRole('link', { name: 'Projects' }).click();
  await expect(listRows(other).first()).toBeVisible();
  await expect.poll(() => keysSentByOther.filter((auth) => auth === `Bearer ${E2E_KEY}`).length).toBeGreaterThan(0);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Forget key' }).click();
  await expect(other.getByRole('note', { name: 'Demo data' })).toBeVisible();
});

test('the deployed site runs under its Content-Security-Policy, which blocks other connections', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${NGINX_URL}/settings`);
  await page.getByLabel('API base URL').fill(SIMULATOR_URL);
  await page.getByLabel('API key').fill(E2E_KEY);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(listRows(page)).toHaveCount(10);
  expect(violations).toEqual([]);

  const blocked = await page.evaluate(async () => {
    const seen = new Promise<string>((resolve) => {
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true });
    });
    const outcome = await fetch('http://localhost:9/steal').then(
      () => 'sent',
      () => 'refused',
    );
    return { outcome, directive: await seen };
  });
  expect(blocked).toEqual({ outcome: 'refused', directive: 'connect-src' });
});
