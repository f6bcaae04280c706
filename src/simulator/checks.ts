import { demoSiteOf } from './demo-sites';
import { chance, createRandom, hashString, pick, pickSome, randomInt, type Random } from './random';
import { computeScore } from './scoring';
import type { CheckResult, CheckResults, Importance, JsonValue } from './types';

// The catalogue of checks the real service runs, with values and error codes shaped the way
// its source produces them. Values deliberately vary in shape (strings, numbers, arrays,
// objects, booleans, null) because the client has to render all of them; their content is
// built from what the page is about, so a title, its headings and its keywords agree.

/** What a check generator knows about the analysed page. */
export interface PageContext {
  /** Cleaned URL, e.g. `fourthcoffee.com/menu`. */
  url: string;
  host: string;
  /** The name the site's titles end with, e.g. "Fourth Coffee". */
  siteName: string;
  /** The page's own title, e.g. "Café menu". */
  title: string;
  /** What the page is about, most important first. */
  keywords: readonly [string, ...string[]];
  language: string;
  /** A line of the site's own copy, for descriptions. */
  tagline: string;
  /** Subheadings the site uses. */
  sections: readonly [string, ...string[]];
  /** The schema.org type the page declares. */
  schemaType: string;
}

interface CheckOutcome {
  value: JsonValue;
  errors?: Record<string, JsonValue>;
}

const ok = (value: JsonValue): CheckOutcome => ({ value });
const fail = (value: JsonValue, errors: Record<string, JsonValue>): CheckOutcome => ({ value, errors });

type CheckGenerator = (random: Random, passed: boolean, page: PageContext) => CheckOutcome;

