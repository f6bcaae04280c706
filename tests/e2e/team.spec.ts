import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { E2E_KEY } from '../../playwright.config';
import { createSimulator } from '../../src/simulator';
import { connect, expect, test } from './fixtures';

/**
 * The team's workspace in two browsers (two contexts: two analysts of one service account)
 * joined to a real sync server started as a person would, with `npm run sync-server` on its
 * embedded store: a change in one reaches the other without a reload; with the server gone, both
 * keep working, and their edits merge when it is back; a wrong token is refused in words; the
 * API key is in no WebSocket frame.
 */

const PROJECT = 'shop.fourthcoffee.com';
const TOKEN = 'e2e-team-token';
const SYNC_PORT = 1240 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const ADDRESS = `ws://127.0.0.1:${SYNC_PORT}`;

const OUT = resolve(import.meta.dirname, '../../test-results/team');

let server: ChildProcess | null = null;
let data: string;

async function startServer() {
  // As a person starts it (the embedded store under SYNC_DATA); its own process group, so that
  // stopping it stops npm's node too.
  server = spawn('npm', ['run', 'sync-server'], {
    env: { ...process.env, SYNC_PORT: String(SYNC_PORT), SYNC_TOKENS: `${TOKEN},another-team`, SYNC_DATA: data },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 150; i += 1) {
    const answer = await fetch(`http://127.0.0.1:${SYNC_PORT}/health`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the sync server did not start');
}

async function stopServer() {
  if (!server?.pid) return;
  const stopped = new Promise((resolve) => server!.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  await stopped;
  server = null;
}

test.beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'sync-e2e-'));
  await startServer();
});
test.afterAll(async () => {
  await stopServer();
  rmSync(data, { recursive: true, force: true });
});

/** An analyst: a browser profile of their own, connected to the service, every frame it sends to the server kept. */
async function analyst(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) =>
      frames.push(typeof payload === 'string' ? payload : payload.toString('latin1')),
    );
  });
  await connect(page);
  return { context, page, frames };
}

async function joinTeam(page: Page, token = TOKEN) {
  await page.goto('/settings');
  const team = page.getByRole('form', { name: 'Team' });
  await team.getByLabel('Sync server address').fill(ADDRESS);
  await team.getByLabel('Team token').fill(token);
  await team.getByRole('button', { name: 'Join' }).click();
}

async function addNote(page: Page, text: string) {
  const form = page.getByRole('form', { name: 'Add a note to the timeline' });
  await form.getByLabel('What happened').fill(text);
  await form.getByRole('button', { name: 'Add the note' }).click();
}

const notes = (page: Page) => page.getByRole('list', { name: 'Notes on the timeline' });

