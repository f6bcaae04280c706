import { matchesUrl, readPattern } from '../../../src/features/segments/match';
import { SEGMENT_PATTERN_MAX } from '../../../src/features/workspace/segments';

/** Which of `urls` the pattern takes. */
const taken = (pattern: string, urls: string[]) => urls.filter((url) => matchesUrl(pattern, url));

describe('a path prefix', () => {
  const urls = [
    'https://a.example/blog',
    'https://a.example/blog/',
    'https://a.example/blog/2026/post',
    'https://a.example/blogging',
    'https://a.example/about/blog/x',
    'https://a.example/',
  ];

  it('takes the path and everything under it, stopping at a step of the path', () => {
    expect(taken('/blog/', urls)).toEqual(urls.slice(0, 3));
    expect(taken('/blog', urls)).toEqual(urls.slice(0, 3));
  });

  it('"/" takes every page', () => {
    expect(taken('/', urls)).toEqual(urls);
  });
});

describe('a wildcard', () => {
  it('`/blog/*` takes the pages under /blog/ at any depth, not /blog/ itself', () => {
    expect(
      taken('/blog/*', ['a.example/blog/', 'a.example/blog/post', 'a.example/blog/2026/post', 'a.example/blogs/x']),
    ).toEqual(['a.example/blog/post', 'a.example/blog/2026/post']);
  });

  it('`*/products/*` takes the products of any host, anchored at both ends', () => {
    expect(
      taken('*/products/*', [
        'https://shop.a.example/products/shoe',
        'b.example/en/products/hat',
        'a.example/products',
        'a.example/old-products/shoe',
      ]),
    ).toEqual(['https://shop.a.example/products/shoe', 'b.example/en/products/hat']);
    expect(
      taken('/products/*/reviews', ['a.example/products/shoe/reviews', 'a.example/products/shoe/reviews/2']),
    ).toEqual(['a.example/products/shoe/reviews']);
  });

  it('pieces are found in order and do not overlap', () => {
    expect(matchesUrl('/a*a', 'x.example/a')).toBe(false);
    expect(matchesUrl('/a*a', 'x.example/aa')).toBe(true);
    expect(matchesUrl('/*b*c', 'x.example/cb')).toBe(false);
    expect(matchesUrl('/**b', 'x.example/xb')).toBe(true);
  });
});

describe('the address as the service stores it', () => {
  it('matches a URL stored without scheme or www. like one with them', () => {
    for (const url of ['a.example/blog/post', 'https://www.a.example/blog/post', 'http://A.EXAMPLE/blog/post/']) {
      expect(matchesUrl('/blog/*', url)).toBe(true);
      expect(matchesUrl('a.example/blog', url)).toBe(true);
      expect(matchesUrl('https://www.a.example/blog/', url)).toBe(true);
    }
    expect(matchesUrl('a.example/blog', 'a.example.evil.test/blog/post')).toBe(false);
    expect(matchesUrl('b.example/blog', 'a.example/blog/post')).toBe(false);
  });

  it('takes the home page of a host written with or without its slash', () => {
    expect(matchesUrl('a.example/', 'https://www.a.example')).toBe(true);
    expect(matchesUrl('a.example', 'https://a.example/')).toBe(true);
  });

  it('ignores a trailing slash on either side', () => {
    expect(matchesUrl('/blog/*/', 'a.example/blog/post/')).toBe(true);
    expect(matchesUrl('/blog/post/', 'a.example/blog/post')).toBe(true);
  });

  it('ignores the query string unless the pattern has one', () => {
    expect(matchesUrl('/search', 'a.example/search?q=shoes')).toBe(true);
    expect(matchesUrl('/search/*', 'a.example/search?q=shoes')).toBe(false);
    expect(matchesUrl('/search?q=*', 'a.example/search?q=shoes')).toBe(true);
    expect(matchesUrl('/search?q=', 'a.example/search?q=shoes')).toBe(true);
    expect(matchesUrl('/search?q=hats', 'a.example/search?q=shoes')).toBe(false);
    expect(matchesUrl('/search?q=*', 'a.example/search')).toBe(false);
  });

  it('ignores a fragment of the address', () => {
    expect(matchesUrl('/blog/post', 'a.example/blog/post#comments')).toBe(true);
  });

  it('compares letters in any case', () => {
    expect(matchesUrl('/Blog/*', 'A.Example/BLOG/Post')).toBe(true);
    expect(matchesUrl('A.EXAMPLE/blog', 'a.example/blog')).toBe(true);
  });

  it('compares percent-encoded and plain characters as the same', () => {
    expect(matchesUrl('/café/*', 'a.example/caf%C3%A9/menu')).toBe(true);
    expect(matchesUrl('/caf%c3%a9/*', 'a.example/café/menu')).toBe(true);
    expect(matchesUrl('/a%20b', 'a.example/a%20b')).toBe(true);
    // A broken sequence stays as written, on both sides, and breaks nothing.
    expect(matchesUrl('/%E0%A4%A', 'a.example/%E0%A4%A/x')).toBe(true);
    expect(matchesUrl('/%zz', 'a.example/%zz')).toBe(true);
  });
});