interface CheckDefinition {
  name: string;
  group: 'seo' | 'performance' | 'security' | 'misc';
  importance: Importance;
  /**
   * How often the check fails compared with an average one: real sites nearly always have
   * HTTPS and a charset, and nearly never defer all their scripts or give every image an alt.
   */
  failureRate: number;
  generate: CheckGenerator;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The page title as the site writes it: "Café menu | Fourth Coffee", unless that gets long. */
function fullTitle(page: PageContext): string {
  const withSite = `${page.title} | ${page.siteName}`;
  return withSite.length <= 60 ? withSite : page.title;
}

/** A description stuffed with keywords, as the pages that fail its length check tend to have. */
function stuffedDescription(page: PageContext): string {
  let text = `${page.title}: ${page.tagline}`;
  for (let round = 0; text.length <= 160; round += 1) {
    text += ` ${page.keywords.map((keyword) => capitalise(keyword)).join(', ')}${round % 2 ? ' and more' : ''}.`;
  }
  return text;
}

/** Images uploaded straight from a camera: what pages without alt texts and modern formats have. */
function uploads(random: Random, page: PageContext, extension: string, count: number): string[] {
  return Array.from(
    { length: count },
    () =>
      `https://${page.host}/uploads/20${randomInt(random, 22, 26)}/IMG_${randomInt(random, 1000, 9999)}.${extension}`,
  );
}

const SCRIPTS = [
  'jquery-3.7.1.min.js',
  'slider.js',
  'cookie-banner.js',
  'analytics.js',
  'chat-widget.js',
  'main.bundle.js',
  'polyfills.js',
] as const;

/** The site's handle on social networks, e.g. "fourthcoffee" ("Gärtnerei" → "gartnerei"). */
function handleOf(page: PageContext): string {
  const ascii = page.siteName
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return ascii || (page.host.split('.')[0] ?? page.host);
}

const CHECKS: readonly CheckDefinition[] = [
  // SEO
  {
    name: 'title',
    group: 'seo',
    importance: 'high',
    failureRate: 0.6,
    generate: (random, passed, page) => {
      if (passed) return ok(fullTitle(page));
      return pick(random, [
        fail(null, { missing: null }),
        fail(`${page.title} | ${page.keywords.map(capitalise).join(' | ')} | ${page.siteName} | ${page.tagline}`, {
          length: { min: 1, max: 60 },
        }),
        fail(fullTitle(page), { too_many: { max: 1 } }),
      ]);
    },
  },
  {
    name: 'meta_description',
    group: 'seo',
    importance: 'high',
    failureRate: 1,
    generate: (random, passed, page) => {
      const description = `${page.title}: ${page.tagline}`;
      if (passed) return ok(description.length <= 160 ? description : page.tagline);
      return pick(random, [
        fail(null, { missing: null }),
        fail(stuffedDescription(page), { length: { min: 1, max: 160 } }),
      ]);
    },
  },
  {
    name: 'headings',
    group: 'seo',
    importance: 'high',
    failureRate: 0.7,
    generate: (random, passed, page) => {
      const h2 = pickSome(random, page.sections, randomInt(random, 1, 4));
      const h3 = pickSome(random, page.keywords, randomInt(random, 0, 2)).map(capitalise);
      if (passed) return ok({ h1: [page.title], h2, h3 });
      return pick(random, [
        fail({ h2, h3 }, { missing: null }),
        fail({ h1: [page.siteName, page.title], h2 }, { too_many: { max: 1 } }),
        fail({ h1: [page.title, page.title], h2 }, { duplicate: null }),
      ]);
    },
  },
  {
    name: 'content_keywords',
    group: 'seo',
    importance: 'high',
    failureRate: 0.6,
    generate: (_random, passed, page) => (passed ? ok([...page.keywords]) : fail([], { missing: [...page.keywords] })),
  },
  {
    name: 'image_keywords',
    group: 'seo',
    importance: 'high',
    failureRate: 1.3,
    generate: (random, passed, page) => {
      if (passed) return ok([]);
      const images = uploads(random, page, 'jpg', randomInt(random, 1, 5));
      return fail(images, { missing: images });
    },
  },
  {
    name: 'seo_friendly_url',
    group: 'seo',
    importance: 'medium',
    failureRate: 0.4,
    generate: (_random, passed, page) =>
      passed ? ok(`https://${page.url}`) : fail(`https://${page.url}`, { bad_format: null }),
  },
  {
    name: '404_page',
    group: 'seo',
    importance: 'medium',
    failureRate: 0.4,
    generate: (_random, passed, page) => (passed ? ok(`https://${page.host}/404`) : fail(null, { missing: null })),
  },
  {
    name: 'robots',
    group: 'seo',
    importance: 'medium',
    failureRate: 0.15,
    generate: (_random, passed) => (passed ? ok(null) : fail(['Disallow: /'], { failed: null })),
  },
  {
    name: 'noindex',
    group: 'seo',
    importance: 'high',
    failureRate: 0.15,
    generate: (random, passed) =>
      passed ? ok(null) : fail(pick(random, ['noindex', 'noindex, nofollow']), { failed: null }),
  },
  {
    name: 'in_page_links',
    group: 'seo',
    importance: 'medium',
    failureRate: 0.5,
    generate: (random, passed, page) => {
      // Failing pages have more than the 150 links the service allows.
      const internals = passed ? randomInt(random, 5, 100) : randomInt(random, 120, 260);
      const externals = passed ? randomInt(random, 0, 45) : randomInt(random, 31, 90);
      const value = {
        Internals: [`https://${page.host}/`, `https://${page.host}/contact`],
        Externals: externals > 0 ? [`https://www.linkedin.com/company/${handleOf(page)}`] : [],
        count: internals + externals,
      };
      return passed ? ok(value) : fail(value, { too_many: { max: 150 } });
    },
  },
  {
    name: 'language',
    group: 'seo',
    importance: 'medium',
    failureRate: 0.4,
    generate: (_random, passed, page) => (passed ? ok(page.language) : fail(null, { missing: null })),
  },
  {
    name: 'favicon',
    group: 'seo',
    importance: 'low',
    failureRate: 0.4,
    generate: (_random, passed, page) =>
      passed ? ok(`https://${page.host}/favicon.ico`) : fail(null, { missing: null }),
  },
  // Performance
  {
    name: 'text_compression',
    group: 'performance',
    importance: 'medium',
    failureRate: 0.5,
    generate: (random, passed) => (passed ? ok(pick(random, ['gzip', 'br'])) : fail(null, { missing: null })),
  },
  {
    name: 'load_time',
    group: 'performance',
    importance: 'high',
    failureRate: 1,
    generate: (random, passed) => {
      // Seconds with two decimals, e.g. 2.7: the service reports wall-clock fetch time.
      const seconds = passed ? randomInt(random, 25, 199) / 100 : randomInt(random, 201, 900) / 100;
      return passed ? ok(seconds) : fail(seconds, { too_slow: { max: 2 } });
    },
  },
  {
    name: 'page_size',
    group: 'performance',
    importance: 'medium',
    failureRate: 1,
    generate: (random, passed) => {
      const bytes = passed ? randomInt(random, 40_000, 330_000) : randomInt(random, 330_001, 4_500_000);
      return passed ? ok(bytes) : fail(bytes, { too_large: { max: 330000 } });
    },
  },
  {
    name: 'http_requests',
    group: 'performance',
    importance: 'medium',
    failureRate: 1.2,
    generate: (random, passed) => {
      // Counts per resource type; a failing page makes more than the 50 requests allowed.
      const value = passed
        ? {
            JavaScripts: randomInt(random, 1, 12),
            CSS: randomInt(random, 1, 6),
            Images: randomInt(random, 2, 24),
            Iframes: randomInt(random, 0, 2),
            Videos: 0,
            Audios: 0,
          }
        : {
            JavaScripts: randomInt(random, 15, 40),
            CSS: randomInt(random, 6, 20),
            Images: randomInt(random, 30, 90),
            Iframes: randomInt(random, 0, 4),
            Videos: randomInt(random, 0, 2),
            Audios: 0,
          };
      return passed ? ok(value) : fail(value, { too_many: { max: 50 } });
    },
  },
  {
    name: 'image_format',
    group: 'performance',
    importance: 'medium',
    failureRate: 1.5,
    generate: (random, passed, page) =>
      passed
        ? ok([])
        : fail(uploads(random, page, pick(random, ['png', 'jpg', 'gif']), randomInt(random, 1, 4)), {
            bad_format: null,
          }),
  },
  {
    name: 'defer_javascript',
    group: 'performance',
    importance: 'medium',
    failureRate: 1.5,
    generate: (random, passed, page) =>
      passed
        ? ok([])
        : fail(
            pickSome(random, SCRIPTS, randomInt(random, 1, 5)).map((file) => `https://${page.host}/assets/js/${file}`),
            { missing: null },
          ),
  },
  {
    name: 'dom_size',
    group: 'performance',
    importance: 'medium',
    failureRate: 0.8,
    generate: (random, passed) => {
      const nodes = passed ? randomInt(random, 150, 1500) : randomInt(random, 1501, 9000);
      return passed ? ok(nodes) : fail(nodes, { too_many: { max: 1500 } });
    },
  },
  // Security
  {
    name: 'https_encryption',
    group: 'security',
    importance: 'high',
    failureRate: 0.15,
    generate: (_random, passed) => (passed ? ok(true) : fail(false, { missing: null })),
  },
  {
    name: 'gsb',
    group: 'security',
    importance: 'high',
    // A site on Google's Safe Browsing list is rare, and news for its owner.
    failureRate: 0.05,
    generate: (random, passed) =>
      passed ? ok(null) : fail([pick(random, ['MALWARE', 'SOCIAL_ENGINEERING'])], { failed: null }),
  },
  {
    name: 'plaintext_email',
    group: 'security',
    importance: 'medium',
    failureRate: 0.6,
    generate: (random, passed, page) =>
      passed ? ok([]) : fail([`${pick(random, ['info', 'sales', 'hello', 'press'])}@${page.host}`], { failed: null }),
  },
  // Miscellaneous
  {
    name: 'structured_data',
    group: 'misc',
    importance: 'medium',
    failureRate: 0.9,
    generate: (_random, passed, page) =>
      passed
        ? ok({
            'Open Graph': {
              'og:title': fullTitle(page),
              'og:type': page.schemaType === 'Article' ? 'article' : 'website',
            },
            Twitter: { 'twitter:card': 'summary_large_image' },
            'Schema.org': { '@type': page.schemaType },
          })
        : fail({}, { missing: null }),
  },
  {
    name: 'meta_viewport',
    group: 'misc',
    importance: 'high',
    failureRate: 0.2,
    generate: (_random, passed) => (passed ? ok('width=device-width, initial-scale=1') : fail(null, { missing: null })),
  },
  {
    name: 'charset',
    group: 'misc',
    importance: 'medium',
    failureRate: 0.1,
    generate: (random, passed) => (passed ? ok(pick(random, ['UTF-8', 'utf-8'])) : fail(null, { missing: null })),
  },
  {
    name: 'sitemap',
    group: 'misc',
    importance: 'medium',
    failureRate: 0.5,
    generate: (_random, passed, page) =>
      passed ? ok([`https://${page.host}/sitemap.xml`]) : fail([], { failed: null }),
  },
  {
    name: 'social',
    group: 'misc',
    importance: 'low',
    failureRate: 0.7,
    generate: (_random, passed, page) =>
      passed
        ? ok({
            twitter: [`https://x.com/${handleOf(page)}`],
            facebook: [`https://www.facebook.com/${handleOf(page)}`],
          })
        : fail({}, { missing: null }),
  },
  {
    name: 'content_length',
    group: 'misc',
    importance: 'medium',
    failureRate: 0.8,
    generate: (random, passed) => {
      const words = passed ? randomInt(random, 500, 4000) : randomInt(random, 20, 499);
      return passed ? ok(words) : fail(words, { too_few: { min: 500 } });
    },
  },
  {
    name: 'text_html_ratio',
    group: 'misc',
    importance: 'medium',
    failureRate: 1,
    generate: (random, passed) => {
      const percent = passed ? randomInt(random, 1000, 7000) / 100 : randomInt(random, 50, 999) / 100;
      return passed ? ok(percent) : fail(percent, { too_small: { min: 10 } });
    },
  },
  {
    name: 'inline_css',
    group: 'misc',
    importance: 'low',
    failureRate: 1.3,
    generate: (random, passed) =>
      passed
        ? ok([])
        : fail(pickSome(random, ['color: #c00', 'display:none', 'margin: 0 auto', 'font-size: 12px'], 2), {
            failed: null,
          }),
  },
  {
    name: 'deprecated_html_tags',
    group: 'misc',
    importance: 'low',
    failureRate: 0.6,
    generate: (random, passed) =>
      passed ? ok({}) : fail({ font: randomInt(random, 1, 9), center: randomInt(random, 0, 3) }, { bad_tags: null }),
  },
];

export const CHECK_NAMES: readonly string[] = CHECKS.map((check) => check.name);

export const CHECK_GROUPS: Readonly<Record<CheckDefinition['group'], readonly string[]>> = {
  seo: CHECKS.filter((c) => c.group === 'seo').map((c) => c.name),
  performance: CHECKS.filter((c) => c.group === 'performance').map((c) => c.name),
  security: CHECKS.filter((c) => c.group === 'security').map((c) => c.name),
  misc: CHECKS.filter((c) => c.group === 'misc').map((c) => c.name),
};

function runCheck(check: CheckDefinition, random: Random, passed: boolean, page: PageContext): CheckResult {
  const outcome = check.generate(random, passed, page);
  const result: CheckResult = { passed, importance: check.importance, value: outcome.value };
  if (!passed) result.errors = outcome.errors ?? { failed: null };
  return result;
}

/**
 * Analyses a page. How many checks fail follows the page's `quality` (0 neglected, 1 well
 * kept), so the seed can steer sites to good, decent and bad; which ones fail follows how
 * often each fails on real sites.
 */
export function generateResults(random: Random, page: PageContext, quality: number): CheckResults {
  const results: CheckResults = {};
  for (const check of CHECKS) {
    // A check that rarely fails (rate below 1) passes even on a neglected page; one that often
    // fails (above 1) fails even on a well-kept one.
    const passChance = Math.max(0.02, Math.min(1, quality)) ** check.failureRate;
    results[check.name] = runCheck(check, random, chance(random, passChance), page);
  }
  return results;
}

/**
 * The next analysis of a page some weeks later: its owners fixed some of what failed and
 * broke a little of what passed, and measured values (load time, size…) moved as they do.
 */
export function nextRunResults(random: Random, page: PageContext, previous: CheckResults): CheckResults {
  const results: CheckResults = {};
  for (const check of CHECKS) {
    const before = previous[check.name]?.passed ?? true;
    const passed = before ? !chance(random, 0.05 * check.failureRate) : chance(random, 0.15);
    results[check.name] = runCheck(check, random, passed, page);
  }
  return results;
}

function lastSegmentTitle(path: string): string | undefined {
  const segment = path
    .split('/')
    .filter((part) => part !== '')
    .at(-1);
  if (segment === undefined) return undefined;
  let text = segment.replace(/\.[a-z0-9]+$/i, '');
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not percent-encoded after all: keep it as it is.
  }
  text = text.replace(/[-_+]+/g, ' ').trim();
  return text === '' ? undefined : capitalise(text);
}

