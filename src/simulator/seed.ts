import { generateResults, pageContextOf } from './checks';
import { chance, createRandom, pick, randomInt, type Random } from './random';
import { computeScore } from './scoring';
import { toServiceTimestamp } from './timestamps';
import type { CheckResults, Privacy, ReportRecord } from './types';

// Deterministic demo/test data: the same seed and "now" always yield the same reports, so
// tests can rely on it and a demo looks the same on every machine.

export const DEFAULT_SEED = 20240501;
export const DEFAULT_NOW = new Date('2026-11-01T12:00:00Z');
export const DEFAULT_REPORT_COUNT = 300;

/** A check name no documented version has: the client must render unknown checks generically. */
export const EXTRA_CHECK_NAME = 'preload_hints';

/** Project names that exist only as legacy/imported records, to exercise path encoding. */
export const AWKWARD_PROJECTS = { withSpace: 'my site.example', withSlash: 'a b/ü%' } as const;

export const HOSTILE = {
  url: 'javascript:alert(1)',
  markup: '<img src=x onerror=alert(1)>',
  scriptUrl: 'evil.example/<script>alert(1)</script>',
  project: 'evil.example',
} as const;

export interface SeedOptions {
  seed?: number;
  now?: Date;
  reportCount?: number;
}

export type SeedReport = Omit<ReportRecord, 'id'>;

const SPAN_MS = 548 * 24 * 60 * 60 * 1000; // about 18 months
const DAY_MS = 24 * 60 * 60 * 1000;

// Hosts of ordinary reports with their share of the reports. example.com and its
// subdomains make the exact `project=` filter differ visibly from a substring search.
const REGULAR_HOSTS: readonly (readonly [host: string, weight: number])[] = [
  ['example.com', 22],
  ['api.example.com', 6],
  ['shop.example.org', 16],
  ['blog.example.net', 14],
  ['news.example.co.uk', 12],
  ['docs.example.io', 10],
  ['portfolio.example.dev', 6],
  ['bücher.example', 7],
  ['пример.рф', 7],
];

const SLUGS = [
  'getting-started',
  'pricing',
  'summer-sale',
  'how-we-work',
  'release-notes',
  'faq',
  'team',
  'careers',
] as const;
const UNICODE_SLUGS = ['überblick', 'straße', 'страница', 'новости', 'café-menü', 'größe'] as const;

/** Quality tiers, chosen per report, so all three ratings appear in useful numbers. */
const TIERS = [
  { weight: 40, passRate: 0.95 },
  { weight: 35, passRate: 0.72 },
  { weight: 25, passRate: 0.3 },
] as const;

function pickWeighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  const last = items[items.length - 1];
  if (!last) throw new Error('pickWeighted needs at least one item');
  return last[0];
}

function regularPath(random: Random, host: string): string {
  const unicode = /[^\x20-\x7e]/.test(host);
  return pick(random, [
    '',
    `blog/${pick(random, SLUGS)}`,
    `products/${randomInt(random, 100, 9999)}`,
    'about',
    `category/${unicode ? pick(random, UNICODE_SLUGS) : pick(random, SLUGS)}`,
    unicode ? pick(random, UNICODE_SLUGS) : `docs/${pick(random, SLUGS)}/index.html`,
    `search?q=${pick(random, SLUGS)}&page=${randomInt(random, 1, 9)}`,
  ]);
}

/** A tracking-laden URL of 200+ characters, as marketing links tend to be. */
function longUrl(random: Random, host: string): string {
  const campaign = `${pick(random, SLUGS)}-${randomInt(random, 1000, 9999)}`;
  return (
    `${host}/search/results/category/${pick(random, SLUGS)}/${pick(random, SLUGS)}` +
    `?q=${pick(random, SLUGS)}+${pick(random, SLUGS)}&utm_source=newsletter&utm_medium=email` +
    `&utm_campaign=${campaign}&utm_content=hero-banner-variant-b&filters%5Bprice%5D=10-250` +
    `&filters%5Bcolour%5D=midnight-blue&sort=relevance&session=${randomInt(random, 1e8, 9e8)}${randomInt(random, 1e8, 9e8)}`
  );
}

