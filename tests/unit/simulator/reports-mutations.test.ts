// @vitest-environment node
import { createSimulator, type ReportRecord, type Simulator } from '../../../src/simulator';
import { body, call, form, report } from './helpers';

const CLOCK = Date.parse('2026-11-20T08:30:00Z');

function freshSim() {
  return createSimulator({ reportCount: 30, clock: () => CLOCK });
}

async function store(sim: Simulator, fields: Record<string, string>) {
  return call(sim, '/api/v1/reports', { method: 'POST', ...form(fields) });
}

describe('POST /api/v1/reports', () => {
  it('stores a cleaned url under its host and answers 201 with the report', async () => {
    const sim = freshSim();
    const response = await store(sim, { url: 'https://www.Example.com/blog/post/' });
    expect(response.status).toBe(201);
    const answer = await body<{ data: ReportRecord; status: number }>(response);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      id: 31,
      url: 'Example.com/blog/post',
      project: 'example.com',
      privacy: 0,
      password: false,
      created_at: '2026-11-20T08:30:00.000000Z',
      generated_at: '2026-11-20T08:30:00.000000Z',
      updated_at: '2026-11-20T08:30:00.000000Z',
    });
    expect(Object.keys(answer.data.results).length).toBeGreaterThan(25);
    expect(answer.data.result).toEqual(expect.any(Number));
    expect(sim.store.get(31)?.url).toBe('Example.com/blog/post');
  });

  it.each([
    ['example.com', 'example.com', 'example.com'],
    ['http://www.shop.example.org', 'shop.example.org', 'shop.example.org'],
    ['bücher.example/romane', 'bücher.example/romane', 'bücher.example'],
    ['example.com:8080/a?b=1', 'example.com:8080/a?b=1', 'example.com'],
  ])('cleans %s to %s in project %s', async (input, url, project) => {
    const sim = freshSim();
    const answer = await body<{ data: ReportRecord }>(await store(sim, { url: input }));
    expect(answer.data.url).toBe(url);
    expect(answer.data.project).toBe(project);
  });

  it('answers 422 in the service shape when url is missing', async () => {
    const response = await store(freshSim(), {});
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: { url: ['The url field is required.'] }, status: 422 });
  });

  it.each([
    'javascript:alert(1)',
    'javascript://example.com/%0Aalert(1)',
    'ftp://example.com/file',
    'http://',
    'https://exa mple.com',
    '//example.com',
  ])('rejects %s as an invalid format', async (url) => {
    const response = await store(freshSim(), { url });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: { url: ['The url format is invalid.'] }, status: 422 });
  });

  it.each(['https://site.invalid/page', 'unreachable.example.com', 'notaurl'])('cannot fetch %s', async (url) => {
    const sim = freshSim();
    const response = await store(sim, { url });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: { url: ['Could not fetch the page.'] }, status: 422 });
    expect(sim.store.reports()).toHaveLength(30);
  });

  it('validates privacy and requires a password for privacy 2', async () => {
    const badPrivacy = await store(freshSim(), { url: 'example.com', privacy: '3' });
    expect(await badPrivacy.json()).toEqual({
      message: { privacy: ['The selected privacy is invalid.'] },
      status: 422,
    });

    const noPassword = await store(freshSim(), { url: 'example.com', privacy: '2' });
    expect(noPassword.status).toBe(422);
    expect(await noPassword.json()).toEqual({
      message: { password: ['The password field is required when privacy is 2.'] },
      status: 422,
    });

    const both = await body<{ message: Record<string, string[]> }>(await store(freshSim(), { privacy: 'x' }));
    expect(Object.keys(both.message).sort()).toEqual(['privacy', 'url']);
  });

  it('sets the password flag only for privacy 2', async () => {
    const sim = freshSim();
    const protectedReport = await body<{ data: ReportRecord }>(
      await store(sim, { url: 'example.com', privacy: '2', password: 's3cret' }),
    );
    expect(protectedReport.data).toMatchObject({ privacy: 2, password: true });
    expect(JSON.stringify(protectedReport)).not.toContain('s3cret');
    const privateReport = await body<{ data: ReportRecord }>(
      await store(sim, { url: 'example.com', privacy: '1', password: 'ignored' }),
    );
    expect(privateReport.data).toMatchObject({ privacy: 1, password: false });
  });

  it('analyses the same page the same way', async () => {
    const sim = freshSim();
    const first = await body<{ data: ReportRecord }>(await store(sim, { url: 'example.com/same' }));
    const second = await body<{ data: ReportRecord }>(await store(sim, { url: 'https://example.com/same' }));
    expect(second.data.results).toEqual(first.data.results);
    expect(second.data.id).toBe(first.data.id + 1);
  });

  it('takes analysisDelayMs to answer', async () => {
    vi.useFakeTimers();
    try {
      const sim = createSimulator({ reportCount: 0, analysisDelayMs: 5000 });
      let settled = false;
      const pending = store(sim, { url: 'example.com' }).then((r) => {
        settled = true;
        return r;
      });
      await vi.advanceTimersByTimeAsync(4900);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect((await pending).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('PUT/PATCH /api/v1/reports/:id', () => {
  const update = (sim: Simulator, id: number | string, fields: Record<string, string>, method = 'PUT') =>
    call(sim, `/api/v1/reports/${id}`, { method, ...form(fields) });

  it('re-analyses with results=1: new generated_at, flipped checks, a different score', async () => {
    const sim = freshSim();
    const before = sim.store.get(5);
    const response = await update(sim, 5, { results: '1' });
    expect(response.status).toBe(200);
    const after = (await body<{ data: ReportRecord; status: number }>(response)).data;
    expect(after.generated_at).toBe('2026-11-20T08:30:00.000000Z');
    expect(after.updated_at).toBe('2026-11-20T08:30:00.000000Z');
    expect(after.created_at).toBe(before?.created_at);
    expect(after.result).not.toBe(before?.result);
    const flipped = Object.keys(after.results).filter(
      (name) => after.results[name]?.passed !== before?.results[name]?.passed,
    );
    expect(flipped.length).toBeGreaterThan(0);
    expect(sim.store.get(5)?.result).toBe(after.result);
  });

  it('changes the score on every re-analysis of every seeded report', async () => {
    const sim = freshSim();
    for (const { id, result } of sim.store.reports()) {
      const after = (await body<{ data: ReportRecord }>(await update(sim, id, { results: '1' }, 'PATCH'))).data;
      expect(after.result).not.toBe(result);
    }
  });

  it('leaves results alone without results=1', async () => {
    const sim = freshSim();
    const before = sim.store.get(3);
    const after = (await body<{ data: ReportRecord }>(await update(sim, 3, { privacy: '1', results: '0' }))).data;
    expect(after.results).toEqual(before?.results);
    expect(after.generated_at).toBe(before?.generated_at);
    expect(after.privacy).toBe(1);
  });

  it('applies the password only with privacy 2', async () => {
    const sim = createSimulator({ reportCount: 0, clock: () => CLOCK });
    const { id } = sim.store.add(report({ privacy: 0 }));
    const toProtected = (
      await body<{ data: ReportRecord }>(await update(sim, id, { privacy: '2', password: 'pw' }, 'PATCH'))
    ).data;
    expect(toProtected).toMatchObject({ privacy: 2, password: true, updated_at: '2026-11-20T08:30:00.000000Z' });
    // Back to 2 without a new password keeps the existing one.
    const stillProtected = (await body<{ data: ReportRecord }>(await update(sim, id, { privacy: '2' }))).data;
    expect(stillProtected.password).toBe(true);
    const toPublic = (await body<{ data: ReportRecord }>(await update(sim, id, { privacy: '0', password: 'pw' }))).data;
    expect(toPublic).toMatchObject({ privacy: 0, password: false });
  });

  it('answers 422 in the framework shape for a bad privacy or a missing password', async () => {
    const sim = freshSim();
    const badPrivacy = await update(sim, 1, { privacy: 'public' });
    expect(badPrivacy.status).toBe(422);
    expect(await badPrivacy.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { privacy: ['The selected privacy is invalid.'] },
    });
    const unprotected = sim.store.add(report({ privacy: 0 }));
    const noPassword = await update(sim, unprotected.id, { privacy: '2' });
    expect(await noPassword.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { password: ['The password field is required when privacy is 2.'] },
    });
    expect(sim.store.get(unprotected.id)?.privacy).toBe(0);
  });

  it('answers 403 for an unknown report and 404 for a non-numeric id', async () => {
    const sim = freshSim();
    const missing = await update(sim, 9999, { privacy: '1' });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ message: 'This action is unauthorized.' });
    const nonsense = await update(sim, 'abc', { privacy: '1' });
    expect(nonsense.status).toBe(404);
  });
});

describe('GET and DELETE /api/v1/reports/:id', () => {
  it('shows a report', async () => {
    const sim = freshSim();
    const response = await call(sim, '/api/v1/reports/7');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: sim.store.get(7), status: 200 });
  });

  it.each(['9999', 'abc', '7.5'])('answers 404 for report %s', async (id) => {
    const response = await call(freshSim(), `/api/v1/reports/${id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('deletes a report, then no longer finds it', async () => {
    const sim = freshSim();
    const response = await call(sim, '/api/v1/reports/7', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 7, object: 'report', deleted: true, status: 200 });
    expect((await call(sim, '/api/v1/reports/7')).status).toBe(404);
    expect((await call(sim, '/api/v1/reports/7', { method: 'DELETE' })).status).toBe(404);
    expect(sim.store.reports()).toHaveLength(29);
  });

  it('never reuses the id of a deleted report', async () => {
    const sim = freshSim();
    await call(sim, '/api/v1/reports/30', { method: 'DELETE' });
    const created = await body<{ data: ReportRecord }>(await store(sim, { url: 'example.com' }));
    expect(created.data.id).toBe(31);
  });
});
