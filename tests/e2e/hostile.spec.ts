import type { Page } from '@playwright/test';
import { generateHostileReports, HOSTILE, HOSTILE_PROJECTS } from '../../src/simulator';
import { connect, expect, listRows, simulator, test } from './fixtures';

/**
 * The simulator's opt-in hostile seed in a real browser, where inline handlers, scripts and
 * `javascript:` links would really run (jsdom runs none of them). Every payload tries to set
 * `window.__pwned`; the page must show them all as text.
 *
 * The page's Content-Security-Policy would block inline handlers and `javascript:` URLs by
 * itself. It is bypassed here on purpose: what is tested is the app, which must never turn data
 * into markup or links, whatever policy a deployment sends.
 */
test.use({ bypassCSP: true });

// The store numbers the seed's records 1, 2, … in their order.
const HOSTILE_REPORTS = generateHostileReports(new Date()).map((report, index) => ({ ...report, id: index + 1 }));
const idOf = (url: string) => HOSTILE_REPORTS.find((report) => report.url === url)?.id ?? 0;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Starts recording what a payload could do: open a dialog, or write `window.__pwned` (even if undone later). */
async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const writes: string[] = [];
    Object.defineProperty(window, '__pwnedWrites', { value: writes });
    Object.defineProperty(window, '__pwned', {
      get: () => writes.at(-1),
      set: (value: unknown) => void writes.push(String(value)),
    });
  });
  return dialogs;
}

/**
 * Follows every link that is not an ordinary http(s) or in-app one, as a curious user would,
 * then checks that nothing ran and nothing in the page came from the data.
 */
async function expectInert(page: Page, dialogs: string[], where: string) {
  await page.evaluate(() => {
    for (const link of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
      if (link.protocol !== 'http:' && link.protocol !== 'https:') link.click();
    }
  });
  // An <img src=x onerror> fires once its request has failed.
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(() => {
    const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href'];
    const scriptUrls = Array.from(document.querySelectorAll('*')).flatMap((element) =>
      urlAttributes
        .map((name) => element.getAttribute(name))
        .filter((value): value is string => value !== null)
        .filter((value) => /^(javascript|data|vbscript):$/.test(new URL(value, location.href).protocol))
        .map((value) => `${element.tagName} ${value.slice(0, 80)}`),
    );
    return {
      pwned: (window as unknown as { __pwnedWrites: string[] }).__pwnedWrites,
      scriptUrls,
      // The app draws no images, icons or frames: any such element came from the data.
      injected: Array.from(
        document.body.querySelectorAll('img, svg, script, iframe, object, embed, style, base, meta'),
      ).map((element) => element.outerHTML.slice(0, 80)),
      handlers: Array.from(document.body.querySelectorAll('*')).flatMap((element) =>
        Array.from(element.attributes)
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((attribute) => `${element.tagName} ${attribute.name}`),
      ),
    };
  });
  expect(found, where).toEqual({ pwned: [], scriptUrls: [], injected: [], handlers: [] });
  expect(dialogs, where).toEqual([]);
}

test.beforeEach(async () => {
  await simulator.reset('hostile');
});

test('the reports list shows hostile URLs and projects as text, on a desktop and a phone', async ({ page }) => {
  const dialogs = await watch(page);
  await connect(page);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/reports?per_page=25');
    await expect(page.getByText(`1–${HOSTILE_REPORTS.length} of ${HOSTILE_REPORTS.length}`)).toBeVisible();
    await expect(page.getByText(HOSTILE.javascriptUrl, { exact: true }).first()).toBeVisible();
    // In a passed check, folded: on the page as text, not shown until opened.
    await expect(page.getByText(HOSTILE.imgOnerror, { exact: true }).first()).toBeAttached();
    await expectInert(page, dialogs, `reports list at ${viewport.width} px`);
  }
});

test('every hostile report page shows its values as text', async ({ page }) => {
  const dialogs = await watch(page);
  await connect(page);
  for (const report of HOSTILE_REPORTS) {
    const where = `report ${report.id} (${report.url.slice(0, 40)})`;
    await page.goto(`/reports/${report.id}`);
    // Until 300 kB strings are cut for display (below), their pages take long to lay out.
    await expect(page.getByRole('heading', { level: 1, name: /^Report for/ }), where).toBeVisible({
      timeout: 30_000,
    });
    await expectInert(page, dialogs, where);
  }
  // Spot checks that the payloads really were on screen, as text.
  await page.goto(`/reports/${idOf(`evil.example/${HOSTILE.script}`)}`);
  await expect(page.getByText(HOSTILE.attributeBreakout, { exact: true })).toBeVisible();
  // In a passed check, folded: on the page as text, not shown until opened.
  await expect(page.getByText(HOSTILE.imgOnerror, { exact: true }).first()).toBeAttached();
});