function pickPrivacy(random: Random): { privacy: Privacy; password: boolean } {
  const roll = random();
  if (roll < 0.6) return { privacy: 0, password: false };
  if (roll < 0.85) return { privacy: 1, password: false };
  // Most password-protected reports have a password; older records may not (set before it was required).
  return { privacy: 2, password: chance(random, 0.8) };
}

interface Draft {
  url: string;
  project: string;
  results?: (results: CheckResults) => CheckResults;
}

function specialDrafts(random: Random): Draft[] {
  const withMarkup = (results: CheckResults): CheckResults => ({
    ...results,
    title: { passed: true, importance: 'high', value: HOSTILE.markup },
    meta_description: {
      passed: false,
      importance: 'high',
      value: `"><svg onload=alert(1)>`,
      errors: { length: { min: 1, max: 160 } },
    },
  });
  const withExtraCheck = (results: CheckResults): CheckResults => ({
    ...results,
    [EXTRA_CHECK_NAME]: {
      passed: false,
      importance: 'low',
      value: { preconnect: ['https://cdn.example'], nested: { depth: [1, [2, 3]] } },
      errors: { unknown_code: { limit: 3 } },
    },
  });
  return [
    ...Array.from({ length: 8 }, () => ({ url: longUrl(random, 'shop.example.org'), project: 'shop.example.org' })),
    { url: `${AWKWARD_PROJECTS.withSpace}/about`, project: AWKWARD_PROJECTS.withSpace },
    { url: AWKWARD_PROJECTS.withSpace, project: AWKWARD_PROJECTS.withSpace },
    { url: `${AWKWARD_PROJECTS.withSlash}/index`, project: AWKWARD_PROJECTS.withSlash },
    { url: `${AWKWARD_PROJECTS.withSlash}/ü%`, project: AWKWARD_PROJECTS.withSlash },
    { url: HOSTILE.url, project: HOSTILE.project },
    { url: HOSTILE.scriptUrl, project: HOSTILE.project, results: withMarkup },
    { url: `${HOSTILE.project}/profile`, project: HOSTILE.project, results: withMarkup },
    { url: 'docs.example.io/reference/v3', project: 'docs.example.io', results: withExtraCheck },
    { url: 'blog.example.net/future', project: 'blog.example.net', results: withExtraCheck },
  ];
}

function draftToReport(random: Random, draft: Draft, now: Date): SeedReport {
  const tier = pickWeighted(
    random,
    TIERS.map((t) => [t, t.weight] as const),
  );
  const page = pageContextOf(draft.url, draft.project);
  const base = generateResults(random, page, tier.passRate);
  const results = draft.results ? draft.results(base) : base;

  const created = new Date(now.getTime() - Math.floor(random() * SPAN_MS));
  // A third were re-analysed later; some had their privacy changed after that.
  const generated = chance(random, 0.3)
    ? new Date(Math.min(now.getTime(), created.getTime() + randomInt(random, 1, 120) * DAY_MS))
    : created;
  const updated = chance(random, 0.2)
    ? new Date(Math.min(now.getTime(), generated.getTime() + randomInt(random, 1, 30) * DAY_MS))
    : generated;

  return {
    url: draft.url,
    project: draft.project,
    result: computeScore(results),
    results,
    ...pickPrivacy(random),
    generated_at: toServiceTimestamp(generated),
    created_at: toServiceTimestamp(created),
    updated_at: toServiceTimestamp(updated),
  };
}

/**
 * Builds the seed reports, oldest first (the store numbers them in this order, so a higher
 * id means created later, as in the real service). Awkward and hostile records come first
 * in the draft list, so even a small `reportCount` includes them.
 */
export function generateSeedReports(options: SeedOptions = {}): SeedReport[] {
  const random = createRandom(options.seed ?? DEFAULT_SEED);
  const now = options.now ?? DEFAULT_NOW;
  const count = options.reportCount ?? DEFAULT_REPORT_COUNT;

  const drafts = specialDrafts(random).slice(0, count);
  while (drafts.length < count) {
    const host = pickWeighted(random, REGULAR_HOSTS);
    const path = regularPath(random, host);
    const url = path === '' ? host : `${host}/${path}`;
    drafts.push({ url, project: host });
  }

  const reports = drafts.map((draft) => draftToReport(random, draft, now));
  // Stable sort: equal timestamps keep their draft order, so ids stay deterministic.
  return reports.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}