/** The name a site without a profile goes by: its domain's main label, e.g. "Example". */
function nameOfHost(host: string): string {
  const labels = host.split('.').filter((label) => label !== '');
  return capitalise(labels.length >= 2 ? (labels[labels.length - 2] ?? host) : (labels[0] ?? host));
}

/**
 * What the service would find on the page at `url`: a demo site's page as profiled, any other
 * page with a title made from its address. Stable per URL, like a page that does not change.
 */
export function pageContextOf(url: string, host: string): PageContext {
  const site = demoSiteOf(host);
  // A cleaned URL has no scheme: its path starts after the authority (host, port, credentials).
  const authority = url.split(/[/?#]/, 1)[0] ?? '';
  const path = url.slice(authority.length).replace(/^\/+/, '').split(/[?#]/, 1)[0] ?? '';
  const profiled = site?.pages.find((candidate) => candidate.path === path);
  const siteName = site?.name ?? nameOfHost(host);
  const title = profiled?.title ?? lastSegmentTitle(path) ?? (site ? site.pages[0].title : 'Home');
  const keywords = profiled?.keywords ?? [title.toLowerCase(), ...(site ? site.pages[0].keywords : [])];
  return {
    url,
    host,
    siteName,
    title,
    keywords: keywords.length > 0 ? (keywords as PageContext['keywords']) : [title.toLowerCase()],
    language: site?.language ?? 'en',
    tagline: site?.tagline ?? `${title} at ${siteName}: what it is, what it costs and how to get it.`,
    sections: site?.sections ?? ['Overview', 'Details', 'Frequently asked questions', 'Contact us'],
    schemaType: site?.schemaType ?? 'WebPage',
  };
}

/** Results a fresh analysis of `url` yields: deterministic per URL, like a page that does not change. */
export function analysePage(url: string, host: string): CheckResults {
  const random = createRandom(hashString(`analyse:${url}`));
  const quality = 0.2 + random() * 0.7;
  return generateResults(random, pageContextOf(url, host), quality);
}

/**
 * A re-analysis (`results=1`): the page has changed a little since last time, so a few
 * checks flip between passed and failed. At least one weighted check flips, so the score
 * always moves and the client can see the refresh took effect.
 */
export function reanalysePage(previous: CheckResults, url: string, host: string, generation: number): CheckResults {
  const random = createRandom(hashString(`reanalyse:${url}:${generation}`));
  const page = pageContextOf(url, host);
  const next: CheckResults = { ...previous };
  const weighted = CHECKS.filter((check) => check.importance !== 'low' && isCheckResult(previous[check.name]));
  const flips = pickSome(random, weighted, randomInt(random, 1, 4));
  for (const check of flips) {
    const before = previous[check.name];
    if (before) next[check.name] = runCheck(check, random, !before.passed, page);
  }
  // Flips can cancel out (one high up, one high down); flip one more until the score moves.
  const previousScore = computeScore(previous);
  for (const check of weighted) {
    if (computeScore(next) !== previousScore) break;
    const current = next[check.name];
    if (current && !flips.includes(check)) next[check.name] = runCheck(check, random, !current.passed, page);
  }
  return next;
}

/** Stored results may hold anything (the hostile seed does): only real check results are re-run. */
function isCheckResult(value: unknown): value is CheckResult {
  return typeof value === 'object' && value !== null && typeof (value as CheckResult).passed === 'boolean';
}
