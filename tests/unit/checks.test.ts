// @vitest-environment node
import type { Check } from '../../src/api';
import {
  checkGroupOf,
  checkTitle,
  describeCheckError,
  describeCheckErrors,
  describeCheckValue,
  describeGenericValue,
  formatBytes,
  formatCheckSummary,
  groupChecks,
  splitFindings,
  summariseChecks,
  summariseValue,
} from '../../src/lib/checks';
import { CHECK_GROUPS as SERVICE_GROUPS, CHECK_NAMES } from '../../src/simulator';
import { generateResults, pageContextOf } from '../../src/simulator/checks';
import { createRandom } from '../../src/simulator/random';

const check = (
  name: string,
  passed: boolean | null,
  importance: Check['importance'] = 'medium',
  errors: Record<string, unknown> = {},
): Check => ({
  name,
  passed,
  importance,
  value: null,
  errors,
});

describe('titles and groups', () => {
  it('gives every check the service runs a human title, not its raw name', () => {
    for (const name of CHECK_NAMES) {
      const title = checkTitle(name);
      expect(title).not.toContain('_');
      expect(title.charAt(0)).toBe(title.charAt(0).toUpperCase());
    }
    expect(checkTitle('meta_description')).toBe('Meta description');
    expect(checkTitle('404_page')).toBe('404 page');
    expect(checkTitle('gsb')).toBe('Google Safe Browsing');
    expect(checkTitle('preload_hints')).toBe('Preload hints');
    expect(checkTitle('__proto__')).toBe('Proto');
  });

  it('groups checks as the service does, and unknown ones under Other', () => {
    for (const [group, names] of Object.entries(SERVICE_GROUPS)) {
      for (const name of names) expect(checkGroupOf(name)).toBe(group);
    }
    expect(checkGroupOf('preload_hints')).toBe('other');
    expect(checkGroupOf('constructor')).toBe('other');
  });

  it('orders groups as the service does and puts failed checks first, high importance first', () => {
    const groups = groupChecks([
      check('favicon', true, 'low'),
      check('title', false, 'high', { missing: null }),
      check('mystery', null, null),
      check('load_time', true, 'high'),
      check('language', false, 'medium', { missing: null }),
      check('headings', true, 'high'),
      check('robots', false, 'medium', { failed: null }),
      check('noindex', false, 'high', { failed: null }),
    ]);
    expect(groups.map((g) => g.title)).toEqual(['SEO', 'Performance', 'Other']);
    expect(groups[0]?.checks.map((c) => c.name)).toEqual([
      'title',
      'noindex',
      'language',
      'robots',
      'headings',
      'favicon',
    ]);
  });
});

describe('values', () => {
  it('shows times, sizes and counts in units', () => {
    expect(describeCheckValue('load_time', 2.7)).toEqual({ kind: 'text', text: '2.7 seconds' });
    expect(describeCheckValue('page_size', 330_000)).toEqual({ kind: 'text', text: '330 kB' });
    expect(describeCheckValue('page_size', 4_512_345)).toEqual({ kind: 'text', text: '4.5 MB' });
    expect(describeCheckValue('dom_size', 1501)).toEqual({ kind: 'text', text: '1,501 elements' });
    expect(describeCheckValue('content_length', 499)).toEqual({ kind: 'text', text: '499 words' });
    expect(describeCheckValue('text_html_ratio', 9.5)).toEqual({ kind: 'text', text: '9.5 %' });
    expect(formatBytes(900)).toBe('900 bytes');
  });

  it('shows booleans, empty values and lists in words', () => {
    expect(describeCheckValue('https_encryption', true)).toEqual({ kind: 'text', text: 'Yes' });
    expect(describeCheckValue('https_encryption', false)).toEqual({ kind: 'text', text: 'No' });
    expect(describeCheckValue('gsb', null)).toEqual({ kind: 'none', text: 'No threats found' });
    expect(describeCheckValue('image_format', [])).toEqual({ kind: 'none', text: 'No images in old formats' });
    expect(describeCheckValue('content_keywords', ['coffee', 'guide'])).toEqual({
      kind: 'list',
      items: ['coffee', 'guide'],
    });
  });

  it('shows headings by level and request counts with a total', () => {
    expect(describeCheckValue('headings', { h1: ['Coffee guide'], h2: [] })).toEqual({
      kind: 'pairs',
      pairs: [
        { label: 'H1 (1)', items: ['Coffee guide'] },
        { label: 'H2', text: 'None' },
      ],
    });
    expect(describeCheckValue('http_requests', { JavaScripts: 30, CSS: 10, Images: 12 })).toMatchObject({
      kind: 'pairs',
      summary: '52 requests',
    });
    expect(
      describeCheckValue('in_page_links', { Internals: ['https://a.example/'], Externals: [], count: 151 }),
    ).toMatchObject({
      summary: '151 links',
      pairs: [
        { label: 'Internals', items: ['https://a.example/'] },
        { label: 'Externals', text: 'None' },
      ],
    });
    expect(describeCheckValue('deprecated_html_tags', { font: 3, center: 1 })).toEqual({
      kind: 'pairs',
      pairs: [
        { label: '<font>', text: '3 times' },
        { label: '<center>', text: 'once' },
      ],
    });
  });

  it('falls back to a generic rendering for unknown checks and unexpected shapes, never throwing', () => {
    expect(describeCheckValue('load_time', 'slow')).toEqual({ kind: 'text', text: 'slow' });
    expect(describeCheckValue('http_requests', ['a'])).toEqual({ kind: 'list', items: ['a'] });
    expect(
      describeCheckValue('preload_hints', { preconnect: ['https://cdn.example'], nested: { depth: [1, [2, 3]] } }),
    ).toEqual({
      kind: 'pairs',
      pairs: [
        { label: 'preconnect', items: ['https://cdn.example'] },
        { label: 'nested', text: '{"depth":[1,[2,3]]}' },
      ],
    });
    expect(describeGenericValue([{ a: 1 }, 2])).toEqual({ kind: 'raw', text: '[{"a":1},2]' });
    expect(describeGenericValue({ 'Open Graph': { 'og:type': 'website' } })).toEqual({
      kind: 'pairs',
      pairs: [{ label: 'Open Graph', items: ['og:type: website'] }],
    });
    expect(() => describeCheckValue('x', Symbol('odd') as unknown)).not.toThrow();
  });
});

