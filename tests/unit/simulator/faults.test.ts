// @vitest-environment node
import { CLOSE_BEFORE_ANSWER, createSimulator, FAULT_KINDS, type FaultKind } from '../../../src/simulator';
import { call } from './helpers';

const REPORTS = '/api/v1/reports';

async function faulted(kind: FaultKind) {
  const sim = createSimulator({ reportCount: 3 });
  sim.faults.next({ kind });
  return { sim, response: await call(sim, REPORTS) };
}

describe('queued faults', () => {
  it.each([
    ['500', 500, { message: 'An unexpected error has occurred, please try again.', status: 500 }],
    ['401', 401, { message: 'Unauthenticated.' }],
    ['403', 403, { message: "You don't have access to this feature.", status: 403 }],
    ['429', 429, { message: 'Too Many Attempts.' }],
  ] as const)('%s answers its JSON error', async (kind, status, expected) => {
    const { response } = await faulted(kind);
    expect(response.status).toBe(status);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(await response.json()).toEqual(expected);
  });

  it('429 carries the rate-limit headers', async () => {
    const { response } = await faulted('429');
    expect(response.headers.get('Retry-After')).toBe('1');
    expect(response.headers.get('X-RateLimit-Limit')).toBe('60');
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('0');
  });

  it.each(['502', '503', '504'] as const)('%s answers an HTML page, as a proxy would', async (kind) => {
    const { response } = await faulted(kind);
    expect(response.status).toBe(Number(kind));
    expect(response.headers.get('Content-Type')).toContain('text/html');
    const text = await response.text();
    expect(text).toContain(`<title>${kind}`);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it('network drops the connection: fetch rejects with a TypeError', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.next({ kind: 'network' });
    await expect(call(sim, REPORTS)).rejects.toThrow(TypeError);
    expect(sim.faults.count('network')).toBe(1);
  });

  it('html200 answers 200 with an HTML page', async () => {
    const { response } = await faulted('html200');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(await response.text()).toMatch(/^<!doctype html>/i);
  });

  it('invalid-json answers 200 with JSON of the wrong shape', async () => {
    const { response } = await faulted('invalid-json');
    expect(response.status).toBe(200);
    const parsed = (await response.json()) as Record<string, unknown>;
    expect(Array.isArray(parsed.data)).toBe(false);
    expect(parsed.meta).toBeUndefined();
  });

  it('truncated-json answers 200 with a JSON body that does not parse', async () => {
    const { response } = await faulted('truncated-json');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });

  it('apply-then-cut does the write, then drops the connection before the answer', async () => {
    const sim = createSimulator({ reportCount: 3, analysisDelayMs: 0 });
    sim.faults.next({ kind: 'apply-then-cut', method: 'POST' });
    await expect(
      call(sim, REPORTS, { method: 'POST', body: new URLSearchParams({ url: 'https://example.com/cut' }) }),
    ).rejects.toThrow(TypeError);
    expect(sim.store.reports().filter((report) => report.url === 'example.com/cut')).toHaveLength(1);
  });

  it('apply-then-resend does the write twice, as a browser re-sending it would, and answers the second', async () => {
    const sim = createSimulator({ reportCount: 3, analysisDelayMs: 0 });
    sim.faults.next({ kind: 'apply-then-resend', method: 'POST' });
    const response = await call(sim, REPORTS, {
      method: 'POST',
      body: new URLSearchParams({ url: 'https://example.com/twice' }),
    });
    expect(response.status).toBe(201);
    const stored = sim.store.reports().filter((report) => report.url === 'example.com/twice');
    expect(stored).toHaveLength(2);
    const answered = (await response.json()) as { data: { id: number } };
    expect(answered.data.id).toBe(Math.max(...stored.map((report) => report.id)));
  });

  it('apply-then-resend over HTTP marks the answer for the server to close the connection instead', async () => {
    const sim = createSimulator({ reportCount: 3, analysisDelayMs: 0, cutAnswersAfterHeaders: true });
    sim.faults.next({ kind: 'apply-then-resend', method: 'POST' });
    const response = await call(sim, REPORTS, {
      method: 'POST',
      body: new URLSearchParams({ url: 'https://example.com/closed' }),
    });
    expect(response.headers.get(CLOSE_BEFORE_ANSWER)).toBe('1');
    expect(sim.store.reports().filter((report) => report.url === 'example.com/closed')).toHaveLength(1);
  });

  it('stall never answers until the client gives up', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.next({ kind: 'stall' });
    const controller = new AbortController();
    let settled = false;
    const pending = call(sim, REPORTS, { signal: controller.signal }).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('has a test above for every kind', () => {
    expect([...FAULT_KINDS].sort()).toEqual(
      [
        '401',
        '403',
        '429',
        '500',
        '502',
        '503',
        '504',
        'html200',
        'invalid-json',
        'network',
        'truncated-json',
        'apply-then-cut',
        'apply-then-resend',
        'stall',
      ].sort(),
    );
  });

  it('applies to the next request only, unless told how many times', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.next({ kind: '503', times: 2 });
    expect(sim.faults.pending()).toBe(2);
    expect((await call(sim, REPORTS)).status).toBe(503);
    expect((await call(sim, REPORTS)).status).toBe(503);
    expect((await call(sim, REPORTS)).status).toBe(200);
    expect(sim.faults.pending()).toBe(0);
    expect(sim.faults.log).toEqual([
      { kind: '503', method: 'GET', path: REPORTS, source: 'queued' },
      { kind: '503', method: 'GET', path: REPORTS, source: 'queued' },
    ]);
  });

  it('targets a method and a path, exactly, by prefix or by pattern', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.next({ kind: '500', method: 'post', path: REPORTS });
    sim.faults.next({ kind: '502', path: '/api/v1/projects*' });
    sim.faults.next({ kind: '504', path: /\/reports\/\d+$/ });
    expect((await call(sim, REPORTS)).status).toBe(200);
    expect((await call(sim, '/api/v1/reports/1')).status).toBe(504);
    expect(
      (await call(sim, REPORTS, { method: 'POST', body: new URLSearchParams({ url: 'example.com' }) })).status,
    ).toBe(500);
    expect((await call(sim, '/api/v1/projects')).status).toBe(502);
    expect(sim.store.reports()).toHaveLength(3);
  });

  it('does not change the store when a mutation fails', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.next({ kind: '500', method: 'DELETE' });
    expect((await call(sim, '/api/v1/reports/1', { method: 'DELETE' })).status).toBe(500);
    expect(sim.store.get(1)).toBeDefined();
  });

  it('clear() drops queued faults and the log', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.next({ kind: '500' });
    await call(sim, REPORTS);
    sim.faults.next({ kind: '500' });
    sim.faults.clear();
    expect(sim.faults.log).toEqual([]);
    expect((await call(sim, REPORTS)).status).toBe(200);
  });
});

