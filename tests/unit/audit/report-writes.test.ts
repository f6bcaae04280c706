// @vitest-environment node
import type { Report } from '../../../src/api';
import { toReadReport } from '../../../src/features/audit/aggregate';
import { applyWriteToSnapshot } from '../../../src/features/audit/report-writes';
import type { ProjectSnapshot } from '../../../src/features/audit/types';

// A write applied to what the audit keeps of a project: by hand-made fixtures.

const report = (id: string, generatedAt: string, changes: Partial<Report> = {}): Report => ({
  id,
  url: `example.com/${id}`,
  project: 'example.com',
  score: 50,
  rating: 'decent',
  checks: [
    { name: 'title', passed: true, importance: 'high', value: 'A title', errors: {} },
    { name: 'meta_description', passed: false, importance: 'high', value: null, errors: { missing: true } },
  ],
  privacy: 'public',
  hasPassword: false,
  generatedAt,
  createdAt: generatedAt,
  updatedAt: generatedAt,
  ...changes,
});

const snapshot = (): ProjectSnapshot => ({
  project: 'example.com',
  reports: [
    report('3', '2026-11-03T00:00:00Z'),
    report('2', '2026-11-02T00:00:00Z'),
    report('1', '2026-11-01T00:00:00Z'),
  ].map(toReadReport),
  total: 3,
  readAt: '2026-11-04T00:00:00Z',
});

const ids = (s: ProjectSnapshot | null) => s?.reports.map((r) => r.id);

describe('a write applied to a kept project', () => {
  it('a delete removes the report and lowers the total, once', () => {
    const after = applyWriteToSnapshot(snapshot(), { kind: 'deleted', id: '2' });
    expect(ids(after)).toEqual(['3', '1']);
    expect(after?.total).toBe(2);
    // Applied again (a read that ran meanwhile) or of a report not kept: nothing changes.
    expect(applyWriteToSnapshot(after!, { kind: 'deleted', id: '2' })).toBeNull();
    expect(applyWriteToSnapshot(snapshot(), { kind: 'deleted', id: '9' })).toBeNull();
  });

  it('a privacy change patches privacy and password only', () => {
    const answer = report('2', '2026-11-02T00:00:00Z', { privacy: 'password', hasPassword: true, score: 99 });
    const after = applyWriteToSnapshot(snapshot(), { kind: 'privacy', report: answer });
    expect(after?.reports[1]).toEqual({ ...snapshot().reports[1], privacy: 'password', hasPassword: true });
    expect(after?.total).toBe(3);
    expect(applyWriteToSnapshot(after!, { kind: 'privacy', report: answer })).toBeNull();
  });

  it('a re-analysis replaces the run with the new one (its failing checks as problems), first', () => {
    const answer = report('1', '2026-11-05T00:00:00Z', { score: 90, checks: [] });
    const after = applyWriteToSnapshot(snapshot(), { kind: 'analysed', report: answer });
    expect(ids(after)).toEqual(['1', '3', '2']);
    expect(after?.reports[0]).toEqual({ ...toReadReport(answer), unconfirmed: true });
    expect(after?.total).toBe(3);
    // An older answer than the run kept changes nothing.
    const older = report('1', '2026-10-01T00:00:00Z');
    expect(applyWriteToSnapshot(after!, { kind: 'analysed', report: older })).toBeNull();
  });

  it('a created report joins the project and raises the total; another project is not touched', () => {
    const created = report('4', '2026-11-05T00:00:00Z');
    const after = applyWriteToSnapshot(snapshot(), { kind: 'analysed', report: created });
    expect(ids(after)).toEqual(['4', '3', '2', '1']);
    expect(after?.reports[0]?.problems.map((c) => c.name)).toEqual(['meta_description']);
    expect(after?.total).toBe(4);
    const elsewhere = report('5', '2026-11-05T00:00:00Z', { project: 'other.com' });
    expect(applyWriteToSnapshot(snapshot(), { kind: 'analysed', report: elsewhere })).toBeNull();
  });
});