describe('hostile patterns', () => {
  it('keeps regular-expression characters literal', () => {
    const urls = ['a.example/a.b', 'a.example/axb', 'a.example/(x)', 'a.example/x', 'a.example/$', 'a.example/a+b'];
    expect(taken('/a.b', urls)).toEqual(['a.example/a.b']);
    expect(taken('/(x)', urls)).toEqual(['a.example/(x)']);
    expect(taken('/$', urls)).toEqual(['a.example/$']);
    expect(taken('/a+b', urls)).toEqual(['a.example/a+b']);
    expect(taken('/[a-z]', urls)).toEqual([]);
    expect(taken('/.*', urls)).toEqual([]);
    expect(taken('/x|/a.b', urls)).toEqual([]);
  });

  it('a literal star is written %2A', () => {
    expect(matchesUrl('/a%2Ab', 'a.example/a*b')).toBe(true);
    expect(matchesUrl('/a%2Ab', 'a.example/axb')).toBe(false);
    expect(matchesUrl('/a*b', 'a.example/axb')).toBe(true);
  });

  it('answers at once for a pattern made to backtrack', () => {
    const pattern = `/${'*a'.repeat(60)}b`;
    expect(pattern.length).toBeLessThanOrEqual(SEGMENT_PATTERN_MAX);
    const url = `a.example/${'a'.repeat(100_000)}`;
    const start = performance.now();
    for (let i = 0; i < 100; i += 1) expect(matchesUrl(pattern, url)).toBe(false);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it('has words for what cannot be a pattern, and such a pattern takes no page', () => {
    const problems: [string, RegExp][] = [
      ['', /Write a path/],
      ['   ', /Write a path/],
      [`/${'a'.repeat(SEGMENT_PATTERN_MAX)}`, /at most 200 characters/],
      ['/my blog/', /no spaces/],
      ['/blog/#top', /after #/],
      ['blog/', /Start a path with \//],
      ['ftp://a.example/x', /http and https/],
      ['javascript:alert(1)', /Start a path/],
    ];
    for (const [pattern, words] of problems) {
      expect(readPattern(pattern).problem).toMatch(words);
      expect(matchesUrl(pattern, 'a.example/blog/')).toBe(false);
    }
  });

  it('reads hosts with a port, localhost and a wildcard host', () => {
    expect(matchesUrl('localhost:8080/docs', 'http://localhost:8080/docs/a')).toBe(true);
    expect(matchesUrl('localhost/docs', 'http://localhost/docs/a')).toBe(true);
    expect(matchesUrl('*.a.example/*', 'https://shop.a.example/x')).toBe(true);
    expect(matchesUrl('*.a.example/*', 'https://a.example/x')).toBe(false);
  });
});
