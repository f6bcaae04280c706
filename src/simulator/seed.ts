import { generateResults, nextRunResults, pageContextOf, type PageContext } from './checks';
import { DEMO_SITES, type DemoPage, type DemoSite } from './demo-sites';
import { chance, createRandom, pick, randomInt, type Random } from './random';
import { computeScore } from './scoring';
import { toServiceTimestamp } from './timestamps';
import type { CheckResults, Privacy, ReportRecord } from './types';

// The demo account's reports: a dozen made-up sites (./demo-sites), their pages analysed
// several times over the last months, so that each page has a history of runs that mostly
// gets better. Deterministic: the same random seed and "now" always yield the same reports,
// so tests can rely on them and a demo looks the same on every machine.

export const DEFAULT_RANDOM_SEED = 20240501;
export const DEFAULT_NOW = new Date('2026-11-01T12:00:00Z');
export const DEFAULT_REPORT_COUNT = 300;

export interface SeedOptions {
  /** Seed of the pseudo-random choices (default 20240501). */
  randomSeed?: number;
  now?: Date;
  reportCount?: number;
}

export type SeedReport = Omit<ReportRecord, 'id'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTH_DAYS = 30.4;

/** One URL and how many times it was analysed. */
interface PageRuns {
  site: DemoSite;
  url: string;
  runs: number;
}

/** Splits `total` in proportion to `weights`, by largest remainder, so the parts add up exactly. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  const byRemainder = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0]);
  for (let i = 0; parts.reduce((a, b) => a + b, 0) < total; i += 1) {
    const index = byRemainder[i % byRemainder.length]?.[1] ?? 0;
    parts[index] = (parts[index] ?? 0) + 1;
  }
  return parts;
}

const urlOf = (site: DemoSite, page: DemoPage) => (page.path === '' ? site.host : `${site.host}/${page.path}`);

const TOKEN_CHARACTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'] as [
  string,
  ...string[],
];
const token = (random: Random, length: number) => Array.from({ length }, () => pick(random, TOKEN_CHARACTERS)).join('');

/** A link from a newsletter or an ad, as marketing teams paste them: 200 characters and more. */
function campaignUrl(random: Random, site: DemoSite, campaign: string): string {
  const landing = pick(random, site.pages);
  const [source, medium, clickId] = pick<readonly [string, string, string]>(random, [
    ['newsletter', 'email', `mc_cid=${token(random, 10)}&mc_eid=${token(random, 10)}`],
    ['google', 'cpc', `gclid=${token(random, 48)}`],
    ['facebook', 'paid-social', `fbclid=${token(random, 60)}`],
  ]);
  return (
    `${urlOf(site, landing)}?utm_source=${source}&utm_medium=${medium}&utm_campaign=${campaign}` +
    `&utm_content=${pick(random, ['hero-banner', 'footer-link', 'variant-b'])}` +
    `&utm_term=${encodeURIComponent(landing.keywords[0])}&${clickId}`
  );
}

/** The URLs of one site and how often each was analysed: key pages (listed first) more often. */
function sitePageRuns(random: Random, site: DemoSite, count: number): PageRuns[] {
  const campaigns = (site.campaigns ?? []).slice(0, Math.floor(count / 4));
  const pages = site.pages.slice(0, Math.max(1, count - campaigns.length));
  const runs = pages.map(() => 1);
  // Earlier pages (the home page, the money pages) get re-checked more.
  const weights = pages.map((_, index) => 1 / (1 + 0.35 * index));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  for (let left = count - campaigns.length - pages.length; left > 0; left -= 1) {
    let roll = random() * totalWeight;
    const index = Math.max(
      0,
      weights.findIndex((weight) => (roll -= weight) < 0),
    );
    runs[index] = (runs[index] ?? 0) + 1;
  }
  return [
    ...pages.map((page, index) => ({ site, url: urlOf(site, page), runs: runs[index] ?? 1 })),
    ...campaigns.map((campaign) => ({ site, url: campaignUrl(random, site, campaign), runs: 1 })),
  ].slice(0, count);
}

