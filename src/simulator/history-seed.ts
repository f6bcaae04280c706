import { generateResults, nextRunResults, pageContextOf } from './checks';
import { createRandom, pick, randomInt } from './random';
import { computeScore } from './scoring';
import { toServiceTimestamp } from './timestamps';
import type { ReportRecord } from './types';

// A site followed over time, for measuring the change report and the health chart at the
// shape issue 28 names: one project of 1,000 pages, each analysed three times (about 400, 180
// and 20 days ago, so that the change report of the last year compares the first round with the
// last), each run a little different from the one before.
//
//   createSimulator({ seed: 'history' })                        in code
//   POST /__simulator/reset {"seed":"history"}                  over HTTP (scripts/bench/changes.mjs)

export const SITE_HISTORY = {
  project: 'history.example.com',
  pages: 1_000,
  runsPerPage: 3,
} as const;

const SECTIONS = ['blog', 'products', 'docs', 'help', 'news', 'category'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days before `now` of each round of runs. */
const ROUNDS_DAYS_AGO = [400, 180, 20] as const;

type HistorySeedReport = Omit<ReportRecord, 'id'>;

/** The project's reports, oldest first (the store numbers them in this order). */
export function generateSiteHistory({
  seed = 1,
  now = new Date(),
}: { seed?: number; now?: Date } = {}): HistorySeedReport[] {
  const random = createRandom(seed ^ 0x5173);
  const host = SITE_HISTORY.project;
  const reports: HistorySeedReport[] = [];
  for (let page = 0; page < SITE_HISTORY.pages; page += 1) {
    const url = page === 0 ? host : `${host}/${pick(random, SECTIONS)}/page-${page}`;
    const context = pageContextOf(url, host);
    let results = generateResults(random, context, 0.4 + random() * 0.5);
    ROUNDS_DAYS_AGO.forEach((daysAgo, round) => {
      if (round > 0) results = nextRunResults(random, context, results);
      // Each round is spread over a few hours, as a bulk run under the service's limit is.
      const at = new Date(now.getTime() - daysAgo * DAY_MS + randomInt(random, 0, 6 * 60) * 60_000);
      const stamp = toServiceTimestamp(at);
      reports.push({
        url,
        project: host,
        result: computeScore(results),
        results,
        privacy: 0,
        password: false,
        generated_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      });
    });
  }
  return reports.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}
