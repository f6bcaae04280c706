// @vitest-environment node
import { createSimulator } from '../../../src/simulator';
import { AUTH, call, ORIGIN } from './helpers';

describe('simulator.fetch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects with an AbortError when the signal is already aborted', async () => {
    const sim = createSimulator({ reportCount: 3 });
    const controller = new AbortController();
    controller.abort();
    await expect(call(sim, '/api/v1/reports', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects with an AbortError when aborted during the latency wait', async () => {
    vi.useFakeTimers();
    const sim = createSimulator({ reportCount: 3, latencyMs: 1000 });
    const controller = new AbortController();
    const pending = call(sim, '/api/v1/reports', { signal: controller.signal });
    const settled = expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await settled;
  });

  it('rejects with the signal reason, as fetch does (e.g. a timeout)', async () => {
    vi.useFakeTimers();
    const sim = createSimulator({ reportCount: 3, latencyMs: 1000 });
    const controller = new AbortController();
    const pending = call(sim, '/api/v1/reports', { signal: controller.signal });
    const settled = expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    await settled;
  });

  it('keeps analysing when the client gives up on a slow store, as the real service does', async () => {
    vi.useFakeTimers();
    const sim = createSimulator({ reportCount: 3, analysisDelayMs: 5000 });
    const controller = new AbortController();
    const pending = call(sim, '/api/v1/reports', {
      method: 'POST',
      body: new URLSearchParams({ url: 'example.com' }),
      signal: controller.signal,
    });
    const settled = expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await settled;
    expect(sim.store.reports()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sim.store.reports()).toHaveLength(4);
  });

  it('waits latencyMs before answering, and the latency can be changed live', async () => {
    vi.useFakeTimers();
    const sim = createSimulator({ reportCount: 3, latencyMs: 300 });
    let answered = false;
    const pending = call(sim, '/api/v1/reports').then((response) => {
      answered = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);

    sim.options.latencyMs = 0;
    expect((await call(sim, '/api/v1/reports')).status).toBe(200);
  });

  it('accepts a Request, a URL object and relative URLs', async () => {
    const sim = createSimulator({ reportCount: 3, baseUrl: 'http://relative.test/' });
    expect((await sim.fetch(new Request(`${ORIGIN}/api/v1/reports/1`, { headers: AUTH }))).status).toBe(200);
    expect((await sim.fetch(new URL(`${ORIGIN}/api/v1/reports/2`), { headers: AUTH })).status).toBe(200);
    const relative = await sim.fetch('/api/v1/reports?per_page=25', { headers: AUTH });
    const page = (await relative.json()) as { meta: { path: string } };
    expect(page.meta.path).toBe('http://relative.test/api/v1/reports');
  });

  it('answers 404 JSON for anything no handler knows', async () => {
    const sim = createSimulator({ reportCount: 3 });
    const response = await sim.fetch(`${ORIGIN}/not-the-api`, { headers: AUTH });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Resource not found.', status: 404 });
  });

  it('reads JSON bodies too, as the framework does', async () => {
    const sim = createSimulator({ reportCount: 3 });
    const response = await call(sim, '/api/v1/reports', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'example.com/json', privacy: 1 }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ data: { url: 'example.com/json', privacy: 1 } });
  });
});