test('two analysts share the workspace through the sync server, offline edits merge, the key stays home', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ana = await analyst(browser);
  const ben = await analyst(browser);
  const contexts: BrowserContext[] = [ana.context, ben.context];
  try {
    for (const { page } of [ana, ben]) {
      await joinTeam(page);
      await expect(page.getByText(`Joined the team at ${ADDRESS}`)).toBeVisible();
      // The shell says it on every page.
      await expect(page.getByRole('link', { name: 'Team: joined' })).toBeVisible();
    }

    // A target set by Ana shows on Ben's open page without a reload.
    await ben.page.goto(`/projects/${PROJECT}/watch`);
    const target = ben.page.getByRole('form', { name: 'Watch and re-analyse' }).getByLabel('Target health');
    await expect(target).toHaveValue('');
    await ana.page.goto(`/projects/${PROJECT}/watch`);
    const form = ana.page.getByRole('form', { name: 'Watch and re-analyse' });
    await form.getByLabel('Target health').fill('85');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(target).toHaveValue('85');

    // A view saved by Ana shows in Ben's navigation.
    await ana.page.goto('/reports?result=bad');
    await ana.page.getByRole('button', { name: 'Save view' }).click();
    await ana.page.getByRole('textbox', { name: 'Name' }).fill('Bad pages of the team');
    await ana.page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(
      ben.page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name: 'Bad pages of the team' }),
    ).toBeVisible();

    // A segment added by Ana shows on Ben's open segments page.
    await ben.page.goto(`/projects/${PROJECT}/segments`);
    await ana.page.goto(`/projects/${PROJECT}/segments`);
    const segment = ana.page.getByRole('form', { name: 'Add a segment' });
    await segment.getByRole('textbox', { name: 'Name' }).fill('Products of the team');
    await segment.getByRole('textbox', { name: /^Pattern/ }).fill('/products/*');
    await segment.getByRole('button', { name: 'Add segment' }).click();
    await expect(
      ben.page
        .getByRole('table', { name: `Segments of ${PROJECT}: pages and health of each` })
        .getByRole('link', { name: 'Audit of the segment Products of the team' }),
    ).toBeVisible();

    // A note made by Ben shows on Ana's timeline.
    await ana.page.goto(`/projects/${PROJECT}/changes`);
    await ben.page.goto(`/projects/${PROJECT}/changes`);
    await addNote(ben.page, 'Shop migrated to the new theme');
    await expect(notes(ana.page)).toContainText('Shop migrated to the new theme');

    // The server goes away: both keep working on their own device and say so.
    await stopServer();
    for (const { page } of [ana, ben]) await expect(page.getByRole('link', { name: 'Team: offline' })).toBeVisible();
    await addNote(ana.page, 'Ana: prices changed');
    await addNote(ben.page, 'Ben: new category pages');
    await expect(notes(ana.page)).not.toContainText('Ben: new category pages');

    // Both change the same target offline, Ben later: his wins, Ana's is kept in its history.
    for (const [side, value] of [
      [ana, '60'],
      [ben, '75'],
    ] as const) {
      await side.page.goto(`/projects/${PROJECT}/watch`);
      const watch = side.page.getByRole('form', { name: 'Watch and re-analyse' });
      await watch.getByLabel('Target health').fill(value);
      await watch.getByRole('button', { name: 'Save' }).click();
      await expect(watch.getByRole('status')).toContainText('Saved');
    }
    // And both switch off the same check, each with their reason, Ben later.
    const issues = (page: Page) => page.getByRole('table', { name: `Issues of ${PROJECT}, highest impact first` });
    await ana.page.goto(`/projects/${PROJECT}`);
    const firstSetAside = issues(ana.page)
      .getByRole('button', { name: /^Set aside / })
      .first();
    const check = ((await firstSetAside.getAttribute('aria-label')) ?? '').replace(/^Set aside /, '');
    for (const [side, reason] of [
      [ana, 'Ana: not for this client'],
      [ben, 'Ben: the theme writes it'],
    ] as const) {
      await side.page.goto(`/projects/${PROJECT}`);
      await issues(side.page)
        .getByRole('button', { name: `Set aside ${check}` })
        .click();
      await side.page.getByRole('textbox', { name: new RegExp(`^Why ${check} does not apply`) }).fill(reason);
      await side.page.getByRole('button', { name: 'Set aside in this project' }).click();
      await expect(side.page.getByRole('list', { name: 'Checks switched off' })).toContainText(reason);
    }

    // And both rename the same segment, Ben later.
    const segmentsTable = (page: Page) =>
      page.getByRole('table', { name: `Segments of ${PROJECT}: pages and health of each` });
    for (const [side, name] of [
      [ana, 'Products (Ana)'],
      [ben, 'Products (Ben)'],
    ] as const) {
      await side.page.goto(`/projects/${PROJECT}/segments`);
      await side.page.getByRole('textbox', { name: 'Name of Products of the team (/products/*)' }).fill(name);
      await side.page
        .getByRole('form', { name: 'Segment Products of the team' })
        .getByRole('button', { name: 'Rename' })
        .click();
      await expect(segmentsTable(side.page).getByRole('link', { name: `Audit of the segment ${name}` })).toBeVisible();
    }

    // It comes back: both end with both edits, without a reload.
    await startServer();
    for (const { page } of [ana, ben]) {
      await expect(segmentsTable(page).getByRole('link', { name: 'Audit of the segment Products (Ben)' })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByText('Earlier names (2)').click();
      await expect(page.getByRole('list', { name: 'Earlier names of Products (Ben)' })).toContainText('Products (Ana)');
      await page.goto(`/projects/${PROJECT}/watch`);
      const watch = page.getByRole('form', { name: 'Watch and re-analyse' });
      await expect(watch.getByLabel('Target health')).toHaveValue('75', { timeout: 30_000 });
      await watch.getByText(/^Earlier settings \(\d+\)$/).click();
      await expect(watch.getByRole('list', { name: 'Earlier settings of what needs attention' })).toContainText(
        'Target 60;',
      );
    }
    for (const { page } of [ana, ben]) {
      await page.goto(`/projects/${PROJECT}/changes`);
      await expect(notes(page)).toContainText('Ana: prices changed', { timeout: 30_000 });
      await expect(notes(page)).toContainText('Ben: new category pages', { timeout: 30_000 });
    }

    for (const { page } of [ana, ben]) {
      // Ben's reason stands; Ana's is under it, not lost.
      await page.goto(`/projects/${PROJECT}`);
      const off = page.getByRole('list', { name: 'Checks switched off' });
      await expect(off).toContainText('Ben: the theme writes it', { timeout: 30_000 });
      await off.getByText('Earlier reasons (1)').click();
      await expect(off.getByRole('list', { name: `Earlier reasons for switching off ${check}` })).toContainText(
        'Ana: not for this client',
      );
    }
    mkdirSync(OUT, { recursive: true });
    for (const width of [1280, 390]) {
      await ana.page.setViewportSize({ width, height: 900 });
      await ana.page.getByRole('list', { name: `Earlier reasons for switching off ${check}` }).scrollIntoViewIfNeeded();
      await ana.page.screenshot({ path: join(OUT, `earlier-reasons-${width}.png`) });
    }

    // The API key went in no frame to the sync server (the frames are Yjs's binary updates and the token).
    expect(ana.frames.length).toBeGreaterThan(0);
    for (const frame of [...ana.frames, ...ben.frames]) expect(frame).not.toContain(E2E_KEY);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});

