import 'fake-indexeddb/auto';
import { clear, createStore, keys, set } from 'idb-keyval';
import type { Report } from '../../../src/api';
import { aggregateProjectAudit } from '../../../src/features/audit/aggregate';
import {
  countKeptAudits,
  deleteKeptAudits,
  listKeptAudits,
  loadSnapshot,
  saveSnapshot,
} from '../../../src/features/audit/device-store';
import type { ProjectSnapshot, ReadReport } from '../../../src/features/audit/types';
import type { Connection } from '../../../src/features/connection';
import { subscribeKeptChanges } from '../../../src/features/device-storage';
import { forgetAskingInThisPage } from '../../../src/features/device-storage/ask-to-keep';
import { savedJobsFootprint } from '../../../src/features/jobs/job-store';
import { createPreviousResults } from '../../../src/features/kept-results/previous-results';

// What the stores add for "Kept on this device": listing what they keep with its age and size,
// and deleting a chosen set only where each item is still the one listed.

const demo: Connection = { mode: 'demo' };
const report = (id: string, url: string): Report => ({
  id,
  url,
  project: 'example.com',
  score: 50,
  rating: null,
  checks: [],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2026-10-01T10:00:00Z',
  createdAt: '2026-10-01T10:00:00Z',
  updatedAt: '2026-10-01T10:00:00Z',
});
const snapshot = (project: string, readAt: string, count: number): ProjectSnapshot => ({
  project,
  readAt,
  total: count,
  reports: Array.from(
    { length: count },
    (_, i) => ({ ...report(`${project}-${i}`, `https://${project}/${i}`), problems: [] }) as unknown as ReadReport,
  ),
});
const audit = aggregateProjectAudit([], Date.parse('2026-11-28T00:00:00Z'));

let changes: number;
let stop: () => void;
beforeEach(async () => {
  await clear(createStore('seo-dashboard-audit', 'projects'));
  await clear(createStore('seo-dashboard-previous-results', 'results'));
  await clear(createStore('seo-dashboard-jobs', 'jobs'));
  changes = 0;
  stop = subscribeKeptChanges(() => (changes += 1));
});
afterEach(() => stop());

describe('the kept audits, as a whole', () => {
  it('lists each project’s read with its age and size, counts them, and deletes only the read listed', async () => {
    await saveSnapshot('demo', snapshot('a.example', '2025-01-01T00:00:00.000Z', 250), audit);
    await saveSnapshot('demo', snapshot('b.example', '2026-11-01T00:00:00.000Z', 3), audit);
    expect(changes).toBe(2);
    const listed = await listKeptAudits();
    expect(listed.map(({ project, readAt, reports }) => ({ project, readAt, reports }))).toEqual([
      { project: 'a.example', readAt: '2025-01-01T00:00:00.000Z', reports: 250 },
      { project: 'b.example', readAt: '2026-11-01T00:00:00.000Z', reports: 3 },
    ]);
    const [a, b] = listed;
    expect(a!.bytes).toBeGreaterThan(b!.bytes * 10); // its three chunks of reports count
    expect(await countKeptAudits()).toBe(2);

    // b was read again since it was listed: it stays. a goes, with all its chunks.
    await saveSnapshot('demo', snapshot('b.example', '2026-11-28T00:00:00.000Z', 3), audit);
    changes = 0;
    expect(await deleteKeptAudits([a!, b!])).toBe(1);
    expect(changes).toBe(1);
    expect(await loadSnapshot('demo', 'a.example')).toBeNull();
    expect(await loadSnapshot('demo', 'b.example')).toMatchObject({ readAt: '2026-11-28T00:00:00.000Z' });
    const left = await keys(createStore('seo-dashboard-audit', 'projects'));
    expect(left.every((key) => Array.isArray(key) && key[2] === 'b.example')).toBe(true);
    expect(await countKeptAudits()).toBe(1);
  });
});

describe('the results before a re-analysis, as a whole', () => {
  it('lists them with their page, age and size, and deletes only those still as listed', async () => {
    const store = createPreviousResults();
    await store.keep(demo, report('1', 'https://example.com/'));
    await store.keep(demo, report('2', 'https://example.com/'));
    await store.keep(demo, report('3', 'https://example.com/about'));
    const listed = await store.list();
    expect(listed.map(({ scope, id, url }) => ({ scope, id, url }))).toEqual([
      { scope: 'demo', id: '1', url: 'https://example.com/' },
      { scope: 'demo', id: '2', url: 'https://example.com/' },
      { scope: 'demo', id: '3', url: 'https://example.com/about' },
    ]);
    expect(listed.every((result) => result.bytes > 100 && !Number.isNaN(Date.parse(result.keptAt)))).toBe(true);
    expect(await store.count()).toBe(3);

    // Report 2 was analysed again since: what is kept for it now is newer, and stays.
    const afterwards = createPreviousResults();
    await set(
      ['demo', '2'],
      { report: report('2', 'https://example.com/'), keptAt: '2099-01-01T00:00:00.000Z' },
      createStore('seo-dashboard-previous-results', 'results'),
    );
    const seen: string[] = [];
    store.subscribe((id) => seen.push(id));
    changes = 0;
    expect(await store.remove(listed.filter((result) => result.id !== '3'))).toBe(1);
    expect(changes).toBe(1);
    expect(seen).toEqual(['1']);
    // This page's memory forgets it too, as a reload would.
    expect(await store.read(demo, '1')).toBeNull();
    expect(await afterwards.read(demo, '2')).toMatchObject({ keptAt: '2099-01-01T00:00:00.000Z' });
    expect(await afterwards.read(demo, '3')).not.toBeNull();
    expect(await store.count()).toBe(2);
  });
});

describe('asking the browser to keep them', () => {
  afterEach(() => Reflect.deleteProperty(navigator, 'storage'));

  it.each([
    [
      'the audit first stores a read',
      () => saveSnapshot('demo', snapshot('a.example', '2026-11-01T00:00:00.000Z', 1), audit),
    ],
    [
      'results before a re-analysis are first kept',
      () => createPreviousResults().keep(demo, report('1', 'https://example.com/')),
    ],
  ])('asks when %s', async (_, keepSomething) => {
    forgetAskingInThisPage();
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', {
      value: { persist, persisted: async () => false },
      configurable: true,
    });
    await keepSomething();
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
  });
});

describe('the jobs kept to survive a reload', () => {
  it('counts them and their size', async () => {
    expect(await savedJobsFootprint()).toEqual({ entries: 0, bytes: 0 });
    const job = { id: 'j1', connection: 'demo', spec: { kind: 'export' }, items: [{ id: 'r1' }] };
    await set('j1', job, createStore('seo-dashboard-jobs', 'jobs'));
    expect(await savedJobsFootprint()).toEqual({ entries: 1, bytes: JSON.stringify(job).length });
  });
});