describe('errors in plain words: what was found against what is expected', () => {
  it.each([
    ['load_time', 'too_slow', { max: 2 }, 2.7, '2.7 s, should be under 2 s.'],
    ['load_time', 'too_slow', { max: '2' }, 3, '3 s, should be under 2 s.'],
    ['load_time', 'too_slow', 'garbage', 2.7, '2.7 s.'],
    ['load_time', 'too_slow', { max: 2 }, 'slow', 'Too slow, should be under 2 s.'],
    ['page_size', 'too_large', { max: 330000 }, 1_234_567, '1.2 MB, should be at most 330 kB.'],
    ['title', 'length', { min: 1, max: 60 }, 'x'.repeat(72), '72 characters, should be at most 60.'],
    ['meta_description', 'length', { min: 50, max: 160 }, 'short', '5 characters, should be 50 to 160.'],
    [
      'meta_description',
      'length',
      { max: 160 },
      null,
      'The length is outside the recommended range, should be at most 160 characters.',
    ],
    ['title', 'too_many', { max: 1 }, 'Blog', 'More title tags than recommended, should be at most 1.'],
    ['headings', 'too_many', { max: 1 }, { h1: ['A', 'B'], h2: [] }, '2 H1 headings, should be at most 1.'],
    ['in_page_links', 'too_many', { max: 150 }, { Internals: [], count: 212 }, '212 links, should be at most 150.'],
    [
      'http_requests',
      'too_many',
      { max: 50 },
      { JavaScripts: 30, CSS: 10, Images: 60 },
      '100 requests, should be at most 50.',
    ],
    ['dom_size', 'too_many', { max: 1500 }, 3200, '3,200 elements, should be at most 1,500.'],
    ['content_length', 'too_few', { min: 500 }, 230, '230 words, should be at least 500.'],
    ['content_length', 'too_few', { min: 500 }, 1, '1 word, should be at least 500.'],
    ['text_html_ratio', 'too_small', { min: 10 }, 4.5, '4.5 %, should be at least 10 %.'],
    ['title', 'missing', null, null, 'No title, a page should have one.'],
    ['headings', 'missing', null, { h2: ['x'] }, 'No H1 heading, a page should have exactly one.'],
    ['https_encryption', 'missing', null, false, 'Served without HTTPS, should be HTTPS only.'],
    [
      'content_keywords',
      'missing',
      ['coffee', 'guide'],
      [],
      "Not in the page's text: coffee, guide. Each should appear in it.",
    ],
    ['image_keywords', 'missing', ['a.jpg', 'b.jpg'], ['a.jpg', 'b.jpg'], '2 images without alt text, should be none.'],
    ['defer_javascript', 'missing', null, ['a.js'], '1 script load without defer or async, should be none.'],
    ['headings', 'duplicate', null, null, 'The same heading appears more than once, each should be unique.'],
    [
      'robots',
      'failed',
      null,
      ['Disallow: /'],
      'Blocked by robots.txt (Disallow: /), search engines should be allowed in.',
    ],
    ['noindex', 'failed', null, 'noindex, nofollow', 'Marked “noindex, nofollow”, should be open to search engines.'],
    ['gsb', 'failed', null, ['SOCIAL_ENGINEERING'], 'Listed as unsafe (social engineering), should be on no list.'],
    ['plaintext_email', 'failed', null, ['a@x.example'], '1 email address in plain text, should be none.'],
    ['inline_css', 'failed', null, ['color: red', 'margin: 0'], '2 inline styles, should be none.'],
    ['sitemap', 'failed', null, [], 'No sitemap found, the site should have one.'],
    [
      'image_format',
      'bad_format',
      null,
      ['a.png', 'b.gif', 'c.jpg'],
      '3 images in older formats, should be WebP or AVIF.',
    ],
    [
      'seo_friendly_url',
      'bad_format',
      null,
      'https://x.example/A_B?id=3',
      expect.stringContaining('Not search-friendly'),
    ],
    [
      'deprecated_html_tags',
      'bad_tags',
      null,
      { font: 3, center: 1 },
      'Deprecated tags: <font> 3 times, <center> once; should be none.',
    ],
    ['something_new', 'failed', null, null, 'The check failed.'],
    ['preload_hints', 'unknown_code', { limit: 3 }, null, 'Unknown code (limit: 3).'],
    ['preload_hints', 'too_few_hints', 'preconnect', null, 'Too few hints: preconnect.'],
    ['preload_hints', 'weird', null, null, 'Weird.'],
    ['preload_hints', 'nested', { a: { b: 1 } }, null, 'Nested: {"a":{"b":1}}.'],
  ])('%s %s %j with %j', (name, code, detail, value, text) => {
    expect(describeCheckError(name, code, detail, value)).toEqual(text);
  });

  it('says a failed check without codes failed, and a passed one has no problems', () => {
    expect(describeCheckErrors(check('title', false))).toEqual(['The check did not pass.']);
    expect(describeCheckErrors(check('title', true))).toEqual([]);
  });

  it('words every failure the service produces without raw codes or JSON', () => {
    // A neglected page fails most checks; a few seeds of them fail every one at least once.
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed += 1) {
      const results = generateResults(createRandom(seed), pageContextOf('example.com/a', 'example.com'), 0);
      for (const [name, result] of Object.entries(results)) {
        if (result.passed) continue;
        seen.add(name);
        expectPlainWords(name, describeCheckErrors({ name, ...result, errors: result.errors ?? {} }));
      }
    }
    expect([...seen].sort()).toEqual([...CHECK_NAMES].sort());
  });

  function expectPlainWords(name: string, problems: string[]) {
    const [problem, ...more] = problems;
    expect(more, name).toEqual([]);
    expect(problem, name).toMatch(/^[A-Z0-9“]/);
    expect(problem, name).not.toMatch(/[_{}]|The check failed|undefined|null/);
    expect(problem, name).toMatch(/should/);
  }
});