test('the projects list and hostile project pages show the names as text', async ({ page }) => {
  const dialogs = await watch(page);
  await connect(page);
  await page.goto('/projects?per_page=25');
  await expect(page.getByText(HOSTILE.script, { exact: true }).first()).toBeVisible();
  await expectInert(page, dialogs, 'projects list');

  await page.getByRole('link', { name: HOSTILE_PROJECTS.imgOnerror, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: HOSTILE_PROJECTS.imgOnerror })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Pages by result/ })).toBeVisible();
  await expectInert(page, dialogs, 'project page of <img onerror>');

  await page.goto(`/projects/${encodeURIComponent(HOSTILE_PROJECTS.script)}`);
  await expect(page.getByRole('heading', { level: 1, name: HOSTILE_PROJECTS.script })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Pages by result/ })).toBeVisible();
  await expectInert(page, dialogs, 'project page of <script>');
});

test('the in-page demo switches to the hostile seed with ?demo-seed=hostile, and back', async ({ page }) => {
  const dialogs = await watch(page);
  await page.goto('/reports?per_page=25&demo-seed=hostile');
  await expect(page.getByRole('note', { name: 'Demo data' })).toContainText('Hostile test data');
  await expect(page.getByText(HOSTILE.javascriptUrl, { exact: true }).first()).toBeVisible();
  await expectInert(page, dialogs, 'hostile demo');
  // It stays for the tab, and ?demo-seed=demo puts the believable demo back.
  await page.goto('/projects');
  await expect(page.getByText(HOSTILE.script, { exact: true }).first()).toBeVisible();
  await page.goto('/projects?demo-seed=demo');
  await expect(page.getByRole('link', { name: 'woodgrovebank.com', exact: true })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Demo data' })).not.toContainText('Hostile');
});

// Issue 12, item 7: how hostile data should be *shown* (the right-to-left and 300 kB tests were
// test.fixme until headings, check values and links went through ApiText / shortText).
test.describe('hostile data shown, never obeyed (issue 12 item 7)', () => {
  test('no outbound link carries credentials', async ({ page }) => {
    await connect(page);
    await page.goto(`/reports/${idOf(HOSTILE.credentialsUrl)}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Report for/ })).toBeVisible();
    await page.goto('/reports?per_page=25');
    await expect(page.getByText(HOSTILE.credentialsUrl, { exact: true }).first()).toBeVisible();
    await expect(page.locator('a[href*="pa55@"]')).toHaveCount(0);
  });

  test('right-to-left overrides cannot reorder the text around them', async ({ page }) => {
    await connect(page);
    for (const path of ['/reports?per_page=25', '/projects?per_page=25', `/reports/${idOf(HOSTILE.rtlUrl)}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // U+202E reverses everything after it up to the end of its isolate (a <bdi>, an element
      // with dir, a block): that isolate must hold the value alone, not the words around it.
      const leaks = await page.evaluate(() => {
        const isolates = (element: Element) =>
          element.tagName === 'BDI' ||
          element.hasAttribute('dir') ||
          ['isolate', 'plaintext', 'isolate-override'].includes(getComputedStyle(element).unicodeBidi);
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const found: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.includes('\u202E')) continue;
          let isolate = node.parentElement;
          while (isolate && !isolates(isolate)) isolate = isolate.parentElement;
          const around = isolate?.textContent?.replace(node.textContent, '').trim() ?? '';
          if (around !== '') found.push(`${isolate?.tagName ?? 'none'}: "${around.slice(0, 60)}"`);
        }
        return found;
      });
      expect(leaks, path).toEqual([]);
    }
  });

  // No page can be addressed for '.' or '..' (lib/paths.ts): they lead to the filtered reports list.
  test("projects named '.' and '..' lead to their own reports", async ({ page }) => {
    await connect(page);
    for (const name of [HOSTILE_PROJECTS.dot, HOSTILE_PROJECTS.dotDot]) {
      await page.goto('/projects?per_page=25');
      await page.getByRole('link', { name, exact: true }).click();
      // Never "/" or "/projects/", where the browser resolves a bare "." or "..".
      await expect(page).not.toHaveURL(/\/(projects\/?)?$/);
      await expect(listRows(page), name).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(`${name}/index`);
    }
  });

  // A 300 kB URL wraps into a reports list some 2,000 screens tall.
  test('300 kB strings are cut for display: no page grows to many screens', async ({ page }) => {
    await connect(page);
    for (const path of [
      '/reports?per_page=25',
      '/projects?per_page=25',
      `/reports/${idOf('evil.example/long-title')}`,
      `/reports/${HOSTILE_REPORTS.find((report) => report.url.length > 300_000)?.id ?? 0}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const screens = await page.evaluate(() => document.documentElement.scrollHeight / innerHeight);
      expect(screens, path).toBeLessThan(10);
    }
  });
});
