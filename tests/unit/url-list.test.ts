// @vitest-environment node
import { parseUrlList } from '../../src/features/new-report/url-list';

describe('a pasted list of URLs', () => {
  it('is checked, put the way the service stores it, and de-duplicated (the first one kept)', () => {
    const list = parseUrlList(
      [
        'https://www.example.com/blog/',
        '',
        'example.com/blog', // same page: scheme, www. and the trailing slash do not count
        'HTTP://Example.COM/blog', // nor the case of the host
        'example.com/Blog', // a path is case-sensitive: another page
        'javascript:alert(1)',
        'not a url',
        'shop.example.org:8080/cart',
        '  http://www.example.net  ',
      ].join('\r\n'),
    );
    expect(list.valid.map((line) => [line.line, line.stored, line.url])).toEqual([
      [1, 'example.com/blog', 'https://www.example.com/blog/'],
      [5, 'example.com/Blog', 'https://example.com/Blog'],
      [8, 'shop.example.org:8080/cart', 'https://shop.example.org:8080/cart'],
      [9, 'example.net', 'http://www.example.net'],
    ]);
    expect(list.duplicates.map((line) => [line.line, line.duplicateOf])).toEqual([
      [3, 1],
      [4, 1],
    ]);
    expect(list.invalid.map((line) => [line.line, line.text])).toEqual([
      [6, 'javascript:alert(1)'],
      [7, 'not a url'],
    ]);
  });

  it('reads the first column of a CSV, without its header row or BOM', () => {
    const list = parseUrlList('\uFEFFurl,notes\n"https://a.example/x?a=1,2",first\nb.example;second\n');
    expect(list.valid.map((line) => line.stored)).toEqual(['a.example/x?a=1,2', 'b.example']);
  });
});
