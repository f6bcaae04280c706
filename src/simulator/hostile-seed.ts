import { generateResults, pageContextOf } from './checks';
import { createRandom } from './random';
import { computeScore } from './scoring';
import type { SeedReport } from './seed';
import { toServiceTimestamp } from './timestamps';
import type { CheckResults } from './types';

// An opt-in seed of records built to break a client: markup and script URLs in every field,
// names that upset paths, deceptive text, huge strings, shapes no version of the service
// sends. It proves the dashboard renders anything a hostile service (or a hostile page it
// analysed) sends as inert text. Never part of the default demo: choose it with
// createSimulator({ seed: 'hostile' }), SIM_SEED=hostile, or `?demo-seed=hostile`.

/** Each payload would set `window.__pwned` if the dashboard ever ran it. */
export const HOSTILE = {
  imgOnerror: `<img src=x onerror="window.__pwned='img'">`,
  script: `<script>window.__pwned='script'</script>`,
  svgOnload: `<svg onload="window.__pwned='svg'"></svg>`,
  attributeBreakout: `"><img src=x onerror="window.__pwned='attribute'">`,
  javascriptUrl: `javascript:window.__pwned='href'`,
  javascriptUrlMixedCase: ` JaVaScRiPt:window.__pwned='href-case'`,
  dataUrl: `data:text/html,<script>window.__pwned='data'</script>`,
  /** A link to it would show a login page's owner the password. */
  credentialsUrl: 'https://user:pa55@evil.example/login',
  /** U+202E turns the rest around: it shows as "invoice-exe.pdf". */
  rtlUrl: 'evil.example/invoice-\u202Efdp.exe',
} as const;

export const HOSTILE_PROJECTS = {
  plain: 'evil.example',
  imgOnerror: HOSTILE.imgOnerror,
  script: HOSTILE.script,
  /** U+202E again: shows as "safe-example.org". */
  rtl: 'safe-\u202Egro.elpmaxe',
  dot: '.',
  dotDot: '..',
  awkward: 'a b/ü%',
  encodedSlash: 'x%2Fy.example',
  withSpace: 'my site.example',
  long: `${'l'.repeat(300_000)}.example`,
} as const;

/** A check no documented version has: the client must render unknown checks generically. */
export const UNKNOWN_CHECK_NAME = 'preload_hints';

export const HUGE_LENGTH = 300_000;

/** A stored record as the service may send it, types and all: the seed breaks them on purpose. */
type HostileRecord = Omit<SeedReport, 'result' | 'results'> & { result: unknown; results: unknown };

interface Draft {
  url: string;
  project: string;
  result?: unknown;
  results?: (results: CheckResults) => Record<string, unknown>;
}

const markupEverywhere = (results: CheckResults): Record<string, unknown> => ({
  ...results,
  title: { passed: true, importance: 'high', value: HOSTILE.imgOnerror },
  meta_description: {
    passed: false,
    importance: 'high',
    value: HOSTILE.attributeBreakout,
    errors: { length: { min: 1, max: 160 } },
  },
  headings: {
    passed: false,
    importance: 'high',
    value: { h1: [HOSTILE.script, HOSTILE.svgOnload], h2: [[{ deep: HOSTILE.imgOnerror }]] },
    errors: { too_many: { max: '<i>1</i>' } },
  },
  structured_data: {
    passed: true,
    importance: 'medium',
    value: { 'Open Graph': { [HOSTILE.imgOnerror]: HOSTILE.script } },
  },
});

const scriptUrlsInValues = (results: CheckResults): Record<string, unknown> => ({
  ...results,
  seo_friendly_url: { passed: true, importance: 'medium', value: HOSTILE.javascriptUrl },
  '404_page': { passed: true, importance: 'medium', value: HOSTILE.dataUrl },
  favicon: { passed: true, importance: 'low', value: HOSTILE.javascriptUrlMixedCase },
  sitemap: { passed: true, importance: 'medium', value: [HOSTILE.javascriptUrl, HOSTILE.credentialsUrl] },
  social: {
    passed: true,
    importance: 'low',
    value: { twitter: [HOSTILE.javascriptUrl], facebook: [HOSTILE.dataUrl] },
  },
  in_page_links: {
    passed: true,
    importance: 'medium',
    value: { Internals: [HOSTILE.javascriptUrl], Externals: [HOSTILE.credentialsUrl], count: 2 },
  },
});

