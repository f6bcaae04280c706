// @vitest-environment node
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import type { Check } from '../../src/api';
import { i18n } from '../../src/lib/i18n/i18n';
import {
  escapeMarkdown,
  issuePagesMarkdown,
  markdownTable,
  MARKDOWN_MAX_PAGES,
  topIssuesMarkdown,
} from '../../src/lib/markdown';

/**
 * The Markdown the dashboard copies is read by a CommonMark renderer with tables (markdown-it,
 * as GitHub, GitLab and most chat tools read it), with raw HTML allowed: whatever a value holds,
 * it must come out as that text and nothing else.
 */
const md = new MarkdownIt({ html: true, linkify: false });

/** The text a browser would show for rendered HTML without tags. */
const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** What a value becomes as one line of text: line breaks and tabs are spaces. */
const oneLine = (value: string) => value.replace(/\r\n|[\n\r\v\f\u0085\u2028\u2029\t]/g, ' ').trim();

const HOSTILE = [
  'example.com/a|b|c',
  'shop.example/*sale*/__now__',
  'code `rm -rf /` here',
  '[click me](javascript:alert(1))',
  '![img](https://evil.example/x.png)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'first line\nsecond line\r\nthird',
  '# not a heading',
  '- not a list',
  '1. not a list either',
  '> not a quote',
  '~~not struck~~ &amp; &copy; \\* done',
  'https://example.com/<b>bold</b>?q=a_b*c',
  '<https://evil.example>',
  '[ref]: https://evil.example',
  '---',
];

