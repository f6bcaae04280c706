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
  summariseChecks,
} from '../../src/lib/checks';
import { CHECK_GROUPS as SERVICE_GROUPS, CHECK_NAMES } from '../../src/simulator';

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

describe('errors in plain words', () => {
  it.each([
    ['title', 'missing', null, 'The page has no title.'],
    ['content_keywords', 'missing', ['coffee', 'guide'], 'These keywords do not appear in the content: coffee, guide.'],
    ['image_keywords', 'missing', ['https://x.example/a.jpg'], 'Some images have no alt text.'],
    ['meta_description', 'length', { min: 1, max: 160 }, 'Should be 1 to 160 characters long.'],
    ['in_page_links', 'too_many', { max: 150 }, 'Too many links: at most 150 recommended.'],
    ['headings', 'too_many', { max: 1 }, 'Too many H1 headings: at most 1 recommended.'],
    ['headings', 'duplicate', null, 'Some headings appear more than once.'],
    ['load_time', 'too_slow', { max: 2 }, 'Too slow: should load within 2 seconds.'],
    ['page_size', 'too_large', { max: 330000 }, 'Too large: should be at most 330 kB.'],
    ['content_length', 'too_few', { min: 500 }, 'Too few words: at least 500 recommended.'],
    ['text_html_ratio', 'too_small', { min: 10 }, 'Too low: should be at least 10 %.'],
    ['seo_friendly_url', 'bad_format', null, expect.stringContaining('not search-engine friendly')],
    ['deprecated_html_tags', 'bad_tags', null, 'The page uses deprecated HTML tags.'],
    ['gsb', 'failed', null, 'Google Safe Browsing lists this page as unsafe.'],
    ['something_new', 'failed', null, 'The check failed.'],
    ['preload_hints', 'unknown_code', { limit: 3 }, 'Unknown code: {"limit":3}'],
    ['preload_hints', 'weird', null, 'Weird'],
    ['load_time', 'too_slow', { max: '2' }, 'Too slow: should load within 2 seconds.'],
    ['load_time', 'too_slow', 'garbage', 'Too slow.'],
  ])('%s %s %j', (name, code, detail, text) => {
    expect(describeCheckError(name, code, detail)).toEqual(text);
  });

  it('says a failed check without codes failed, and a passed one has no problems', () => {
    expect(describeCheckErrors(check('title', false))).toEqual(['The check did not pass.']);
    expect(describeCheckErrors(check('title', true))).toEqual([]);
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
