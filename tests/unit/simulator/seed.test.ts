// @vitest-environment node
import {
  CHECK_NAMES,
  computeScore,
  createSimulator,
  DEMO_SITES,
  generateHostileReports,
  generateSeedReports,
  HOSTILE,
  HOSTILE_PROJECTS,
  HUGE_LENGTH,
  ratingOf,
  UNKNOWN_CHECK_NAME,
} from '../../../src/simulator';
import { call, form } from './helpers';

const ALL_CHECKS_FROM_SPEC = [
  'title',
  'meta_description',
  'headings',
  'content_keywords',
  'image_keywords',
  'seo_friendly_url',
  '404_page',
  'robots',
  'noindex',
  'in_page_links',
  'language',
  'favicon',
  'text_compression',
  'load_time',
  'page_size',
  'http_requests',
  'image_format',
  'defer_javascript',
  'dom_size',
  'https_encryption',
  'gsb',
  'plaintext_email',
  'structured_data',
  'meta_viewport',
  'charset',
  'sitemap',
  'social',
  'content_length',
  'text_html_ratio',
  'inline_css',
  'deprecated_html_tags',
];
const ERROR_CODES_FROM_SPEC = [
  'missing',
  'length',
  'too_many',
  'duplicate',
  'too_slow',
  'too_large',
  'too_few',
  'too_small',
  'bad_format',
  'bad_tags',
  'failed',
];

