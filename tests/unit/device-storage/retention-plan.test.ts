// @vitest-environment node
import {
  monthsBefore,
  planRetention,
  retentionError,
  typedRetention,
  type KeptItem,
} from '../../../src/features/device-storage/retention';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

let next = 0;
function item(at: string, page = 'example.com/', kind = 'earlier', bytes = 100): KeptItem<number> {
  next += 1;
  return { kind, page, at, bytes, ref: next };
}
const refs = (items: KeptItem<number>[]) => items.map((kept) => kept.ref).sort((a, b) => a - b);

describe('which kept items the retention rules remove', () => {
  it('keeps the newest N runs of each page, whatever order they are listed in', () => {
    const oldest = item('2026-11-01T00:00:00Z');
    const newest = item('2026-11-27T00:00:00Z');
    const middle = item('2026-11-15T00:00:00Z');
    const otherPage = item('2026-10-01T00:00:00Z', 'example.com/about');
    const plan = planRetention([oldest, newest, middle, otherPage], { keepRuns: 2, maxMonths: 12 }, NOW);
    expect(refs(plan.remove)).toEqual([oldest.ref]);
    // N = 1: only the newest of each page stays; the other page's single run stays too.
    const one = planRetention([oldest, newest, middle, otherPage], { keepRuns: 1, maxMonths: 12 }, NOW);
    expect(refs(one.remove)).toEqual(refs([oldest, middle]));
    // N as large as the page's runs: nothing goes for the count.
    expect(planRetention([oldest, newest, middle], { keepRuns: 3, maxMonths: 12 }, NOW).remove).toEqual([]);
  });

  it('counts runs per kind: a kept audit and an earlier result of the same page are not rivals', () => {
    const audit = item('2026-11-20T00:00:00Z', 'p', 'audits');
    const earlier = item('2026-11-21T00:00:00Z', 'p', 'earlier');
    expect(planRetention([audit, earlier], { keepRuns: 1, maxMonths: 12 }, NOW).remove).toEqual([]);
  });

  it('removes what is older than M calendar months; one kept exactly M months ago stays', () => {
    const exactly = item('2026-05-28T12:00:00.000Z', 'a');
    const aMomentOlder = item('2026-05-28T11:59:59.999Z', 'b');
    const younger = item('2026-05-28T12:00:00.001Z', 'c');
    const plan = planRetention([exactly, aMomentOlder, younger], { keepRuns: 100, maxMonths: 6 }, NOW);
    expect(refs(plan.remove)).toEqual([aMomentOlder.ref]);
    // The age applies even to a page's newest run.
    const alone = item('2020-01-01T00:00:00Z', 'alone');
    expect(refs(planRetention([alone], { keepRuns: 5, maxMonths: 60 }, NOW).remove)).toEqual([alone.ref]);
  });

  it('applies both rules at once, and sums what would go per kind and in bytes', () => {
    const items = [
      item('2026-11-27T00:00:00Z', 'p', 'earlier', 10),
      item('2026-11-26T00:00:00Z', 'p', 'earlier', 20), // beyond N = 1
      item('2025-01-01T00:00:00Z', 'q', 'earlier', 40), // too old
      item('2024-06-01T00:00:00Z', 'project', 'audits', 1000), // too old
      item('2026-11-01T00:00:00Z', 'project 2', 'audits', 5000),
    ];
    const plan = planRetention(items, { keepRuns: 1, maxMonths: 6 }, NOW);
    expect(plan.byKind).toEqual({ earlier: 2, audits: 1 });
    expect(plan.bytes).toBe(1060);
  });

  it('never removes for its age an item whose time cannot be read, but counts it as the oldest of its page', () => {
    const unreadable = item('not a date');
    const newer = item('2026-11-01T00:00:00Z');
    expect(planRetention([unreadable], { keepRuns: 1, maxMonths: 1 }, NOW).remove).toEqual([]);
    expect(refs(planRetention([unreadable, newer], { keepRuns: 1, maxMonths: 1 }, NOW).remove)).toEqual([
      unreadable.ref,
    ]);
  });

  it('counts months by the calendar, on the last day of a shorter month', () => {
    expect(new Date(monthsBefore(Date.parse('2026-03-31T08:00:00Z'), 1)).toISOString()).toBe(
      '2026-02-28T08:00:00.000Z',
    );
    expect(new Date(monthsBefore(Date.parse('2024-03-31T08:00:00Z'), 1)).toISOString()).toBe(
      '2024-02-29T08:00:00.000Z',
    );
    expect(new Date(monthsBefore(Date.parse('2026-01-15T00:00:00Z'), 13)).toISOString()).toBe(
      '2024-12-15T00:00:00.000Z',
    );
  });
});

describe('the rules as typed', () => {
  it('takes whole numbers within the bounds, around spaces', () => {
    expect(typedRetention(' 1 ', '120')).toEqual({ keepRuns: 1, maxMonths: 120 });
    expect(typedRetention('100', '1')).toEqual({ keepRuns: 100, maxMonths: 1 });
    expect(retentionError('keepRuns', '100')).toBeNull();
  });

  it.each([['0'], ['101'], [''], ['2.5'], ['1e2'], ['-3'], ['three']])('refuses %j runs, in words', (typed) => {
    expect(retentionError('keepRuns', typed)).toBe('Enter a whole number of runs from 1 to 100.');
    expect(typedRetention(typed, '12')).toBeNull();
  });

  it.each([['0'], ['121']])('refuses %j months, in words', (typed) => {
    expect(retentionError('maxMonths', typed)).toBe('Enter a whole number of months from 1 to 120.');
  });
});
