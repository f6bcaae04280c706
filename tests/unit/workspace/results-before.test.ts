import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { Report } from '../../../src/api';
import { keyOf } from '../../../src/features/workspace/pieces';
import { appendEdits, HISTORY_LENGTH, readRegisters, registersOf } from '../../../src/features/workspace/registers';
import { readSharedResultBefore } from '../../../src/features/workspace/results-before';

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
    // Removed, it is gone, whatever it held.
    ana.transact(() => appendEdits(registersOf(ana), [[BEFORE, null]], 6_000));
    expect(read(ana)).toBeNull();
  });

  it('refuses what a broken or hostile peer wrote, and another report filed under this one', () => {
    const broken = [
      null,
      'a report',
      { report: REPORT },
      { report: REPORT, keptAt: 'yesterday' },
      { report: { ...REPORT, checks: 'all passed' }, keptAt: KEPT.keptAt },
      { report: { ...REPORT, id: '' }, keptAt: KEPT.keptAt },
      { report: { ...REPORT, url: 'x'.repeat(5_000) }, keptAt: KEPT.keptAt },
      {
        report: { ...REPORT, checks: Array.from({ length: 400 }, (_, i) => ({ ...REPORT.checks[0], name: `c${i}` })) },
        keptAt: KEPT.keptAt,
      },
      { report: { ...REPORT, checks: [{ ...REPORT.checks[0], value: 'x'.repeat(30_000) }] }, keptAt: KEPT.keptAt },
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
});
