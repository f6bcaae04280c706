import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { shareRequestBudget } from '../../src/api/transport';
import { BUDGET_KEY } from '../../src/lib/tab-channel';

describe('shareRequestBudget', () => {
  it('removes the copy of the budget that versions before IndexedDB kept in localStorage', async () => {
    localStorage.setItem(BUDGET_KEY, JSON.stringify({ starts: [1, 2, 3], pausedUntil: 0 }));
    localStorage.setItem('seo-dashboard.theme', 'dark');
    await shareRequestBudget();
    expect(localStorage.getItem(BUDGET_KEY)).toBeNull();
    // Nothing else of what is stored.
    expect(localStorage.getItem('seo-dashboard.theme')).toBe('dark');
  });
});