const unknownShapes = (results: CheckResults): Record<string, unknown> => ({
  ...results,
  [UNKNOWN_CHECK_NAME]: {
    passed: false,
    importance: 'low',
    value: { preconnect: ['https://cdn.example'], nested: { depth: [1, [2, 3]] } },
    errors: { unknown_code: { limit: 3 } },
  },
  [HOSTILE.imgOnerror]: {
    passed: false,
    importance: 'high',
    value: HOSTILE.imgOnerror,
    errors: { [HOSTILE.imgOnerror]: { max: HOSTILE.script } },
  },
  load_time: { passed: false, importance: 'low', value: 'not a number', errors: { too_slow: 'whatever' } },
  dom_size: { passed: 'yes', importance: 'critical', value: -1, errors: ['not', 'an', 'object'] },
  weird: [1, 2, { passed: 'yes' }],
  nothing: null,
});

function drafts(): Draft[] {
  const huge = 'a'.repeat(HUGE_LENGTH);
  return [
    { url: HOSTILE.javascriptUrl, project: HOSTILE_PROJECTS.plain, results: scriptUrlsInValues },
    { url: HOSTILE.javascriptUrlMixedCase, project: HOSTILE_PROJECTS.plain },
    { url: HOSTILE.dataUrl, project: HOSTILE_PROJECTS.plain },
    { url: `evil.example/${HOSTILE.script}`, project: HOSTILE_PROJECTS.plain, results: markupEverywhere },
    { url: `evil.example/${HOSTILE.attributeBreakout}`, project: HOSTILE_PROJECTS.imgOnerror },
    { url: `evil.example/${HOSTILE.imgOnerror}`, project: HOSTILE_PROJECTS.script, results: markupEverywhere },
    { url: HOSTILE.credentialsUrl, project: HOSTILE_PROJECTS.plain },
    { url: HOSTILE.rtlUrl, project: HOSTILE_PROJECTS.rtl },
    { url: './index', project: HOSTILE_PROJECTS.dot },
    { url: '../index', project: HOSTILE_PROJECTS.dotDot },
    { url: 'a b/ü%/index', project: HOSTILE_PROJECTS.awkward },
    { url: 'a b/ü%/ü%', project: HOSTILE_PROJECTS.awkward },
    { url: 'x%2Fy.example/page', project: HOSTILE_PROJECTS.encodedSlash },
    { url: 'my site.example', project: HOSTILE_PROJECTS.withSpace },
    { url: 'my site.example/about', project: HOSTILE_PROJECTS.withSpace },
    { url: `${HOSTILE_PROJECTS.long}/${huge}`, project: HOSTILE_PROJECTS.long },
    {
      url: 'evil.example/long-title',
      project: HOSTILE_PROJECTS.plain,
      results: (results) => ({ ...results, title: { passed: false, importance: 'high', value: huge } }),
    },
    { url: 'evil.example/new-checks', project: HOSTILE_PROJECTS.plain, results: unknownShapes },
    { url: 'evil.example/no-score', project: HOSTILE_PROJECTS.plain, result: null },
    { url: 'evil.example/markup-score', project: HOSTILE_PROJECTS.plain, result: '<b>great</b>' },
  ];
}

/** The hostile records, an hour apart and the newest an hour before `now`, oldest first. */
export function generateHostileReports(now: Date): SeedReport[] {
  const random = createRandom(202);
  const all = drafts();
  return all.map((draft, index): SeedReport => {
    const base = generateResults(random, pageContextOf(draft.url, draft.project), 0.6);
    const results = draft.results ? draft.results(base) : base;
    const stamp = toServiceTimestamp(new Date(now.getTime() - (all.length - index) * 3_600_000));
    const record: HostileRecord = {
      url: draft.url,
      project: draft.project,
      result: 'result' in draft ? draft.result : computeScore(results as CheckResults),
      results,
      privacy: 0,
      password: false,
      generated_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    };
    // Deliberately not a well-formed record: the store keeps whatever it is given.
    return record as SeedReport;
  });
}