describe('findings order', () => {
  it('lists the failed checks of every group by importance first, then in the service’s group order', () => {
    const { issues, unknown, passed } = splitFindings([
      check('favicon', false, 'low'),
      check('title', true, 'high'),
      check('inline_css', false, 'low'),
      check('gsb', false, 'high'),
      check('language', false, 'medium'),
      check('load_time', false, 'high'),
      check('preload_hints', false, 'medium'),
      check('charset', false, null),
      check('mystery', null, null),
      check('noindex', false, 'high'),
      check('dom_size', true, 'medium'),
    ]);
    expect(issues.map((c) => c.name)).toEqual([
      'noindex', // high, SEO
      'load_time', // high, Performance
      'gsb', // high, Security
      'language', // medium, SEO
      'preload_hints', // medium, Other
      'favicon', // low, SEO
      'inline_css', // low, Miscellaneous
      'charset', // importance not given
    ]);
    expect(unknown.map((c) => c.name)).toEqual(['mystery']);
    expect(passed.map((g) => [g.title, g.checks.map((c) => c.name)])).toEqual([
      ['SEO', ['title']],
      ['Performance', ['dom_size']],
    ]);
  });
});

describe('short values for comparisons', () => {
  it('says a value in one line', () => {
    expect(summariseValue('load_time', 2.7)).toBe('2.7 seconds');
    expect(summariseValue('content_keywords', ['coffee', 'guide'])).toBe('coffee, guide');
    expect(
      summariseValue(
        'image_keywords',
        Array.from({ length: 30 }, (_, i) => `https://x.example/${i}.jpg`),
      ),
    ).toBe('30 items');
    expect(summariseValue('http_requests', { JavaScripts: 3, CSS: 2 })).toBe('5 requests');
    expect(summariseValue('gsb', null)).toBe('No threats found');
    expect(summariseValue('meta_description', 'y'.repeat(200))).toHaveLength(80);
  });
});

describe('summary', () => {
  it('counts passed and failed checks by importance', () => {
    const summary = summariseChecks([
      check('a', true, 'high'),
      check('b', true, 'low'),
      check('c', false, 'high'),
      check('d', false, 'high'),
      check('e', false, 'medium'),
      check('f', null, null),
      check('g', false, null),
    ]);
    expect(summary.passed).toEqual({ total: 2, high: 1, medium: 0, low: 1, unknown: 0 });
    expect(summary.failed).toEqual({ total: 4, high: 2, medium: 1, low: 0, unknown: 1 });
    expect(formatCheckSummary(summary)).toBe(
      '2 passed (1 high, 1 low), 4 failed (2 high, 1 medium, 1 unrated), 1 of unknown outcome',
    );
  });
});
