// @vitest-environment node
import { createSimulator } from '../../../src/simulator';
import { call, ORIGIN } from './helpers';

describe('authentication', () => {
  const sim = createSimulator({ reportCount: 5, validKeys: ['demo', 'second-key'] });

  it.each([
    ['no Authorization header', {}],
    ['an unknown key', { Authorization: 'Bearer wrong' }],
    ['a non-Bearer scheme', { Authorization: 'Basic ZGVtbzo=' }],
    ['an empty Bearer', { Authorization: 'Bearer ' }],
  ])('answers 401 JSON for %s', async (_, headers: Record<string, string>) => {
    const response = await sim.fetch(`${ORIGIN}/api/v1/reports`, {
      headers: { Accept: 'application/json', ...headers },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('accepts every configured key, and a lower-case scheme', async () => {
    for (const key of ['demo', 'second-key']) {
      const response = await sim.fetch(`${ORIGIN}/api/v1/reports`, {
        headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      });
      expect(response.status).toBe(200);
    }
    const lower = await sim.fetch(`${ORIGIN}/api/v1/reports`, {
      headers: { Authorization: 'bearer demo', Accept: 'application/json' },
    });
    expect(lower.status).toBe(200);
  });

  it('redirects to the login page without Accept: application/json', async () => {
    const response = await sim.fetch(`${ORIGIN}/api/v1/reports`, {
      headers: { Authorization: 'Bearer wrong' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${ORIGIN}/login`);
  });

  it('lands on an HTML page when the redirect is followed, as fetch does by default', async () => {
    const response = await sim.fetch(`${ORIGIN}/api/v1/reports`, { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/html');
    expect(await response.text()).toContain('<form');
  });

  it('rejects like fetch when redirects are forbidden', async () => {
    await expect(sim.fetch(`${ORIGIN}/api/v1/reports`, { redirect: 'error' })).rejects.toThrow(TypeError);
  });

  it('lets keys be changed while running', async () => {
    const live = createSimulator({ reportCount: 1 });
    live.options.validKeys = ['rotated'];
    expect((await call(live, '/api/v1/reports')).status).toBe(401);
  });
});

describe('unknown routes', () => {
  const sim = createSimulator({ reportCount: 5 });

  it.each([
    ['GET', '/api/v1/nothing'],
    ['GET', '/api/v2/reports'],
    ['POST', '/api/v1/projects'],
    ['GET', '/api/v1/reports/1/extra'],
  ])('answer 404 JSON for %s %s', async (method, path) => {
    const response = await call(sim, path, { method });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('answers 404 for an unknown route before checking the key', async () => {
    const response = await sim.fetch(`${ORIGIN}/api/v1/nothing`, { headers: { Accept: 'application/json' } });
    expect(response.status).toBe(404);
  });

  it('serves the API under a base path too (reverse proxy)', async () => {
    const response = await call(sim, '/seo/api/v1/reports');
    expect(response.status).toBe(200);
  });
});

describe('CORS', () => {
  it('adds Access-Control-Allow-Origin to every answer, errors included', async () => {
    const sim = createSimulator({ reportCount: 5 });
    for (const path of ['/api/v1/reports', '/api/v1/reports/999', '/api/v1/nothing']) {
      expect((await call(sim, path)).headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
    const unauthenticated = await sim.fetch(`${ORIGIN}/api/v1/reports`, { headers: { Accept: 'application/json' } });
    expect(unauthenticated.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('answers the preflight', async () => {
    const sim = createSimulator({ reportCount: 5 });
    const response = await sim.fetch(`${ORIGIN}/api/v1/reports/3`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://app.test', 'Access-Control-Request-Method': 'DELETE' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('DELETE');
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe('Authorization, Accept, Content-Type');
    expect(Number(response.headers.get('Access-Control-Max-Age'))).toBeGreaterThan(0);
  });

  it('sends no CORS headers at all when imitating an old version', async () => {
    const sim = createSimulator({ reportCount: 5, cors: false });
    const response = await call(sim, '/api/v1/reports');
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const preflight = await sim.fetch(`${ORIGIN}/api/v1/reports`, { method: 'OPTIONS' });
    expect(preflight.status).not.toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('rate limit', () => {
  it('is off by default', async () => {
    const sim = createSimulator({ reportCount: 1 });
    for (let i = 0; i < 70; i += 1) expect((await call(sim, '/api/v1/reports/1')).status).toBe(200);
  });

  it('answers 429 beyond the limit in a sliding minute, then recovers', async () => {
    let now = 1_000_000;
    const sim = createSimulator({ reportCount: 1, rateLimitPerMinute: 3, clock: () => now });
    const first = await call(sim, '/api/v1/reports/1');
    expect(first.headers.get('X-RateLimit-Limit')).toBe('3');
    expect(first.headers.get('X-RateLimit-Remaining')).toBe('2');
    now += 20_000;
    await call(sim, '/api/v1/reports/1');
    await call(sim, '/api/v1/reports/1');
    const refused = await call(sim, '/api/v1/reports/1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too Many Attempts.' });
    expect(refused.headers.get('Retry-After')).toBe('40');
    expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0');
    // The first request leaves the window 60 s after it was made.
    now += 40_001;
    expect((await call(sim, '/api/v1/reports/1')).status).toBe(200);
    expect((await call(sim, '/api/v1/reports/1')).status).toBe(429);
  });
});
