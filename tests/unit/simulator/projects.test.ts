// @vitest-environment node
import { createSimulator, type ProjectRecord, type ReportRecord } from '../../../src/simulator';
import { body, call, report, type ListBody } from './helpers';

describe('GET /api/v1/projects', () => {
  it('groups reports by project: count, sum of scores as a string, earliest creation', async () => {
    const sim = createSimulator({ reportCount: 0 });
    sim.store.add(report({ project: 'a.example', result: 90, created_at: '2025-03-01T00:00:00.000000Z' }));
    sim.store.add(report({ project: 'a.example', result: 40, created_at: '2025-01-15T09:00:00.000000Z' }));
    sim.store.add(report({ project: 'b.example', result: 77, created_at: '2025-02-01T00:00:00.000000Z' }));
    const page = await body<ListBody<ProjectRecord>>(await call(sim, '/api/v1/projects'));
    // Newest project first: b.example's only report is newer than a.example's earliest.
    expect(page.data).toEqual([
      { project: 'b.example', reports: 1, result: '77', created_at: '2025-02-01T00:00:00.000000Z' },
      { project: 'a.example', reports: 2, result: '130', created_at: '2025-01-15T09:00:00.000000Z' },
    ]);
    expect(page.meta).toMatchObject({ total: 2, per_page: '10', from: 1, to: 2, last_page: 1 });
  });

  it('lists the seeded projects, newest first, with the same envelope as reports', async () => {
    const sim = createSimulator();
    const page = await body<ListBody<ProjectRecord>>(await call(sim, '/api/v1/projects?per_page=25'));
    expect(page.meta.total).toBe(12);
    const created = page.data.map((p) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const reportsPerProject = page.data.reduce((sum, p) => sum + p.reports, 0);
    expect(reportsPerProject).toBe(300);
    expect(page.links.next).toBeNull();
  });

  it('sorts by name, and falls back to created_at for unknown sort keys', async () => {
    const sim = createSimulator();
    const byName = await body<ListBody<ProjectRecord>>(
      await call(sim, '/api/v1/projects?sort_by=project&sort=asc&per_page=25'),
    );
    const names = byName.data.map((p) => p.project);
    expect(names[0]).toBe('adventure-works.com');
    expect(names.at(-1)).toBe('чайная-лавка.рф');
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const fallback = await body<ListBody<ProjectRecord>>(
      await call(sim, '/api/v1/projects?sort_by=reports&per_page=25'),
    );
    const created = fallback.data.map((p) => p.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('searches names by substring, case-insensitively', async () => {
    const sim = createSimulator();
    const page = await body<ListBody<ProjectRecord>>(
      await call(sim, '/api/v1/projects?search=FOURTHCOFFEE.COM&search_by=whatever'),
    );
    expect(page.data.map((p) => p.project).sort()).toEqual(['fourthcoffee.com', 'shop.fourthcoffee.com']);
  });

  it('paginates like the reports list', async () => {
    const sim = createSimulator();
    const second = await body<ListBody<ProjectRecord>>(await call(sim, '/api/v1/projects?page=2'));
    expect(second.data).toHaveLength(2);
    expect(second.meta).toMatchObject({ current_page: 2, from: 11, to: 12, last_page: 2 });
    const past = await body<ListBody<ProjectRecord>>(await call(sim, '/api/v1/projects?page=3'));
    expect(past.data).toEqual([]);
    expect(past.meta.from).toBeNull();
  });
});

describe('DELETE /api/v1/projects/:project', () => {
  it('deletes every report of the project and answers with its name', async () => {
    const sim = createSimulator();
    const count = sim.store.reports().filter((r) => r.project === 'fourthcoffee.com').length;
    const response = await call(sim, '/api/v1/projects/fourthcoffee.com', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'fourthcoffee.com', object: 'report', deleted: true, status: 200 });
    expect(sim.store.reports()).toHaveLength(300 - count);
    // Only the exact project goes: shop.fourthcoffee.com stays.
    expect(sim.store.reports().some((r) => r.project === 'shop.fourthcoffee.com')).toBe(true);
    const reports = await body<ListBody<ReportRecord>>(await call(sim, '/api/v1/reports?project=fourthcoffee.com'));
    expect(reports.meta.total).toBe(0);
  });

  it('decodes the name from the path, including an encoded slash', async () => {
    const sim = createSimulator({ seed: 'hostile' });
    const response = await call(sim, '/api/v1/projects/a%20b%2F%C3%BC%25', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'a b/ü%', object: 'report', deleted: true, status: 200 });
    expect(sim.store.reports().some((r) => r.project === 'a b/ü%')).toBe(false);

    const encodedSlash = await call(sim, '/api/v1/projects/x%252Fy.example', { method: 'DELETE' });
    expect(await encodedSlash.json()).toMatchObject({ id: 'x%2Fy.example', deleted: true });
    const unicode = await call(createSimulator(), `/api/v1/projects/${encodeURIComponent('чайная-лавка.рф')}`, {
      method: 'DELETE',
    });
    expect(await unicode.json()).toMatchObject({ id: 'чайная-лавка.рф', deleted: true });
    const spaced = await call(sim, `/api/v1/projects/${encodeURIComponent('my site.example')}`, { method: 'DELETE' });
    expect(spaced.status).toBe(200);
  });

  it.each(['nope.example', 'a%20b', '%E0%A4%A'])('answers 404 for the unknown project %s', async (name) => {
    const sim = createSimulator();
    const response = await call(sim, `/api/v1/projects/${name}`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Resource not found.', status: 404 });
    expect(sim.store.reports()).toHaveLength(300);
  });
});