test('the results a page had before its re-analysis reach a colleague who never had them', async ({ browser }) => {
  test.setTimeout(120_000);
  // A public report of the project with failures: its re-analysis moves measured values.
  const report = createSimulator()
    .store.reports()
    .find((r) => r.project === PROJECT && r.privacy === 0 && Object.values(r.results).some((check) => !check.passed))!;
  const ana = await analyst(browser);
  const ben = await analyst(browser);
  try {
    for (const { page } of [ana, ben]) {
      await joinTeam(page);
      await expect(page.getByText(`Joined the team at ${ADDRESS}`)).toBeVisible();
    }
    await ana.page.goto(`/reports/${report.id}`);
    const before = await ana.page.getByRole('meter').getAttribute('value');
    await ana.page.getByRole('button', { name: 'Re-analyse page' }).click();
    const since = (page: Page) => page.getByText(/^Since the previous analysis/);
    await expect(since(ana.page)).toBeVisible({ timeout: 30_000 });
    const after = await ana.page.getByRole('meter').getAttribute('value');
    const change = (await since(ana.page).textContent()) ?? '';
    expect(change).toContain(`score ${before} → ${after}`);

    // Ben's browser kept nothing of it: the team's copy shows him the same change, and its details.
    await ben.page.goto(`/reports/${report.id}`);
    await expect(since(ben.page)).toHaveText(change, { timeout: 30_000 });
    await expect(ben.page.getByRole('region', { name: 'What changed since the previous analysis' })).toContainText(
      `Score ${before} → ${after}`,
    );
    for (const frame of [...ana.frames, ...ben.frames]) expect(frame).not.toContain(E2E_KEY);
  } finally {
    await Promise.all([ana.context.close(), ben.context.close()]);
  }
});

test('a token the server does not know is refused in words, and work goes on on this device', async ({ browser }) => {
  const { context, page } = await analyst(browser);
  try {
    await joinTeam(page, 'not-a-team-token');
    await expect(page.getByText(`The sync server at ${ADDRESS} refused this team token.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Team: token refused' })).toBeVisible();
    // What changed is worked out from the project's runs, read on this device first.
    await page.goto(`/projects/${PROJECT}/changes`);
    await page.getByRole('button', { name: 'Read the project' }).click();
    await addNote(page, 'Kept here all the same');
    await expect(notes(page)).toContainText('Kept here all the same');
  } finally {
    await context.close();
  }
});
