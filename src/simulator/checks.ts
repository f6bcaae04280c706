import { chance, createRandom, hashString, pick, pickSome, randomInt, type Random } from './random';
import { computeScore } from './scoring';
import type { CheckResult, CheckResults, Importance, JsonValue } from './types';

// The catalogue of checks the real service runs, with values and error codes shaped the way
// its source produces them. Values deliberately vary in shape (strings, numbers, arrays,
// objects, booleans, null) because the client has to render all of them.

/** What a check generator knows about the analysed page. */
export interface PageContext {
  /** Cleaned URL, e.g. `example.com/blog/post`. */
  url: string;
  host: string;
  /** A word the page is "about", reused in title, headings and keywords so they agree. */
  topic: string;
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
  generate: CheckGenerator;
}

const WORDS = [
  'coffee',
  'garden',
  'travel',
  'pricing',
  'guide',
  'review',
  'recipes',
  'hosting',
  'analytics',
  'design',
  'running',
  'books',
  'camera',
  'climate',
  'fitness',
  'music',
] as const;

function sentence(random: Random, topic: string, words: number): string {
  const parts: string[] = [topic.charAt(0).toUpperCase() + topic.slice(1)];
  while (parts.length < words) parts.push(pick(random, WORDS));
  return parts.join(' ');
}

function assetUrls(random: Random, page: PageContext, folder: string, extension: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `https://${page.host}/${folder}/${pick(random, WORDS)}-${i + 1}.${extension}`,
  );
}