describe('escapeMarkdown', () => {
  it.each(HOSTILE)('keeps %j inert: no tag, the same text', (value) => {
    const html = md.renderInline(escapeMarkdown(value));
    expect(html).not.toMatch(/<[a-z/!]/i);
    expect(decode(html)).toBe(oneLine(value));
  });

  it('escapes the markup characters themselves', () => {
    expect(escapeMarkdown('a|b *c* _d_ `e` [f] <g> & ~h~ \\')).toBe(
      'a\\|b \\*c\\* \\_d\\_ \\`e\\` \\[f\\] &lt;g&gt; &amp; \\~h\\~ \\\\',
    );
    expect(escapeMarkdown('line\nbreak')).toBe('line break');
    expect(escapeMarkdown('# title')).toBe('\\# title');
    expect(escapeMarkdown('12. item')).toBe('12\\. item');
    // Not a list marker: a number at the start of a value stays as it is.
    expect(escapeMarkdown('7.02 s')).toBe('7.02 s');
  });

  it('stays on one line at the start of a line too (a heading, a list, a quote, a rule)', () => {
    for (const value of ['# x', '- x', '+ x', '1) x', '> x', '---', '===', '```', '    code']) {
      const html = md.render(`${escapeMarkdown(value)}\n`);
      expect(html).toMatch(/^<p>[^<]*<\/p>\n$/);
      expect(decode(html.slice(3, -5))).toBe(value.trim());
    }
  });

  it('shows bidirectional controls and drops other control characters', () => {
    expect(escapeMarkdown('abc\u202Edef')).toBe('abc⟨U+202E⟩def');
    expect(escapeMarkdown('a\u0000b\u0007c\td')).toBe('abc d');
  });

  it('cuts a long value', () => {
    const escaped = escapeMarkdown('x'.repeat(5000));
    expect(escaped).toBe(`${'x'.repeat(300)}…`);
  });

  it('takes a control character between CR and LF away before the line break', () => {
    // Found by the property below (fast-check seed 1603632519): one break, one space.
    expect(escapeMarkdown('!\r\u0000\n!')).toBe('! !');
  });

  it('keeps any string inert', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (value) => {
        const html = md.renderInline(escapeMarkdown(value));
        expect(html).not.toMatch(/<[a-z/!]/i);
        // Control characters go; markdown-it itself reads U+0000 as U+FFFD.
        // eslint-disable-next-line no-control-regex
        const expected = oneLine(value.replace(/[\u0000-\u0008\u000E-\u001F\u007F]/g, ''));
        expect(decode(html)).toBe(
          expected.replace(
            /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g,
            (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`,
          ),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('markdownTable', () => {
  it('keeps one cell per value, whatever it holds', () => {
    const html = md.render(
      markdownTable(
        ['Page', 'Found'],
        HOSTILE.map((value) => [value, value]),
      ),
    );
    const rows = html.match(/<tr>[\s\S]*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(HOSTILE.length + 1);
    rows.slice(1).forEach((row, index) => {
      const cells = [...row.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((match) => match[1]!);
      expect(cells).toHaveLength(2);
      expect(cells.map(decode)).toEqual([oneLine(HOSTILE[index]!), oneLine(HOSTILE[index]!)].map((c) => c.trim()));
    });
  });
});

const check = (name: string, passed: boolean, importance: Check['importance'], value: unknown = null): Check => ({
  name,
  passed,
  importance,
  value,
  errors: passed ? {} : { missing: null },
});

describe('topIssuesMarkdown', () => {
  const report = {
    url: 'evil.example/<script>|*x*',
    project: 'evil.example',
    score: 42,
    rating: 'bad' as const,
    generatedAt: '2026-10-03T10:00:00Z',
    checks: [
      check('title', true, 'high', 'Fine'),
      check('favicon', false, 'low'),
      check('meta_description', false, 'high'),
      check('weird_`check`', false, 'medium', '<b>|</b>'),
    ],
  };

  it('lists the failed checks, most important first, with how to fix them, all inert', () => {
    const text = topIssuesMarkdown(
      report,
      (name) => (name === 'meta_description' ? 'Add <meta name="description">.' : undefined),
      i18n,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('## Top issues: evil.example/&lt;script&gt;\\|\\*x\\*');
    expect(lines[2]).toMatch(/^Score: Bad 42 · 3 failed checks · analysed .+ · project evil.example$/);
    expect(lines.filter((line) => /^\d+\. /.test(line))).toEqual([
      '1. **Meta description** (high importance, SEO): No meta description, a page should have one.',
      expect.stringMatching(/^2\. \*\*Weird \\`check\\`\*\* \(medium importance, Other\): /),
      '3. **Favicon** (low importance, SEO): No favicon, the site should have one.',
    ]);
    expect(text).toContain('   How to fix: Add &lt;meta name="description"&gt;.');
    const html = md.render(text);
    // Only this module's own structure: a heading, a paragraph, one ordered list, bold titles.
    expect(new Set(html.match(/<\/?[a-z0-9]+/gi))).toEqual(
      new Set(['<h2', '</h2', '<p', '</p', '<ol', '</ol', '<li', '</li', '<strong', '</strong']),
    );
    expect(html).toContain('<h2>Top issues: evil.example/&lt;script&gt;|*x*</h2>');
  });

  it('says so when nothing failed', () => {
    expect(topIssuesMarkdown({ ...report, checks: [check('title', true, 'high')] }, () => undefined, i18n)).toContain(
      '\nNo check failed.\n',
    );
  });
});

describe('issuePagesMarkdown', () => {
  const page = (url: string, score: number) => ({
    report: { url, score, rating: score > 79 ? ('good' as const) : ('bad' as const) },
    check: check('meta_description', false, 'high'),
  });

  it('is the issue and a table of its pages, a hostile URL in one cell', () => {
    const text = issuePagesMarkdown(
      {
        project: 'shop_example|com',
        check: 'meta_description',
        importance: 'high',
        pagesInProject: 40,
        pages: [page('shop.example/a|b', 30), page('shop.example/<img src=x onerror=alert(1)>', 90)],
      },
      i18n,
    );
    expect(text.split('\n').slice(0, 3)).toEqual([
      '## Meta description on shop\\_example\\|com',
      '',
      'Fails on 2 of 40 pages · importance high · SEO',
    ]);
    const html = md.render(text);
    expect(html).not.toMatch(/<img|<script/);
    const cells = [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((match) => decode(match[1]!));
    expect(cells).toEqual([
      'shop.example/a|b',
      'Bad 30',
      'No meta description, a page should have one.',
      'shop.example/<img src=x onerror=alert(1)>',
      'Good 90',
      'No meta description, a page should have one.',
    ]);
  });

  it(`lists ${MARKDOWN_MAX_PAGES} pages at most and says how many more there are`, () => {
    const pages = Array.from({ length: MARKDOWN_MAX_PAGES + 5 }, (_, i) => page(`example.com/${i}`, 50));
    const text = issuePagesMarkdown(
      { project: 'example.com', check: 'title', importance: null, pagesInProject: null, pages },
      i18n,
    );
    expect(text.match(/^\| example\.com\//gm)).toHaveLength(MARKDOWN_MAX_PAGES);
    expect(text).toContain('Fails on 105 pages · importance not stated · SEO');
    expect(text).toContain('…and 5 more pages: the dashboard’s CSV has them all.');
  });
});
