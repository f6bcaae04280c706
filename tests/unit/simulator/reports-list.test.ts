// @vitest-environment node
import { createSimulator, ratingOf, type ReportRecord, type Simulator } from '../../../src/simulator';
import { body, call, ORIGIN, report, type ListBody } from './helpers';

const list = async (sim: Simulator, query: string) =>
  body<ListBody<ReportRecord>>(await call(sim, `/api/v1/reports${query}`));

describe('GET /api/v1/reports', () => {
  const sim = createSimulator();
  const all = sim.store.reports();

  it('answers the paginated envelope with absolute links that keep the other parameters', async () => {
    const response = await call(sim, '/api/v1/reports?per_page=25&search=coffee&sort=asc');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    const page = await body<ListBody<ReportRecord>>(response);
    const total = all.filter((r) => r.url.toLowerCase().includes('coffee')).length;
    const lastPage = Math.ceil(total / 25);
    expect(Object.keys(page).sort()).toEqual(['data', 'links', 'meta', 'status']);
    expect(page.status).toBe(200);
    expect(page.data).toHaveLength(25);
    expect(page.links).toEqual({
      first: `${ORIGIN}/api/v1/reports?per_page=25&search=coffee&sort=asc&page=1`,
      last: `${ORIGIN}/api/v1/reports?per_page=25&search=coffee&sort=asc&page=${lastPage}`,
      prev: null,
      next: `${ORIGIN}/api/v1/reports?per_page=25&search=coffee&sort=asc&page=2`,
    });
    expect(page.meta).toMatchObject({
      current_page: 1,
      from: 1,
      last_page: lastPage,
      path: `${ORIGIN}/api/v1/reports`,
      per_page: '25',
      to: 25,
      total,
    });
    expect(page.meta.links[0]).toEqual({ url: null, label: '&laquo; Previous', active: false });
    expect(page.meta.links.find((link) => link.active)?.label).toBe('1');
  });

  it('answers every report with the fields of the observed spec', async () => {
    const page = await list(sim, '');
    const first = page.data[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'created_at',
        'generated_at',
        'id',
        'password',
        'privacy',
        'project',
        'result',
        'results',
        'updated_at',
        'url',
      ].sort(),
    );
    expect(first?.result).toEqual(expect.any(Number));
    expect(first?.password).toEqual(expect.any(Boolean));
  });

  it('encodes link parameters the way PHP does (%20, not +)', async () => {
    const page = await list(sim, '?search=a%20b');
    expect(page.links.first).toBe(`${ORIGIN}/api/v1/reports?search=a%20b&page=1`);
  });

  it('sorts by id, newest first, by default and for unknown sort values', async () => {
    const newestIds = [...all]
      .map((r) => r.id)
      .sort((a, b) => b - a)
      .slice(0, 10);
    expect((await list(sim, '')).data.map((r) => r.id)).toEqual(newestIds);
    expect((await list(sim, '?sort_by=bogus&sort=sideways')).data.map((r) => r.id)).toEqual(newestIds);
    expect((await list(sim, '?sort=asc')).data.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('sorts by result, url and generated_at', async () => {
    const byResult = (await list(sim, '?sort_by=result&sort=asc&per_page=100')).data.map((r) => r.result);
    expect(byResult).toEqual([...byResult].sort((a, b) => a - b));
    expect(byResult[0]).toBe(Math.min(...all.map((r) => r.result)));

    const byUrlDesc = (await list(sim, '?sort_by=url&per_page=50')).data.map((r) => r.url.toLowerCase());
    expect(byUrlDesc).toEqual([...byUrlDesc].sort().reverse());

    const byGenerated = (await list(sim, '?sort_by=generated_at&sort=asc&per_page=50')).data.map((r) => r.generated_at);
    expect(byGenerated).toEqual([...byGenerated].sort());
  });

  it.each([
    ['', 10],
    ['?per_page=25', 25],
    ['?per_page=50', 50],
    ['?per_page=100', 100],
    ['?per_page=7', 10],
    ['?per_page=1000', 10],
    ['?per_page=abc', 10],
  ])('per_page %s gives pages of %i', async (query, size) => {
    const page = await list(sim, query);
    expect(page.data).toHaveLength(size);
    expect(page.meta.per_page).toBe(String(size));
  });

  it.each([
    ['?page=2', 2],
    ['?page=0', 1],
    ['?page=-3', 1],
    ['?page=abc', 1],
    ['?page=2.5', 1],
  ])('page %s is page %i', async (query, current) => {
    const page = await list(sim, query);
    expect(page.meta.current_page).toBe(current);
    expect(page.data[0]?.id).toBe(all.length - (current - 1) * 10);
  });

  it('answers an empty page past the end', async () => {
    const page = await list(sim, '?page=999');
    expect(page.data).toEqual([]);
    expect(page.meta).toMatchObject({ current_page: 999, from: null, to: null, total: all.length, last_page: 30 });
    expect(page.links.next).toBeNull();
    expect(page.links.prev).toBe(`${ORIGIN}/api/v1/reports?page=998`);
  });

  it('searches url substrings case-insensitively, whatever search_by says', async () => {
    const expected = all.filter((r) => r.url.toLowerCase().includes('blog')).length;
    expect(expected).toBeGreaterThan(0);
    expect((await list(sim, '?search=BLOG')).meta.total).toBe(expected);
    expect((await list(sim, '?search=blog&search_by=project')).meta.total).toBe(expected);
  });

  it('filters by project exactly, unlike the substring search', async () => {
    const exact = all.filter((r) => r.project === 'fourthcoffee.com').length;
    const page = await list(sim, '?project=fourthcoffee.com&per_page=100');
    expect(page.meta.total).toBe(exact);
    expect(page.data.every((r) => r.project === 'fourthcoffee.com')).toBe(true);
    // The search for the same text also finds shop.fourthcoffee.com.
    expect((await list(sim, '?search=fourthcoffee.com')).meta.total).toBeGreaterThan(exact);
    expect((await list(sim, '?project=fourthcoffee')).meta.total).toBe(0);
    const awkward = createSimulator({ seed: 'hostile' });
    expect((await list(awkward, `?project=${encodeURIComponent('a b/ü%')}`)).meta.total).toBe(2);
  });

  it('filters by rating and ignores unknown ratings', async () => {
    for (const rating of ['good', 'decent', 'bad'] as const) {
      const page = await list(sim, `?result=${rating}&per_page=100`);
      expect(page.meta.total).toBe(all.filter((r) => ratingOf(r.result) === rating).length);
      expect(page.data.every((r) => ratingOf(r.result) === rating)).toBe(true);
    }
    expect((await list(sim, '?result=excellent')).meta.total).toBe(all.length);
  });

  it('puts scores 80+ in good, 49-79 in decent and below 49 in bad', async () => {
    const small = createSimulator({ reportCount: 0 });
    for (const score of [0, 48, 49, 79, 80, 100])
      small.store.add(report({ result: score, url: `example.com/${score}` }));
    const scores = async (rating: string) =>
      (await list(small, `?result=${rating}&sort_by=result&sort=asc`)).data.map((r) => r.result);
    expect(await scores('good')).toEqual([80, 100]);
    expect(await scores('decent')).toEqual([49, 79]);
    expect(await scores('bad')).toEqual([0, 48]);
  });

  it('combines filters', async () => {
    const expected = all.filter(
      (r) => r.project === 'shop.fourthcoffee.com' && ratingOf(r.result) !== 'bad' && r.url.includes('products'),
    );
    expect(expected.length).toBeGreaterThan(0);
    const decentOrGood = [
      ...(await list(sim, '?project=shop.fourthcoffee.com&result=good&search=products&per_page=100')).data,
      ...(await list(sim, '?project=shop.fourthcoffee.com&result=decent&search=products&per_page=100')).data,
    ];
    const page = { data: decentOrGood };
    expect(page.data.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  });
});
