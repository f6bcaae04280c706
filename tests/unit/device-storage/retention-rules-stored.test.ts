import {
  DEFAULT_RETENTION,
  loadRetentionRules,
  RETENTION_KEY,
  saveRetentionRules,
} from '../../../src/features/device-storage/retention';

describe('the retention rules kept on this device', () => {
  it('are the defaults until saved, then what was saved', () => {
    expect(loadRetentionRules()).toEqual(DEFAULT_RETENTION);
    saveRetentionRules({ keepRuns: 2, maxMonths: 3 });
    expect(loadRetentionRules()).toEqual({ keepRuns: 2, maxMonths: 3 });
  });

  it('read field by field: one out of bounds falls back alone, garbage to the defaults', () => {
    localStorage.setItem(RETENTION_KEY, JSON.stringify({ keepRuns: 7, maxMonths: 9999 }));
    expect(loadRetentionRules()).toEqual({ keepRuns: 7, maxMonths: DEFAULT_RETENTION.maxMonths });
    localStorage.setItem(RETENTION_KEY, JSON.stringify({ keepRuns: '7', maxMonths: 2.5 }));
    expect(loadRetentionRules()).toEqual(DEFAULT_RETENTION);
    localStorage.setItem(RETENTION_KEY, '{not json');
    expect(loadRetentionRules()).toEqual(DEFAULT_RETENTION);
  });
});
