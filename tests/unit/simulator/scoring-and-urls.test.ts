// @vitest-environment node
import { computeScore, ratingOf } from '../../../src/simulator';
import { checkPageUrl, hostOf, isUnreachableHost } from '../../../src/simulator/page-url';
import type { CheckResults } from '../../../src/simulator';

describe('computeScore', () => {
  it('weighs high 10, medium 5 and low 0', () => {
    const results: CheckResults = {
      a: { passed: true, importance: 'high', value: null },
      b: { passed: false, importance: 'medium', value: null, errors: { missing: null } },
      c: { passed: false, importance: 'low', value: null, errors: { missing: null } },
    };
    expect(computeScore(results)).toBe(67); // 10 / 15
    expect(computeScore({ ...results, d: { passed: true, importance: 'low', value: null } })).toBe(67);
    expect(computeScore({ ...results, e: { passed: true, importance: 'medium', value: null } })).toBe(75);
  });

  it.each([
    [0, 'bad'],
    [48, 'bad'],
    [49, 'decent'],
    [79, 'decent'],
    [80, 'good'],
    [100, 'good'],
  ] as const)('rates %i as %s', (score, rating) => {
    expect(ratingOf(score)).toBe(rating);
  });
});

describe('checkPageUrl', () => {
  it.each([
    ['example.com', 'example.com', 'example.com'],
    ['  https://WWW.Example.com/Path/  ', 'Example.com/Path', 'example.com'],
    ['http://user:pw@www.example.com:8080/a/', 'user:pw@www.example.com:8080/a', 'example.com'],
    ['https://пример.рф/страница', 'пример.рф/страница', 'пример.рф'],
  ])('accepts %s as %s (project %s)', (input, cleaned, host) => {
    expect(checkPageUrl(input)).toEqual({ ok: true, cleaned, host });
  });

  it.each([
    '',
    'javascript:alert(1)',
    // A script URL with a host part parses with a hostname, like a web address.
    'javascript://example.com/%0Aalert(1)',
    ' JavaScript://www.example.com/',
    'mailto:a@example.com',
    'http://',
    'http:example.com',
    'http:///example.com',
    'https://a b.example',
    '//example.com',
  ])('rejects %j', (input) => {
    expect(checkPageUrl(input)).toEqual({ ok: false, reason: 'format' });
  });

  it('derives the project from a cleaned url', () => {
    expect(hostOf('shop.example.org:443/cart?x=1')).toBe('shop.example.org');
    expect(hostOf('Blog.Example.NET')).toBe('blog.example.net');
  });

  it('knows which hosts cannot be fetched', () => {
    expect(isUnreachableHost('site.invalid')).toBe(true);
    expect(isUnreachableHost('unreachable.example.com')).toBe(true);
    expect(isUnreachableHost('intranet')).toBe(true);
    expect(isUnreachableHost('example.com')).toBe(false);
    expect(isUnreachableHost('localhost')).toBe(false);
  });
});
