import { generateResults, pageContextOf } from './checks';
import { chance, createRandom, pick, randomInt, type Random } from './random';
import { computeScore } from './scoring';
import { toServiceTimestamp } from './timestamps';
import type { Privacy, ReportRecord } from './types';

// A large account for measuring the audit and the overview at scale: 10,000 reports over 40
// projects, one of them exactly 1,000 reports (the bench's project). Each project's pages were
// analysed several times over 18 months, so "latest run per URL" differs from "every report",
// and projects differ in quality, so they rank differently by health.
//
//   createSimulator({ seed: 'large' })                          in code
//   SIM_SEED=large npm run simulator                            over HTTP

export const LARGE_ACCOUNT = {
  reports: 10_000,
  projects: 40,
  /** The project of exactly `largestProjectReports` reports. */
  largestProject: 'big.example.com',
  largestProjectReports: 1_000,
} as const;

const NAMES = [
  'acme',
  'globex',
  'initech',
  'umbrella',
  'hooli',
  'vandelay',
  'soylent',
  'wonka',
  'tyrell',
  'cyberdyne',
  'gringotts',
  'oscorp',
  'wayne',
  'stark',
  'monarch',
  'aperture',
  'dunder',
  'pied-piper',
  'massive',
  'nakatomi',
] as const;
const TLDS = ['com', 'org', 'net', 'io', 'de', 'co.uk'] as const;
const SECTIONS = ['blog', 'products', 'docs', 'help', 'news', 'category', 'about', 'careers'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_MS = 548 * DAY_MS;

type LargeSeedReport = Omit<ReportRecord, 'id'>;

function projectNames(): string[] {
  const names: string[] = [LARGE_ACCOUNT.largestProject];
  for (let i = 0; names.length < LARGE_ACCOUNT.projects; i += 1) {
    const name = NAMES[i % NAMES.length] ?? 'site';
    const tld = TLDS[Math.floor(i / NAMES.length) % TLDS.length] ?? 'com';
    names.push(`${i % 3 === 0 ? 'shop.' : ''}${name}.example.${tld}`);
  }
  return names;
}

/** Sizes of the other projects: uneven (as real accounts are), adding up to the rest. */
function projectSizes(random: Random, count: number, total: number): number[] {
  const weights = Array.from({ length: count }, () => 0.2 + random() ** 2 * 4);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((weight) => Math.max(1, Math.floor((weight / sum) * total)));
  const short = total - sizes.reduce((a, b) => a + b, 0);
  sizes[0] = (sizes[0] ?? 0) + short;
  return sizes;
}

function privacyOf(random: Random): { privacy: Privacy; password: boolean } {
  const roll = random();
  if (roll < 0.7) return { privacy: 0, password: false };
  if (roll < 0.9) return { privacy: 1, password: false };
  return { privacy: 2, password: true };
}

/**
 * One report of a seeded account: its results drawn for the page, created within `spanMs` before
 * `now`, analysed again later for one in five. The large and the real-length addresses accounts
 * share it, so that their records have one shape.
 */
export function seededReport(
  random: Random,
  { url, host, passRate, now, spanMs }: { url: string; host: string; passRate: number; now: Date; spanMs: number },
): Omit<ReportRecord, 'id'> {
  const results = generateResults(random, pageContextOf(url, host), passRate);
  const created = new Date(now.getTime() - Math.floor(random() * spanMs));
  const generated = chance(random, 0.2)
    ? new Date(Math.min(now.getTime(), created.getTime() + randomInt(random, 1, 60) * DAY_MS))
    : created;
  return {
    url,
    project: host,
    result: computeScore(results),
    results,
    ...privacyOf(random),
    generated_at: toServiceTimestamp(generated),
    created_at: toServiceTimestamp(created),
    updated_at: toServiceTimestamp(generated),
  };
}

/** The large account's reports, oldest first (the store numbers them in this order). */
export function generateLargeAccount({
  seed = 1,
  now = new Date(),
}: { seed?: number; now?: Date } = {}): LargeSeedReport[] {
  const random = createRandom(seed ^ 0x1a29e);
  const names = projectNames();
  const sizes = [
    LARGE_ACCOUNT.largestProjectReports,
    ...projectSizes(random, names.length - 1, LARGE_ACCOUNT.reports - LARGE_ACCOUNT.largestProjectReports),
  ];
  const reports: LargeSeedReport[] = [];
  names.forEach((host, index) => {
    const size = sizes[index] ?? 0;
    // About seven pages for every ten reports: most pages were analysed once, some many times.
    const paths = Array.from({ length: Math.max(1, Math.round(size * 0.7)) }, (_, i) =>
      i === 0 ? host : `${host}/${pick(random, SECTIONS)}/page-${i}`,
    );
    const quality = 0.35 + random() * 0.6;
    for (let i = 0; i < size; i += 1) {
      const url = i < paths.length ? (paths[i] ?? host) : (paths[randomInt(random, 0, paths.length - 1)] ?? host);
      const passRate = Math.min(0.98, Math.max(0.1, quality + (random() - 0.5) * 0.3));
      reports.push(seededReport(random, { url, host, passRate, now, spanMs: SPAN_MS }));
    }
  });
  return reports.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}
