import type { Report } from '../../src/api';
import { checksToCsv, reportsToCsv, reportsToJson } from '../../src/features/exports/report-export';
import { servicePageOf } from '../../src/features/exports/share-link';
import type { RuntimeConfig } from '../../src/lib/runtime-config';

/** The export's report links as the share link makes them, from config.json's template. */
const pagesUnder = (service: string, reportPageUrl?: string) => (id: string) =>
  servicePageOf({ raw: reportPageUrl ? { reportPageUrl } : {} } as RuntimeConfig, service, id);
import { csvCell, csvFileName, downloadCsv, toCsv } from '../../src/lib/csv';
import { switchLanguage } from '../../src/lib/i18n/switch-language';

const report = (overrides: Partial<Report>): Report => ({
  id: '42',
  url: 'example.com/blog',
  project: 'example.com',
  score: 84,
  rating: 'good',
  checks: [
    { name: 'title', passed: true, importance: 'high', value: 'Blog', errors: {} },
    { name: 'load_time', passed: false, importance: 'medium', value: 2.7, errors: { too_slow: { max: 2 } } },
  ],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2024-05-01T10:00:00.000000Z',
  createdAt: '2024-04-30T09:00:00.000000Z',
  updatedAt: null,
  ...overrides,
});

describe('CSV for spreadsheets', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', 'plain', '1=1'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      '"\'\rx"',
      'plain',
      '1=1',
    ]);
    // A number is data, not a formula: negative scores stay numbers.
    expect(csvCell(-3)).toBe('-3');
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('ends every record with CRLF (the BOM belongs to the file: see the exports below)', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });

  it('leaves a number that is not finite, or a missing value, empty', () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, undefined, 0].map(csvCell)).toEqual(['', '', '', '0']);
  });

  it('names a file from free text with letters, digits, dots and dashes only', () => {
    expect(csvFileName('example.com', 'Title tag / H1')).toBe('example.com-Title-tag-H1.csv');
    expect(csvFileName('..a  b--', '')).toBe('a-b.csv');
    // One dash between words, whether the text had dashes, spaces or both; none at either end.
    expect(csvFileName('a - b--c')).toBe('a-b-c.csv');
    expect(csvFileName('report', '..')).toBe('report.csv');
    expect(csvFileName('-.', '/')).toBe('export.csv');
    expect(csvFileName('x'.repeat(150))).toBe(`${'x'.repeat(100)}.csv`);
    // A part left out takes no place: no doubled dash where it would have been.
    expect(csvFileName('example.com', undefined, 'issues')).toBe('example.com-issues.csv');
    expect(csvFileName(undefined)).toBe('export.csv');
  });

  it('hands the text to the browser as a UTF-8 download with a byte-order mark, then lets the URL go', () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(this.isConnected).toBe(true);
    });
    try {
      downloadCsv('a.csv', 'a,b\r\n');
      expect(create).toHaveBeenCalledTimes(1);
      expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
      // The byte-order mark (3 bytes in UTF-8) and the text (5).
      expect(blobs[0]?.size).toBe(8);
      expect(clicked).toHaveLength(1);
      expect(clicked[0]).toMatchObject({ download: 'a.csv', hidden: true, href: 'blob:export' });
      // Out of the page once clicked; the URL goes once this task is over.
      expect(clicked[0]!.isConnected).toBe(false);
      expect(revoke).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(revoke).toHaveBeenCalledWith('blob:export');
    } finally {
      click.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('an export of reports', () => {
  const reports = [
    report({}),
    report({
      id: '7',
      url: '=HYPERLINK("http://evil.example","click"),x',
      project: 'evil.example',
      score: null,
      rating: null,
      privacy: 'password',
      checks: [{ name: 'title', passed: false, importance: 'high', value: null, errors: {} }],
      generatedAt: null,
    }),
  ];

  it('is exactly this CSV, with one column per check when asked', () => {
    expect(reportsToCsv(reports, pagesUnder('https://seo.example/api/v1/'), true)).toBe(
      '\uFEFF' +
        'URL,Project,Score,Rating,Privacy,Generated,Created,Report page,Title,Load time\r\n' +
        'example.com/blog,example.com,84,good,Public,2024-05-01T10:00:00.000000Z,2024-04-30T09:00:00.000000Z,https://seo.example/reports/42,passed,failed\r\n' +
        `"'=HYPERLINK(""http://evil.example"",""click""),x",evil.example,,,Password,,2024-04-30T09:00:00.000000Z,https://seo.example/reports/7,failed,\r\n`,
    );
  });

  it('stays English while the dashboard speaks German: columns, privacy and check titles', async () => {
    await switchLanguage('de');
    try {
      const [header, first, second] = reportsToCsv(reports, pagesUnder('https://seo.example/api/v1/'), true).split(
        '\r\n',
      );
      expect(header).toBe('\uFEFFURL,Project,Score,Rating,Privacy,Generated,Created,Report page,Title,Load time');
      expect(first).toContain(',good,Public,');
      expect(second).toContain(',,Password,');
    } finally {
      await switchLanguage('en');
    }
  });

  it("links each report where the share link does: config.json's reportPageUrl when it is set", () => {
    const csv = reportsToCsv(reports, pagesUnder('https://api.seo.example', 'https://app.seo.example/r/{id}'), false);
    expect(csv.split('\r\n')[1]).toMatch(/,https:\/\/app\.seo\.example\/r\/42$/);
    // A template that would not give a web address leaves the cell empty rather than wrong.
    const none = reportsToCsv(reports, pagesUnder('https://api.seo.example', 'javascript:{id}'), false);
    expect(none.split('\r\n')[1]).toMatch(/,$/);
  });

  it('as JSON keeps the values typed', () => {
    const [first] = JSON.parse(reportsToJson(reports, pagesUnder('https://seo.example'), false)) as Record<
      string,
      unknown
    >[];
    expect(first).toEqual({
      id: '42',
      url: 'example.com/blog',
      project: 'example.com',
      score: 84,
      rating: 'good',
      privacy: 'public',
      generated_at: '2024-05-01T10:00:00.000000Z',
      created_at: '2024-04-30T09:00:00.000000Z',
      report_page: 'https://seo.example/reports/42',
    });
  });

  it("a single report's checks", () => {
    expect(checksToCsv(report({}))).toBe(
      '\uFEFFCheck,Title,Importance,Result,Value\r\n' +
        'title,Title,high,passed,Blog\r\n' +
        'load_time,Load time,medium,failed,2.7\r\n',
    );
  });
});
