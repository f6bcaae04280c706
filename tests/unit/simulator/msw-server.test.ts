// @vitest-environment node
// The shared setup file needs jsdom (it clears localStorage), so this runs in jsdom like the app tests do.
import { setupServer } from 'msw/node';
import { createSimulator } from '../../../src/simulator';
import { createMswHandlers } from '../../../src/simulator/msw';
import { AUTH, ORIGIN, report } from './helpers';

// The app's tests mount the handlers with setupServer and use the real global fetch.
describe('handlers under setupServer', () => {
  const sim = createSimulator({ reportCount: 20 });
  const server = setupServer(...createMswHandlers(sim));

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    sim.reset();
    server.resetHandlers();
  });
  afterAll(() => server.close());

  it('answers lists, mutations and errors over the global fetch', async () => {
    const list = await fetch(`${ORIGIN}/api/v1/reports?per_page=25`, { headers: AUTH });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { meta: { total: number } }).meta.total).toBe(20);

    const created = await fetch(`${ORIGIN}/api/v1/reports`, {
      method: 'POST',
      headers: AUTH,
      body: new URLSearchParams({ url: 'https://www.example.com/new/' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ data: { id: 21, url: 'example.com/new' } });

    // A name with a space, a slash, a percent sign and non-ASCII travels encoded in the path.
    sim.store.add(report({ project: 'a b/ü%', url: 'a b/ü%/index' }));
    const deleted = await fetch(`${ORIGIN}/api/v1/projects/a%20b%2F%C3%BC%25`, { method: 'DELETE', headers: AUTH });
    expect(await deleted.json()).toEqual({ id: 'a b/ü%', object: 'report', deleted: true, status: 200 });

    const malformed = await fetch(`${ORIGIN}/api/v1/projects/%E0%A4%A`, { method: 'DELETE', headers: AUTH });
    expect(malformed.status).toBe(404);
  });

  it('makes the global fetch reject on a network fault', async () => {
    sim.faults.next({ kind: 'network' });
    await expect(fetch(`${ORIGIN}/api/v1/reports`, { headers: AUTH })).rejects.toThrow(TypeError);
  });

  it('reset() restores the seed data', async () => {
    await fetch(`${ORIGIN}/api/v1/reports/1`, { method: 'DELETE', headers: AUTH });
    expect(sim.store.get(1)).toBeUndefined();
    sim.reset();
    expect(sim.store.get(1)).toBeDefined();
    expect(sim.store.reports()).toHaveLength(20);
  });
});