const CHECKS: readonly CheckDefinition[] = [
  // SEO
  {
    name: 'title',
    group: 'seo',
    importance: 'high',
    generate: (random, passed, page) => {
      if (passed) return ok(`${sentence(random, page.topic, 3)} | ${page.host}`);
      return pick(random, [
        fail(null, { missing: null }),
        fail(sentence(random, page.topic, 14), { length: { min: 1, max: 60 } }),
        fail(sentence(random, page.topic, 3), { too_many: { max: 1 } }),
      ]);
    },
  },
  {
    name: 'meta_description',
    group: 'seo',
    importance: 'high',
    generate: (random, passed, page) => {
      if (passed) return ok(`${sentence(random, page.topic, 12)}.`);
      return pick(random, [
        fail(null, { missing: null }),
        fail(`${sentence(random, page.topic, 40)}.`, { length: { min: 1, max: 160 } }),
      ]);
    },
  },
  {
    name: 'headings',
    group: 'seo',
    importance: 'high',
    generate: (random, passed, page) => {
      const h2 = Array.from({ length: randomInt(random, 0, 4) }, () => sentence(random, pick(random, WORDS), 3));
      const h3 = Array.from({ length: randomInt(random, 0, 3) }, () => sentence(random, pick(random, WORDS), 2));
      const h1 = sentence(random, page.topic, 3);
      if (passed) return ok({ h1: [h1], h2, h3 });
      return pick(random, [
        fail({ h2, h3 }, { missing: null }),
        fail({ h1: [h1, sentence(random, page.topic, 2)], h2 }, { too_many: { max: 1 } }),
        fail({ h1: [h1, h1], h2 }, { duplicate: null }),
      ]);
    },
  },
  {
    name: 'content_keywords',
    group: 'seo',
    importance: 'high',
    generate: (random, passed, page) => {
      const keywords = [page.topic, ...pickSome(random, WORDS, randomInt(random, 1, 4))];
      return passed ? ok(keywords) : fail([], { missing: keywords });
    },
  },
  {
    name: 'image_keywords',
    group: 'seo',
    importance: 'high',
    generate: (random, passed, page) => {
      if (passed) return ok([]);
      const images = assetUrls(random, page, 'images', 'jpg', randomInt(random, 1, 5));
      return fail(images, { missing: images });
    },
  },
  {
    name: 'seo_friendly_url',
    group: 'seo',
    importance: 'medium',
    generate: (_random, passed, page) =>
      passed ? ok(`https://${page.url}`) : fail(`https://${page.url}`, { bad_format: null }),
  },
  {
    name: '404_page',
    group: 'seo',
    importance: 'medium',
    generate: (_random, passed, page) =>
      passed ? ok(`https://${page.host}/404-check-page`) : fail(null, { missing: null }),
  },
  {
    name: 'robots',
    group: 'seo',
    importance: 'medium',
    generate: (_random, passed) => (passed ? ok(null) : fail(['Disallow: /'], { failed: null })),
  },
  {
    name: 'noindex',
    group: 'seo',
    importance: 'high',
    generate: (random, passed) =>
      passed ? ok(null) : fail(pick(random, ['noindex', 'noindex, nofollow']), { failed: null }),
  },
  {
    name: 'in_page_links',
    group: 'seo',
    importance: 'medium',
    generate: (random, passed, page) => {
      // Failing pages have more than the 150 links the service allows.
      const internals = passed ? randomInt(random, 5, 100) : randomInt(random, 120, 260);
      const externals = passed ? randomInt(random, 0, 45) : randomInt(random, 31, 90);
      const value = {
        Internals: [`https://${page.host}/`, `https://${page.host}/about`],
        Externals: externals > 0 ? ['https://twitter.example/share'] : [],
        count: internals + externals,
      };
      return passed ? ok(value) : fail(value, { too_many: { max: 150 } });
    },
  },
  {
    name: 'language',
    group: 'seo',
    importance: 'medium',
    generate: (random, passed) =>
      passed ? ok(pick(random, ['en', 'en-GB', 'de', 'fr', 'ru'])) : fail(null, { missing: null }),
  },
  {
    name: 'favicon',
    group: 'seo',
    importance: 'low',
    generate: (_random, passed, page) =>
      passed ? ok(`https://${page.host}/favicon.ico`) : fail(null, { missing: null }),
  },
  // Performance
  {
    name: 'text_compression',
    group: 'performance',
    importance: 'medium',
    generate: (random, passed) => (passed ? ok(pick(random, ['gzip', 'br'])) : fail(null, { missing: null })),
  },
  {
    name: 'load_time',
    group: 'performance',
    importance: 'high',
    generate: (random, passed) => {
      // Seconds with two decimals, e.g. 2.7: the service reports wall-clock fetch time.
      const seconds = passed ? randomInt(random, 15, 199) / 100 : randomInt(random, 201, 900) / 100;
      return passed ? ok(seconds) : fail(seconds, { too_slow: { max: 2 } });
    },
  },
  {
    name: 'page_size',
    group: 'performance',
    importance: 'medium',
    generate: (random, passed) => {
      const bytes = passed ? randomInt(random, 12_000, 330_000) : randomInt(random, 330_001, 4_500_000);
      return passed ? ok(bytes) : fail(bytes, { too_large: { max: 330000 } });
    },
  },
  {
    name: 'http_requests',
    group: 'performance',
    importance: 'medium',
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
    generate: (random, passed, page) =>
      passed
        ? ok([])
        : fail(assetUrls(random, page, 'img', pick(random, ['png', 'jpg', 'gif']), randomInt(random, 1, 4)), {
            bad_format: null,
          }),
  },
  {
    name: 'defer_javascript',
    group: 'performance',
    importance: 'medium',
    generate: (random, passed, page) =>
      passed ? ok([]) : fail(assetUrls(random, page, 'js', 'js', randomInt(random, 1, 6)), { missing: null }),
  },
  {
    name: 'dom_size',
    group: 'performance',
    importance: 'medium',
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
    generate: (_random, passed) => (passed ? ok(true) : fail(false, { missing: null })),
  },
  {
    name: 'gsb',
    group: 'security',
    importance: 'high',
    generate: (random, passed) =>
      passed ? ok(null) : fail([pick(random, ['MALWARE', 'SOCIAL_ENGINEERING'])], { failed: null }),
  },
  {
    name: 'plaintext_email',
    group: 'security',
    importance: 'medium',
    generate: (random, passed, page) =>
      passed ? ok([]) : fail([`${pick(random, ['info', 'sales', 'admin'])}@${page.host}`], { failed: null }),
  },
  // Miscellaneous
  {
    name: 'structured_data',
    group: 'misc',
    importance: 'medium',
    generate: (random, passed, page) =>
      passed
        ? ok({
            'Open Graph': { 'og:title': sentence(random, page.topic, 3), 'og:type': 'website' },
            Twitter: { 'twitter:card': 'summary_large_image' },
            'Schema.org': { '@type': pick(random, ['Article', 'Product', 'WebPage']) },
          })
        : fail({}, { missing: null }),
  },
  {
    name: 'meta_viewport',
    group: 'misc',
    importance: 'high',
    generate: (_random, passed) => (passed ? ok('width=device-width, initial-scale=1') : fail(null, { missing: null })),
  },
  {
    name: 'charset',
    group: 'misc',
    importance: 'medium',
    generate: (random, passed) => (passed ? ok(pick(random, ['UTF-8', 'utf-8'])) : fail(null, { missing: null })),
  },
  {
    name: 'sitemap',
    group: 'misc',
    importance: 'medium',
    generate: (_random, passed, page) =>
      passed ? ok([`https://${page.host}/sitemap.xml`]) : fail([], { failed: null }),
  },
  {
    name: 'social',
    group: 'misc',
    importance: 'low',
    generate: (_random, passed, page) =>
      passed
        ? ok({
            twitter: [`https://twitter.example/${page.topic}`],
            facebook: [`https://facebook.example/${page.topic}`],
          })
        : fail({}, { missing: null }),
  },
  {
    name: 'content_length',
    group: 'misc',
    importance: 'medium',
    generate: (random, passed) => {
      const words = passed ? randomInt(random, 500, 4000) : randomInt(random, 20, 499);
      return passed ? ok(words) : fail(words, { too_few: { min: 500 } });
    },
  },
  {
    name: 'text_html_ratio',
    group: 'misc',
    importance: 'medium',
    generate: (random, passed) => {
      const percent = passed ? randomInt(random, 1000, 7000) / 100 : randomInt(random, 50, 999) / 100;
      return passed ? ok(percent) : fail(percent, { too_small: { min: 10 } });
    },
  },
  {
    name: 'inline_css',
    group: 'misc',
    importance: 'low',
    generate: (random, passed) =>
      passed
        ? ok([])
        : fail(pickSome(random, ['color: red', 'display:none', 'margin: 0 auto', 'font-size: 12px'], 2), {
            failed: null,
          }),
  },
  {
    name: 'deprecated_html_tags',
    group: 'misc',
    importance: 'low',
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
 * Analyses a page: each check passes with `passRate`, so a site's quality can be steered
 * (the seed uses this to get good, decent and bad reports in useful numbers).
 */
export function generateResults(random: Random, page: PageContext, passRate: number): CheckResults {
  const results: CheckResults = {};
  for (const check of CHECKS) {
    results[check.name] = runCheck(check, random, chance(random, passRate), page);
  }
  return results;
}

/** The page context a URL implies; the topic is derived from the URL so it is stable. */
export function pageContextOf(url: string, host: string): PageContext {
  const random = createRandom(hashString(url));
  return { url, host, topic: pick(random, WORDS) };
}

/** Results a fresh analysis of `url` yields: deterministic per URL, like a page that does not change. */
export function analysePage(url: string, host: string): CheckResults {
  const random = createRandom(hashString(`analyse:${url}`));
  const passRate = 0.45 + random() * 0.5;
  return generateResults(random, pageContextOf(url, host), passRate);
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
  const weighted = CHECKS.filter((check) => check.importance !== 'low' && previous[check.name] !== undefined);
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
