import { createSimulator, type Persistence } from '../../../src/simulator';
import { call, form } from './helpers';

function memoryPersistence(initial: string | null = null): Persistence & { saved: string | null; saves: number } {
  const box = {
    saved: initial,
    saves: 0,
    load: () => box.saved,
    save(data: string) {
      box.saved = data;
      box.saves += 1;
    },
  };
  return box;
}

describe('persistence', () => {
  it('saves after every change and restores the state, ids included', async () => {
    const persistence = memoryPersistence();
    const first = createSimulator({ reportCount: 10, persistence });
    expect(persistence.saves).toBe(0);

    await call(first, '/api/v1/reports/10', { method: 'DELETE' });
    await call(first, '/api/v1/reports', { method: 'POST', ...form({ url: 'example.com/kept' }) });
    await call(first, '/api/v1/reports/2', { method: 'PATCH', ...form({ privacy: '1' }) });
    expect(persistence.saves).toBe(3);

    const second = createSimulator({ reportCount: 10, persistence });
    expect(second.store.reports()).toEqual(first.store.reports());
    expect(second.store.get(11)?.url).toBe('example.com/kept');
    expect(second.store.get(2)?.privacy).toBe(1);
    const next = await call(second, '/api/v1/reports', { method: 'POST', ...form({ url: 'example.com/next' }) });
    expect(await next.json()).toMatchObject({ data: { id: 12 } });
  });

  it('does not save on reads or failed changes', async () => {
    const persistence = memoryPersistence();
    const sim = createSimulator({ reportCount: 3, persistence });
    await call(sim, '/api/v1/reports');
    await call(sim, '/api/v1/reports/99', { method: 'DELETE' });
    await call(sim, '/api/v1/reports', { method: 'POST', ...form({}) });
    expect(persistence.saves).toBe(0);
  });

  it('round-trips through serialize() and load()', () => {
    const sim = createSimulator({ reportCount: 15 });
    sim.store.remove(4);
    const data = sim.store.serialize();
    const other = createSimulator({ reportCount: 0 });
    other.store.load(data);
    expect(other.store.reports()).toEqual(sim.store.reports());
    expect(other.store.serialize()).toBe(data);
  });

  it('falls back to the seed when the stored state is unreadable', () => {
    for (const broken of [
      'not json',
      '{"version":99}',
      JSON.stringify({ version: 1, nextId: 2, reports: [{ id: 'x' }] }),
    ]) {
      const persistence = memoryPersistence(broken);
      const sim = createSimulator({ reportCount: 5, persistence });
      expect(sim.store.reports()).toHaveLength(5);
      expect(persistence.saved).not.toBe(broken);
    }
  });

  it('keeps working when storage throws', async () => {
    const sim = createSimulator({
      reportCount: 3,
      persistence: {
        load: () => {
          throw new Error('SecurityError');
        },
        save: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    const response = await call(sim, '/api/v1/reports/1', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(sim.store.reports()).toHaveLength(2);
  });

  it('works with localStorage, and reset() saves the seed again', async () => {
    const persistence: Persistence = {
      load: () => localStorage.getItem('simulator'),
      save: (data) => localStorage.setItem('simulator', data),
    };
    const sim = createSimulator({ persistence });
    await call(sim, '/api/v1/projects/example.com', { method: 'DELETE' });
    const restored = createSimulator({ persistence });
    expect(restored.store.projects().some((p) => p.project === 'example.com')).toBe(false);
    restored.reset();
    expect(createSimulator({ persistence }).store.reports()).toHaveLength(300);
  });
});
