import type { Page, Route } from '@playwright/test';
import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';
import { connect, expect, test } from './fixtures';

/**
 * A fresh device reads the account's projects in the background (docs/decisions/0105), in a real
 * browser against the simulated service over HTTP: one message with its progress, then the
 * overview's parts fill; a reload resumes with what is left; a second tab waits for its turn and
 * takes over when the first goes; the demo starts read after a short background read.
 */

const READ = { timeout: 30_000 };

/** The project whose reports a request reads for the audit, or null. */
function projectRead(address: string): string | null {
  const url = new URL(address);
  return url.pathname.endsWith('/api/v1/reports') ? url.searchParams.get('project') : null;
}

/** The projects' reads this page sends, in order. */
function recordReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const project = projectRead(request.url());
    if (project !== null) reads.push(project);
  });
  return reads;
}

/** The account's projects as the reader takes them: fewest reports first, then by name. */
async function projectsBySize(): Promise<string[]> {
  const response = await fetch(`${SIMULATOR_URL}/api/v1/projects?per_page=100`, {
    headers: { Authorization: `Bearer ${E2E_KEY}`, Accept: 'application/json' },
  });
  const { data } = (await response.json()) as { data: { project: string; reports: number | string }[] };
  return data
    .map((project) => ({ name: project.project, reports: Number(project.reports) }))
    .sort((a, b) => a.reports - b.reports || (a.name < b.name ? -1 : 1))
    .map((project) => project.name);
}

/**
 * Holds the first read of `project` unanswered (until its page goes); later ones go through.
 * `sent` resolves once that first read was sent.
 */
async function holdFirstReadOf(page: Page, project: string): Promise<{ sent: Promise<void> }> {
  let sent = () => {};
  const first = new Promise<void>((resolve) => (sent = resolve));
  let held: Route | undefined;
  await page.route(
    (url) => url.pathname.endsWith('/api/v1/reports') && url.searchParams.get('project') === project,
    (route) => {
      if (held) return void route.continue();
      held = route;
      sent();
    },
  );
  return { sent: first };
}

/** The background read's own code (its chunk is named after features/audit/read-account.ts), as it is fetched. */
function recordReaderCode(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/read-account-[\w-]+\.js$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  return fetched;
}

const message = (page: Page) => page.getByText(/^Reading this account’s projects in the background:/);
/** The same message at the end of the read: it stays, in the same place, until closed. */
const readAll = (page: Page, projects: number) =>
  page.getByText(new RegExp(`^Read this account’s projects in the background: ${projects} of ${projects} projects`));

test('one message with its progress, then the overview fills as the projects arrive', async ({ page }) => {
  const order = await projectsBySize();
  await connect(page);
  const reads = recordReads(page);
  // Each project's answer takes a moment: the message is there to be seen.
  await page.route(
    (url) => projectRead(url.href) !== null,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    },
  );
  const readerCode = recordReaderCode(page);
  await page.goto('/');
  await expect(message(page)).toContainText(
    new RegExp(`: \\d+ of ${order.length} projects, [\\d,]+ of [\\d,]+ reports`),
  );
  expect(readerCode).toHaveLength(1);
  await expect(page.getByRole('progressbar', { name: 'Reports read' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No project read on this device yet' })).toHaveCount(0);

  await expect(readAll(page, order.length)).toBeVisible(READ);
  await expect(message(page)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Most common issues, most failing pages first' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Across the ${order.length} projects read on this device`))).toBeVisible();
  await expect(page.getByRole('img', { name: 'Health of the account over time' })).toBeVisible(READ);
  // Each project once, smallest first.
  expect(reads).toEqual(order);

  // The next visit: the device has read the account, so neither the reader's code nor a read comes.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Health of the account over time' })).toBeVisible(READ);
  await expect(page.getByText(new RegExp(`^Across the ${order.length} projects read on this device`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'This account’s projects on this device' })).toHaveCount(0);
  expect(readerCode).toHaveLength(1);
  expect(reads).toEqual(order);
});

test('a reload resumes with what is left, reading nothing kept twice', async ({ page }) => {
  const order = await projectsBySize();
  await connect(page);
  const fourth = order[3]!;
  const fourthRead = await holdFirstReadOf(page, fourth);
  await page.goto('/');
  await expect(message(page)).toContainText(`3 of ${order.length} projects`, READ);
  await fourthRead.sent;

  const reads = recordReads(page);
  await page.reload();
  await expect(readAll(page, order.length)).toBeVisible(READ);
  await expect(page.getByText(new RegExp(`^Across the ${order.length} projects read on this device`))).toBeVisible(
    READ,
  );
  // The three kept are not read again; the one the reload cut short is, and the rest once each.
  expect(reads).toEqual(order.slice(3));
});

test('a second tab waits while the first reads, then takes over when it goes', async ({ page, context }) => {
  const order = await projectsBySize();
  await connect(page);
  const secondRead = await holdFirstReadOf(page, order[1]!);
  await page.goto('/');
  await expect(message(page)).toContainText(`1 of ${order.length} projects`, READ);
  await secondRead.sent;

  const other = await context.newPage();
  const otherReads = recordReads(other);
  await other.goto('/');
  await expect(
    other.getByText(
      new RegExp(`^Another tab is reading this account’s projects in the background: 1 of ${order.length} projects`),
    ),
  ).toBeVisible(READ);
  // Only one tab reads.
  await other.waitForTimeout(500);
  expect(otherReads).toEqual([]);

  await page.close();
  await expect(readAll(other, order.length)).toBeVisible(READ);
  await expect(
    other.getByText(/^(Another tab is reading|Reading) this account’s projects in the background:/),
  ).toHaveCount(0, READ);
  await expect(other.getByText(new RegExp(`^Across the ${order.length} projects read on this device`))).toBeVisible(
    READ,
  );
  expect(otherReads).toEqual(order.slice(1));
});

test('the demo starts read: a short background read, then the overview is full', async ({ page }) => {
  // No connection saved: the demo, its simulated service in the page.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(message(page)).toBeVisible();
  await expect(page.getByText(/^Read this account’s projects in the background: (\d+) of \1 projects/)).toBeVisible(
    READ,
  );
  await expect(page.getByRole('table', { name: 'Most common issues, most failing pages first' })).toBeVisible();
  await expect(page.getByText(/^Across the \d+ projects read on this device/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Health of the account over time' })).toBeVisible(READ);
});