describe('seed data', () => {
  const reports = generateSeedReports();

  it('is the same for the same seed and different for another seed', () => {
    expect(generateSeedReports()).toEqual(reports);
    const other = generateSeedReports({ randomSeed: 7 });
    expect(other.map((r) => r.url)).not.toEqual(reports.map((r) => r.url));
  });

  it('dates everything within about 18 months before "now", in the service timestamp format', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const dated = generateSeedReports({ now, reportCount: 50 });
    for (const r of dated) {
      for (const stamp of [r.created_at, r.generated_at, r.updated_at]) {
        expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
        expect(Date.parse(stamp)).toBeLessThanOrEqual(now.getTime());
        expect(Date.parse(stamp)).toBeGreaterThan(now.getTime() - 549 * 86_400_000);
      }
      expect(r.generated_at >= r.created_at).toBe(true);
      expect(r.updated_at >= r.generated_at).toBe(true);
    }
    const span = Date.parse(reports.at(-1)?.created_at ?? '') - Date.parse(reports[0]?.created_at ?? '');
    expect(span).toBeGreaterThan(365 * 86_400_000);
  });

  it('has the requested number of reports, oldest first', () => {
    expect(reports).toHaveLength(300);
    expect(generateSeedReports({ reportCount: 12 })).toHaveLength(12);
    const created = reports.map((r) => r.created_at);
    expect(created).toEqual([...created].sort());
  });

  it('uses every check name and error code the observed spec lists', () => {
    expect([...CHECK_NAMES].sort()).toEqual([...ALL_CHECKS_FROM_SPEC].sort());
    const names = new Set(reports.flatMap((r) => Object.keys(r.results)));
    for (const name of ALL_CHECKS_FROM_SPEC) expect(names).toContain(name);
    const codes = new Set(
      reports.flatMap((r) => Object.values(r.results).flatMap((check) => Object.keys(check.errors ?? {}))),
    );
    for (const code of ERROR_CODES_FROM_SPEC) expect(codes).toContain(code);
  });

  it('gives failed checks errors and passed checks none, with all three importances', () => {
    const checks = reports.flatMap((r) => Object.values(r.results));
    expect(checks.filter((c) => c.passed).every((c) => c.errors === undefined)).toBe(true);
    expect(
      checks.filter((c) => !c.passed).every((c) => c.errors !== undefined && Object.keys(c.errors).length > 0),
    ).toBe(true);
    expect(new Set(checks.map((c) => c.importance))).toEqual(new Set(['high', 'medium', 'low']));
  });

  it('has values of many shapes', () => {
    const first = reports.find((r) => r.results.load_time?.passed === false);
    expect(first?.results.load_time?.value).toEqual(expect.any(Number));
    expect(first?.results.load_time?.errors).toEqual({ too_slow: { max: 2 } });
    const shapes = new Set(
      reports.flatMap((r) =>
        Object.values(r.results).map((c) =>
          c.value === null ? 'null' : Array.isArray(c.value) ? 'array' : typeof c.value,
        ),
      ),
    );
    expect(shapes).toEqual(new Set(['string', 'number', 'boolean', 'null', 'array', 'object']));
    const headings = reports.find((r) => r.results.headings?.passed)?.results.headings?.value;
    expect(headings).toEqual(expect.objectContaining({ h1: [expect.any(String)] }));
  });

  it('scores every report as the weighted share of its passed checks', () => {
    for (const r of reports) expect(r.result).toBe(computeScore(r.results));
  });

  it('has plenty of good, decent and bad reports', () => {
    const counts = { good: 0, decent: 0, bad: 0 };
    for (const r of reports) counts[ratingOf(r.result)] += 1;
    expect(counts.good).toBeGreaterThan(40);
    expect(counts.decent).toBeGreaterThan(40);
    expect(counts.bad).toBeGreaterThan(40);
  });

  it('has all three privacies, and password-protected reports with and without a password', () => {
    const privacies = new Set(reports.map((r) => r.privacy));
    expect(privacies).toEqual(new Set([0, 1, 2]));
    expect(reports.filter((r) => r.privacy === 2 && r.password).length).toBeGreaterThan(5);
    expect(reports.every((r) => r.privacy === 2 || !r.password)).toBe(true);
  });

  it('spreads the reports over a dozen believable sites, in more than one script', () => {
    const projects = new Set(reports.map((r) => r.project));
    expect([...projects].sort()).toEqual(DEMO_SITES.map((site) => site.host).sort());
    expect(projects.size).toBe(12);
    expect(projects).toContain('gärtnerei-sonnenhof.de');
    expect(projects).toContain('чайная-лавка.рф');
    // A site and its subdomain, so that the exact project filter differs from a search.
    expect(projects).toContain('fourthcoffee.com');
    expect(projects).toContain('shop.fourthcoffee.com');
    for (const r of reports) expect(r.url).toMatch(new RegExp(`^${r.project.replace(/\./g, '\\.')}($|[/?])`));
  });

  it('analyses pages several times over the months, mostly getting better', () => {
    const runs = new Map<string, number[]>();
    for (const r of reports) runs.set(r.url, [...(runs.get(r.url) ?? []), r.result]);
    const repeated = [...runs.values()].filter((scores) => scores.length >= 3);
    expect(repeated.length).toBeGreaterThan(30);
    const improved = repeated.filter((scores) => (scores.at(-1) ?? 0) > (scores[0] ?? 0)).length;
    expect(improved).toBeGreaterThan(repeated.length / 2);
  });

  it('includes long campaign URLs, and nothing built to break a client', () => {
    const campaigns = reports.filter((r) => r.url.length >= 200 && r.url.includes('?utm_source='));
    expect(campaigns.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(reports);
    for (const fixture of ['<', '>', 'javascript:', 'data:', 'evil', '%2F', '\u202e', '\u202E'])
      expect(text).not.toContain(fixture);
    expect(reports.every((r) => CHECK_NAMES.includes(Object.keys(r.results)[0] ?? ''))).toBe(true);
    for (const r of reports) expect(Object.keys(r.results).sort()).toEqual([...CHECK_NAMES].sort());
  });

  it('numbers the seeded reports 1..n in the simulator', () => {
    const sim = createSimulator({ reportCount: 20 });
    expect(sim.store.reports().map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('hostile seed', () => {
  const reports = generateHostileReports(new Date('2026-11-01T12:00:00Z'));
  const text = JSON.stringify(reports);
  const projects = new Set(reports.map((r) => r.project));

  it('is opt-in: the simulator starts with it only when asked, and reset() can switch', () => {
    expect(
      createSimulator()
        .store.reports()
        .some((r) => r.project === HOSTILE_PROJECTS.plain),
    ).toBe(false);
    const hostile = createSimulator({ seed: 'hostile' });
    expect(hostile.store.reports()).toHaveLength(reports.length);
    hostile.reset('demo');
    expect(hostile.store.reports()).toHaveLength(300);
    hostile.reset('hostile');
    expect(hostile.store.reports().map((r) => r.url)).toEqual(reports.map((r) => r.url));
  });

  it('puts script URLs and markup in URLs, projects and check values', () => {
    const urls = reports.map((r) => r.url);
    expect(urls).toContain(HOSTILE.javascriptUrl);
    expect(urls).toContain(HOSTILE.dataUrl);
    expect(urls.some((url) => url.includes(HOSTILE.script))).toBe(true);
    expect(urls.some((url) => url.includes(HOSTILE.imgOnerror))).toBe(true);
    expect(projects).toContain(HOSTILE.imgOnerror);
    expect(projects).toContain(HOSTILE.script);
    const values = reports.flatMap((r) => Object.values(r.results).map((check) => JSON.stringify(check)));
    expect(values.some((value) => value.includes(JSON.stringify(HOSTILE.imgOnerror).slice(1, -1)))).toBe(true);
    expect(values.some((value) => value.includes(HOSTILE.javascriptUrl))).toBe(true);
  });

  it('has credentials in a URL, right-to-left overrides, and names that upset paths', () => {
    expect(reports.map((r) => r.url)).toContain('https://user:pa55@evil.example/login');
    expect(reports.some((r) => r.url.includes('\u202E'))).toBe(true);
    expect([...projects].some((name) => name.includes('\u202E'))).toBe(true);
    for (const name of ['.', '..', 'a b/ü%', 'my site.example']) expect(projects).toContain(name);
    expect([...projects].some((name) => name.includes('%2F'))).toBe(true);
  });

  it('has 300 kB strings, unknown checks and error codes, and scores that are not numbers', () => {
    expect(reports.some((r) => r.url.length > HUGE_LENGTH)).toBe(true);
    expect(text.length).toBeGreaterThan(3 * HUGE_LENGTH);
    const values = reports.flatMap((r) => Object.values(r.results) as unknown[]);
    expect(values.some((check) => JSON.stringify(check)?.length > HUGE_LENGTH)).toBe(true);
    expect(reports.some((r) => r.results[UNKNOWN_CHECK_NAME]?.errors?.unknown_code !== undefined)).toBe(true);
    expect(values).toContain(null);
    expect(reports.map((r) => r.result as unknown)).toContain(null);
  });

  it('does not break the simulator: its malformed records can be listed and re-analysed', async () => {
    const sim = createSimulator({ seed: 'hostile' });
    const malformed = sim.store.reports().find((r) => r.url === 'evil.example/new-checks');
    expect((await call(sim, '/api/v1/reports?sort_by=result&per_page=100')).status).toBe(200);
    expect((await call(sim, '/api/v1/projects?sort_by=project')).status).toBe(200);
    const update = await call(sim, `/api/v1/reports/${malformed?.id}`, { method: 'PATCH', ...form({ results: '1' }) });
    expect(update.status).toBe(200);
  });
});
