import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import type { Job } from '../../src/features/jobs/job-model';
import { defaultJobStore, hasSavedJobs, indexedDbJobStore, memoryJobStore } from '../../src/features/jobs/job-store';

/**
 * Where jobs are kept between reloads: IndexedDB, one record per job, only records that look
 * like jobs read back; in memory (lost with the tab) where IndexedDB is missing.
 */

const job = (id: string, more: Partial<Job> = {}): Job => ({
  id,
  spec: { kind: 'delete' },
  title: `Delete ${id}`,
  connection: 'http://api.test',
  createdAt: 1,
  state: 'running',
  items: [{ key: '1', label: '1', status: 'pending' }],
  ...more,
});

let dbCount = 0;
const freshName = () => `job-store-test-${(dbCount += 1)}`;

describe('the job store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what a job is, and a job kept before jobs had names with its title as kept', async () => {
    const name = freshName();
    const store = indexedDbJobStore(name);
    const named = job('named', { name: { kind: 'plan', pages: 3, project: 'shop.example', cadence: 'weekly' } });
    delete named.title;
    await store.save(named);
    // As the code before names wrote it: its English title, its item's reason in words.
    const kept = job('kept', {
      state: 'finished',
      items: [{ key: '1', label: 'a.example', status: 'skipped', reason: 'It already has a report.' }],
    });
    await store.save(kept);
    // A name another version wrote that this one cannot say: the job stays, with its title.
    await set('strange', job('strange', { name: { kind: 'merge', reports: 2 } as never }), createStore(name, 'jobs'));
    const read = await indexedDbJobStore(name).all();
    expect(read).toEqual(expect.arrayContaining([named, kept, job('strange')]));
    expect(read).toHaveLength(3);
    expect(read.find((found) => found.id === 'strange')).not.toHaveProperty('name');
  });

  it('keeps jobs in IndexedDB by id: saved again replaces, removed is gone, another page reads them', async () => {
    const name = freshName();
    const store = indexedDbJobStore(name);
    expect(store.persistent).toBe(true);
    await store.save(job('a'));
    await store.save(job('b'));
    await store.save(job('a', { state: 'paused' }));
    await store.remove('b');
    // A reload: a new store on the same database.
    const again = indexedDbJobStore(name);
    expect(await again.all()).toEqual([job('a', { state: 'paused' })]);
    // Another database holds none of them.
    expect(await indexedDbJobStore(freshName()).all()).toEqual([]);
  });

  it('reads back only records that look like jobs (another version may have written another shape)', async () => {
    const name = freshName();
    const raw = createStore(name, 'jobs');
    const garbage: [string, unknown][] = [
      ['undefined', undefined],
      ['null', null],
      ['text', 'a job'],
      ['number-id', { ...job('x'), id: 7 }],
      ['no-connection', { ...job('x'), connection: undefined }],
      ['spec-null', { ...job('x'), spec: null }],
      ['spec-text', { ...job('x'), spec: 'delete' }],
      ['items-object', { ...job('x'), items: {} }],
    ];
    for (const [key, value] of garbage) await set(key, value, raw);
    await set('good', job('good'), raw);
    expect(await indexedDbJobStore(name).all()).toEqual([job('good')]);
  });

  it('keeps jobs in memory where there is no IndexedDB, as copies that a later change does not reach', async () => {
    const store = memoryJobStore();
    expect(store.persistent).toBe(false);
    const kept = job('a');
    await store.save(kept);
    await store.save(job('b'));
    kept.state = 'cancelled';
    await store.remove('b');
    const [read] = await store.all();
    expect(read).toEqual(job('a'));
    read!.state = 'finished';
    expect(await store.all()).toEqual([job('a')]);
  });

  it('uses IndexedDB where there is one, memory where there is none', async () => {
    expect(defaultJobStore().persistent).toBe(true);
    vi.stubGlobal('indexedDB', undefined);
    expect(defaultJobStore().persistent).toBe(false);
  });

  it('says whether the device holds any job, without a store and false where it cannot read', async () => {
    expect(await hasSavedJobs()).toBe(false);
    const store = defaultJobStore();
    await store.save(job('kept'));
    expect(await hasSavedJobs()).toBe(true);
    await store.remove('kept');
    expect(await hasSavedJobs()).toBe(false);

    vi.stubGlobal('indexedDB', undefined);
    expect(await hasSavedJobs()).toBe(false);
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new Error('refused');
      },
    });
    expect(await hasSavedJobs()).toBe(false);
  });
});
