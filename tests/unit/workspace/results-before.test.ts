import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Report } from '../../../src/api';
import { keyOf } from '../../../src/features/workspace/pieces';
import { appendEdits, HISTORY_LENGTH, readRegisters, registersOf } from '../../../src/features/workspace/registers';
import {
  MAX_SHARED_RESULTS,
  readSharedResultBefore,
  writesToShare,
} from '../../../src/features/workspace/results-before';

// A report's results before its re-analysis, as the team shares them (decision 115): one whole
// report per page, read through a schema whatever a peer sent.

const REPORT: Report = {
  id: 'r-1',
  url: 'shop.example/products/',
  project: 'shop.example',
  score: 71,
  rating: 'decent',
  checks: [
    { name: 'title', passed: true, importance: 'high', value: 'Products', errors: {} },
    { name: 'meta_description', passed: false, importance: 'medium', value: null, errors: { missing: true } },
  ],
  privacy: 'public',
  hasPassword: false,
  generatedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: null,
};
const KEPT = { report: REPORT, keptAt: '2026-11-20T09:00:00.000Z' };
const BEFORE = keyOf(['before', REPORT.id]);

function docWith(...values: unknown[]) {
  const doc = new Y.Doc();
  values.forEach((value, index) => doc.transact(() => appendEdits(registersOf(doc), [[BEFORE, value]], 1_000 + index)));
  return doc;
}
const read = (doc: Y.Doc, id = REPORT.id) => readSharedResultBefore(readRegisters(registersOf(doc)), id);