/** `count` distinct moments in the last `spanDays`, oldest first, in working hours (UTC). */
function runDates(random: Random, now: Date, count: number, spanDays: number): Date[] {
  const days = new Set<number>();
  while (days.size < Math.min(count, spanDays)) days.add(randomInt(random, 0, spanDays - 1));
  return [...days]
    .sort((a, b) => b - a)
    .map((daysAgo) => {
      const day = new Date(now.getTime() - daysAgo * DAY_MS);
      day.setUTCHours(randomInt(random, 7, 18), randomInt(random, 0, 59), randomInt(random, 0, 59), 0);
      // Today's runs cannot be later than now.
      return day.getTime() > now.getTime() ? new Date(now.getTime() - randomInt(random, 1, 90) * 60_000) : day;
    });
}

function pickPrivacy(random: Random, site: DemoSite): { privacy: Privacy; password: boolean } {
  if (!chance(random, site.privateShare)) return { privacy: 0, password: false };
  if (chance(random, 0.5)) return { privacy: 1, password: false };
  // Most password-protected reports have a password; older records may not (set before it was required).
  return { privacy: 2, password: chance(random, 0.85) };
}

function toReport(random: Random, site: DemoSite, page: PageContext, results: CheckResults, created: Date, now: Date) {
  // Some runs were re-analysed later, and some had their privacy changed after that.
  const generated = chance(random, 0.12)
    ? new Date(created.getTime() + random() * Math.min(60 * DAY_MS, now.getTime() - created.getTime()))
    : created;
  const updated = chance(random, 0.15)
    ? new Date(generated.getTime() + random() * Math.min(30 * DAY_MS, now.getTime() - generated.getTime()))
    : generated;
  return {
    url: page.url,
    project: site.host,
    result: computeScore(results),
    results,
    ...pickPrivacy(random, site),
    generated_at: toServiceTimestamp(generated),
    created_at: toServiceTimestamp(created),
    updated_at: toServiceTimestamp(updated),
  } satisfies SeedReport;
}

/** Every run of one URL: the first analysis, then each later one a little different. */
function runsOf(random: Random, { site, url, runs }: PageRuns, now: Date): SeedReport[] {
  const page = pageContextOf(url, site.host);
  // Pages of one site are alike, but not the same.
  const quality = Math.min(1, Math.max(0, site.quality + (random() - 0.5) * 0.45));
  let results = generateResults(random, page, quality);
  return runDates(random, now, runs, Math.round(site.monthsTracked * MONTH_DAYS)).map((created, index) => {
    if (index > 0) results = nextRunResults(random, page, results);
    return toReport(random, site, page, results, created, now);
  });
}

/**
 * Builds the seed reports, oldest first (the store numbers them in this order, so a higher
 * id means created later, as in the real service).
 */
export function generateSeedReports(options: SeedOptions = {}): SeedReport[] {
  const steps = seedReportsBySite(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same reports, built one site at a time: it pauses after each site, so that a page can let
 * other work run in between (the demo's whole seed is one long task otherwise, the longest of
 * its first load on a slow phone). Returns what generateSeedReports returns.
 */
export function* seedReportsBySite(options: SeedOptions = {}): Generator<void, SeedReport[]> {
  const random = createRandom(options.randomSeed ?? DEFAULT_RANDOM_SEED);
  const now = options.now ?? DEFAULT_NOW;
  const count = options.reportCount ?? DEFAULT_REPORT_COUNT;

  const perSite = apportion(
    count,
    DEMO_SITES.map((site) => site.weight),
  );
  const reports: SeedReport[] = [];
  for (const [index, site] of DEMO_SITES.entries()) {
    for (const pageRuns of sitePageRuns(random, site, perSite[index] ?? 0))
      reports.push(...runsOf(random, pageRuns, now));
    yield;
  }
  // Stable sort: equal timestamps keep their order, so ids stay deterministic.
  return reports.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}
