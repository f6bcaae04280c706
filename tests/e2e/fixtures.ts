import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { E2E_KEY, SIMULATOR_URL } from '../../playwright.config';

/** Talks to the simulated service's test-control endpoints (not part of the v1 API). */
export const simulator = {
  async control(path: string, body?: unknown) {
    const response = await fetch(`${SIMULATOR_URL}/__simulator/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`simulator ${path}: ${response.status}`);
  },
  /** Back to the seed data, no faults; `'hostile'` swaps the believable demo for records built to break a client. */
  reset: (seed?: 'demo' | 'hostile') => simulator.control('reset', seed === undefined ? undefined : { seed }),
  fault: (fault: { kind: string; times?: number; method?: string; path?: string }) =>
    simulator.control('faults', fault),
  config: (config: Record<string, unknown>) => simulator.control('config', config),
  async stats(): Promise<{ served: number; faults: unknown[] }> {
    const response = await fetch(`${SIMULATOR_URL}/__simulator/stats`);
    return (await response.json()) as { served: number; faults: unknown[] };
  },
  /** Every API request since the last reset, with the key it carried and the status it got. */
  async requests(): Promise<SimulatorRequest[]> {
    const response = await fetch(`${SIMULATOR_URL}/__simulator/requests`);
    return (await response.json()) as SimulatorRequest[];
  },
};

export interface SimulatorRequest {
  at: number;
  method: string;
  path: string;
  key: string;
  status: number;
}

/** Saves a connection to the simulated service through the settings page, as a user would. */
export async function connect(page: Page, { key = E2E_KEY, baseUrl = SIMULATOR_URL } = {}) {
  await page.goto('/settings');
  await page.getByLabel('API base URL').fill(baseUrl);
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Connection saved on this device.')).toBeVisible();
}

/** The data rows of the list on the page: its header row holds column headers, not cells. */
export function listRows(page: Page, table?: string | RegExp): Locator {
  // A project's page has more than one table (its issues, its reports): name the one meant.
  return page
    .getByRole('table', table === undefined ? {} : { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

/**
 * A reports list row's link to its report: the first link of the row, in the URL column, named by
 * the page's address (which the test does not know in advance; "Open page" and the project follow).
 */
export function reportLinkIn(row: Locator): Locator {
  return row.getByRole('link').first();
}

/** Presses "Analyse again" for the selected rows and confirms it: a job starts in the tray. */
export async function analyseSelectedAgain(page: Page, count: number) {
  await page.getByRole('button', { name: 'Analyse again' }).click();
  await page
    .getByRole('dialog', { name: `Analyse ${count} pages again?` })
    .getByRole('button', { name: 'Analyse again' })
    .click();
}

/** The rows of public reports: choosing Private or Password on one of them is a change. */
export function publicReportRows(page: Page): Locator {
  // By text: on a phone the cell's accessible name also holds its column label ("Privacy Public").
  return listRows(page).filter({ hasText: /\bPublic\b/ });
}

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await simulator.reset();
      // Every knob a test may turn, back to where playwright.config.ts starts the service.
      await simulator.config({
        latencyMs: 0,
        analysisDelayMs: 800,
        rateLimitPerMinute: 0,
        cors: true,
        validKeys: [E2E_KEY],
      });
      await use(errors);
      // An uncaught exception in the page is a defect even when the journey got through.
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