describe("the team's results before a re-analysis", () => {
  it('reads back what was shared, as it was', () => {
    expect(read(docWith(KEPT))).toEqual(KEPT);
    expect(read(new Y.Doc())).toBeNull();
  });

  it('keeps one per report: an earlier whole report is not kept in the history', () => {
    const doc = docWith(
      KEPT,
      { ...KEPT, keptAt: '2026-11-21T09:00:00.000Z' },
      { ...KEPT, keptAt: '2026-11-22T09:00:00.000Z' },
    );
    expect(readRegisters(registersOf(doc)).get(BEFORE)).toHaveLength(1);
    expect(read(doc)?.keptAt).toBe('2026-11-22T09:00:00.000Z');
    // Other pieces keep their history, as before.
    const note = keyOf(['note', 'n-1']);
    for (let index = 0; index < HISTORY_LENGTH + 2; index += 1)
      doc.transact(() => appendEdits(registersOf(doc), [[note, { id: 'n-1', text: `v${index}` }]], 2_000 + index));
    expect(readRegisters(registersOf(doc)).get(note)).toHaveLength(HISTORY_LENGTH);
  });

  it('is the later kept when two devices shared at once, whichever clock wrote last', () => {
    const [ana, ben] = [new Y.Doc(), new Y.Doc()];
    const later = { ...KEPT, keptAt: '2026-11-22T09:00:00.000Z' };
    ana.transact(() => appendEdits(registersOf(ana), [[BEFORE, later]], 1_000));
    // Ben's clock is ahead; what he shares was kept earlier.
    ben.transact(() => appendEdits(registersOf(ben), [[BEFORE, KEPT]], 5_000));
    Y.applyUpdate(ana, Y.encodeStateAsUpdate(ben));
    Y.applyUpdate(ben, Y.encodeStateAsUpdate(ana));
    for (const doc of [ana, ben]) expect(read(doc)).toEqual(later);
    // Removed on one device while the other shared anew: the removal, later, leaves none.
    const cara = new Y.Doc();
    Y.applyUpdate(cara, Y.encodeStateAsUpdate(ana));
    ana.transact(() =>
      appendEdits(registersOf(ana), [[BEFORE, { ...later, keptAt: '2026-11-23T09:00:00.000Z' }]], 6_000),
    );
    cara.transact(() => appendEdits(registersOf(cara), [[BEFORE, null]], 7_000));
    Y.applyUpdate(ana, Y.encodeStateAsUpdate(cara));
    expect(readRegisters(registersOf(ana)).get(BEFORE)).toHaveLength(2);
    expect(read(ana)).toBeNull();
  });

  it('is the later run by the service’s clock, before the later kept by a device’s', () => {
    const laterRun = {
      report: { ...REPORT, generatedAt: '2026-11-10T10:00:00.000Z' },
      keptAt: '2026-11-15T09:00:00.000Z',
    };
    // Kept later by a device whose clock runs ahead, of an earlier run.
    const fastClock = { report: REPORT, keptAt: '2027-06-01T09:00:00.000Z' };
    const [ana, ben] = [docWith(laterRun), new Y.Doc()];
    ben.transact(() => appendEdits(registersOf(ben), [[BEFORE, fastClock]], 9_000));
    Y.applyUpdate(ana, Y.encodeStateAsUpdate(ben));
    expect(read(ana)).toEqual(laterRun);
  });

  it('refuses what a broken or hostile peer wrote, and another report filed under this one', () => {
    const broken = [
      null,
      'a report',
      { report: REPORT },
      { report: REPORT, keptAt: 'yesterday' },
      { report: { ...REPORT, checks: 'all passed' }, keptAt: KEPT.keptAt },
      { report: { ...REPORT, id: '' }, keptAt: KEPT.keptAt },
      {
        report: { ...REPORT, checks: Array.from({ length: 600 }, (_, i) => ({ ...REPORT.checks[0], name: `c${i}` })) },
        keptAt: KEPT.keptAt,
      },
      // Over the bound on the whole (a sync message is 2 MiB at most).
      { report: { ...REPORT, checks: [{ ...REPORT.checks[0]!, value: 'x'.repeat(600_000) }] }, keptAt: KEPT.keptAt },
    ];
    for (const value of broken) expect(read(docWith(value))).toBeNull();
    // Filed under r-1 but another report's: not r-1's before.
    expect(read(docWith({ ...KEPT, report: { ...REPORT, id: 'r-2' } }))).toBeNull();
  });

  it('reads what it can of a field it does not know or cannot read, without failing the report', () => {
    const odd = {
      report: {
        ...REPORT,
        score: 'high',
        rating: 'excellent',
        privacy: 7,
        hasPassword: 'yes',
        generatedAt: 'soon',
        extra: { anything: true },
        checks: [{ ...REPORT.checks[0], passed: 'maybe', importance: 'urgent', errors: 'none' }],
      },
      keptAt: KEPT.keptAt,
    };
    expect(read(docWith(odd))).toEqual({
      keptAt: KEPT.keptAt,
      report: {
        ...REPORT,
        score: null,
        rating: null,
        privacy: 'public',
        hasPassword: false,
        generatedAt: null,
        checks: [{ ...REPORT.checks[0], passed: null, importance: null, errors: {} }],
      },
    });
  });

  it('shares this device’s copy only when it is later than the team’s and can be read back', () => {
    const stored = (doc: Y.Doc) => readRegisters(registersOf(doc));
    const later = { ...KEPT, keptAt: '2026-11-25T09:00:00.000Z' };
    expect(writesToShare(stored(new Y.Doc()), KEPT)).toEqual([[BEFORE, KEPT]]);
    expect(writesToShare(stored(docWith(KEPT)), later)).toEqual([[BEFORE, later]]);
    // The team's is as late or later (another tab's, a colleague's that arrived meanwhile): nothing.
    expect(writesToShare(stored(docWith(later)), KEPT)).toEqual([]);
    expect(writesToShare(stored(docWith(KEPT)), KEPT)).toEqual([]);
    // The team's latest is in a shape this version cannot read (a newer version's): left to it.
    expect(writesToShare(stored(docWith({ report: { id: REPORT.id, v2: true }, keptAt: 'x' })), later)).toEqual([]);
    // One the team could not read back (too large) stays this device's.
    const huge = { ...later, report: { ...REPORT, checks: [{ ...REPORT.checks[0]!, value: 'x'.repeat(600_000) }] } };
    expect(writesToShare(stored(new Y.Doc()), huge)).toEqual([]);
  });

  it('keeps at most MAX_SHARED_RESULTS reports’ copies: one more removes those shared longest ago', () => {
    const doc = new Y.Doc();
    const copyOf = (id: string) => ({ ...KEPT, report: { ...REPORT, id } });
    const share = (id: string, at: number, value: unknown = copyOf(id)) =>
      doc.transact(() => appendEdits(registersOf(doc), [[keyOf(['before', id]), value]], at));
    // 999 copies, the later in the list shared the longer ago; and one removed, which counts for nothing.
    for (let i = 1; i < MAX_SHARED_RESULTS; i += 1) share(`r-${i}`, 10_000 - i);
    share('r-0', 20_000, null);
    const fresh = copyOf('new');
    const writes = () => writesToShare(readRegisters(registersOf(doc)), fresh);
    expect(writes()).toEqual([[keyOf(['before', 'new']), fresh]]);

    // Two more, shared longest ago of all (at once): with the new one, both go, oldest first.
    share('r-b', 5_000);
    share('r-a', 5_000);
    expect(writes()).toEqual([
      [keyOf(['before', 'new']), fresh],
      [keyOf(['before', 'r-a']), null],
      [keyOf(['before', 'r-b']), null],
    ]);
    // A report already there, shared again, does not count twice: 1,001 there, one goes.
    const again = { ...copyOf('r-5'), keptAt: '2026-11-26T09:00:00.000Z' };
    expect(writesToShare(readRegisters(registersOf(doc)), again)).toEqual([
      [keyOf(['before', 'r-5']), again],
      [keyOf(['before', 'r-a']), null],
    ]);
  });
});
