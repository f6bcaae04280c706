// @vitest-environment node
import { createSimulator, type Simulator } from '../../../src/simulator';
import { createRateLimiter } from '../../../src/simulator/rate-limit';

/**
 * The account's other clients: `otherClientPerMinute` spends part of the same limit, so the
 * dashboard meets 429s its own budget cannot foresee; a queued fault can say when to come back.
 */

const call = (sim: Simulator, path: string, init: RequestInit = {}) =>
  sim.fetch(`http://api.test${path}`, {
    ...init,
    headers: { Authorization: 'Bearer demo', Accept: 'application/json', ...init.headers },
  });

describe('another client of the same key', () => {
  it('spends its share of the limit, evenly spaced: the dashboard gets what is left', () => {
    const limiter = createRateLimiter();
    // 60 a minute, 40 of them the other client's (one every 1.5 s): 20 left in any minute.
    const at = 10 * 60_000;
    let allowed = 0;
    for (let request = 0; request < 60; request += 1) {
      if (limiter.hit(at + request * 100, 60, 40).allowed) allowed += 1;
    }
    expect(allowed).toBe(20);
  });

  it('a refused request of the dashboard says when a slot frees, and the other client keeps spending', () => {
    const limiter = createRateLimiter();
    const start = 5 * 60_000;
    for (let request = 0; request < 30; request += 1) limiter.hit(start + request, 60, 30);
    const refused = limiter.hit(start + 100, 60, 30);
    expect(refused).toEqual({ allowed: false, limit: 60, retryAfterSeconds: expect.any(Number) });
    // Without the other client, the same 31 requests would all be allowed.
    const alone = createRateLimiter();
    for (let request = 0; request < 31; request += 1) expect(alone.hit(start + request, 60).allowed).toBe(true);
  });

  it('is a live setting of the simulator', async () => {
    let now = 20 * 60_000;
    const sim = createSimulator({ reportCount: 1, rateLimitPerMinute: 10, otherClientPerMinute: 6, clock: () => now });
    const statuses = async () => {
      const seen: number[] = [];
      for (let i = 0; i < 10; i += 1) seen.push((await call(sim, '/api/v1/reports/1')).status);
      return seen;
    };
    // The other client's 6 of the last minute leave 4 of 10.
    expect(await statuses()).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    sim.options.otherClientPerMinute = 0;
    now += 61_000;
    expect((await statuses()).every((status) => status === 200)).toBe(true);
  });
});

describe('a queued fault that says when to come back', () => {
  it('a 429 carries the Retry-After asked for; a 503 too, and none unless asked', async () => {
    const sim = createSimulator({ reportCount: 1 });
    sim.faults.next({ kind: '429', retryAfterSeconds: 40 });
    sim.faults.next({ kind: '503', retryAfterSeconds: 120 });
    sim.faults.next({ kind: '503' });
    const limited = await call(sim, '/api/v1/reports/1');
    expect([limited.status, limited.headers.get('Retry-After')]).toEqual([429, '40']);
    const down = await call(sim, '/api/v1/reports/1');
    expect([down.status, down.headers.get('Retry-After')]).toEqual([503, '120']);
    const plain = await call(sim, '/api/v1/reports/1');
    expect([plain.status, plain.headers.get('Retry-After')]).toEqual([503, null]);
    expect(sim.faults.log.map((fault) => fault.retryAfterSeconds)).toEqual([40, 120, undefined]);
  });
});