describe('random faults', () => {
  async function statuses(seed: number, requests: number): Promise<string[]> {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.setRandom({ rate: 0.3, kinds: ['500', '503', 'network'], seed });
    const seen: string[] = [];
    for (let i = 0; i < requests; i += 1) {
      try {
        seen.push(String((await call(sim, REPORTS)).status));
      } catch {
        seen.push('network');
      }
    }
    expect(sim.faults.count()).toBe(seen.filter((s) => s !== '200').length);
    expect(sim.faults.log.every((entry) => entry.source === 'random')).toBe(true);
    return seen;
  }

  it('fail about `rate` of the requests with the chosen kinds, reproducibly per seed', async () => {
    const seen = await statuses(42, 200);
    const failures = seen.filter((s) => s !== '200');
    expect(failures.length).toBeGreaterThan(30);
    expect(failures.length).toBeLessThan(90);
    expect(new Set(failures)).toEqual(new Set(['500', '503', 'network']));
    expect(await statuses(42, 200)).toEqual(seen);
    expect(await statuses(43, 200)).not.toEqual(seen);
  });

  it('stop with setRandom(null)', async () => {
    const sim = createSimulator({ reportCount: 3 });
    sim.faults.setRandom({ rate: 1, kinds: ['500'] });
    expect((await call(sim, REPORTS)).status).toBe(500);
    sim.faults.setRandom(null);
    expect((await call(sim, REPORTS)).status).toBe(200);
  });
});
