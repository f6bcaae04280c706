import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { connectedContext, firstRead } from '../scripts/bench/audit.mjs';
import { NGINX_URL, SIMULATOR_URL, startServers, stopServers } from '../scripts/bench/servers.mjs';
await startServers();
try {
  await fetch(`${SIMULATOR_URL}/__simulator/reset`, { method: 'POST', body: JSON.stringify({ seed: 'history' }) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await connectedContext(browser, { audit: 'table.issues-table', changes: 'table.change-checks' });
  await firstRead(context, 'history.example.com');
  const page = await context.newPage();
  await page.goto(`${NGINX_URL}/projects/history.example.com/changes?from=2025-11-27&to=2026-11-27`);
  await page.waitForSelector('table.change-checks');
  await page.waitForTimeout(1500);
  const r = await page.evaluate(() => {
    const n = document.querySelectorAll('*').length;
    const per = {};
    for (const s of document.querySelectorAll('section.project-section, .change-summary, form')) per[(s.getAttribute('aria-labelledby') ?? s.className)] = s.querySelectorAll('*').length;
    const times = [];
    for (let i = 0; i < 3; i++) {
      document.body.style.width = i % 2 ? '1200px' : '1201px';
      const t = performance.now(); void document.body.offsetHeight; times.push(performance.now() - t);
    }
    return { n, per, times };
  });
  console.log(JSON.stringify(r, null, 1));
  const client = await context.newCDPSession(page);
  await browser.close();
} finally { await stopServers(); }
