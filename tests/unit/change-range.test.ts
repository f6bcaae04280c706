// Not the node environment: the audit index this module imports through starts the connection (storage).
import { readChangeRange } from '../../src/features/audit/change-range';

const NOW = new Date(2026, 10, 26, 15).getTime();
const read = (query: string) => readChangeRange(new URLSearchParams(query), NOW);

describe('the dates of a change report, from the address bar', () => {
  it('defaults to the last 30 days, to the end of today', () => {
    expect(read('')).toMatchObject({ from: '2026-10-27', to: '2026-11-26', notices: [] });
    expect(read('').toAt).toBe(new Date(2026, 10, 27).getTime() - 1);
  });

  it('takes any two real days', () => {
    expect(read('from=2025-01-31&to=2026-02-28')).toMatchObject({ from: '2025-01-31', to: '2026-02-28', notices: [] });
  });

  it('says what was wrong with a date that is not one, and uses the default for it', () => {
    const range = read('from=2026-02-30&to=%3Cscript%3E');
    expect(range).toMatchObject({ from: '2026-10-27', to: '2026-11-26' });
    expect(range.notices).toEqual([
      'The first date in the address, “2026-02-30”, is not a date: 2026-10-27 is used instead.',
      'The second date in the address, “<script>”, is not a date: 2026-11-26 is used instead.',
    ]);
    expect(read(`from=${'9'.repeat(500)}`).notices[0]?.length).toBeLessThan(130);
  });

  it('turns dates in the wrong order round, and says so', () => {
    const range = read('from=2026-11-20&to=2026-11-01');
    expect(range).toMatchObject({ from: '2026-11-01', to: '2026-11-20' });
    expect(range.notices).toEqual([
      'The dates were in the wrong order: the report compares 2026-11-01 with 2026-11-20.',
    ]);
  });
});
