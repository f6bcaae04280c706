import type { BudgetState } from './rate-limiter';
import { sharedRecord, type SharedRecord } from './shared-record';
import { BUDGET_KEY } from './tab-channel';

/**
 * Where every open tab keeps the request budget (docs/decisions/0049): a shared record in
 * IndexedDB. The budget (./rate-limiter.ts) joins it once a tab's first rows are on screen
 * (api/transport.ts, shareRequestBudget); this module and the record's code load then.
 */

const finiteNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Whatever is stored becomes a valid state: garbage or another version's shape starts afresh. */
export function parseBudgetState(stored: unknown): BudgetState {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const starts = Array.isArray(record.starts) ? record.starts.filter((start) => typeof start === 'number') : [];
  return { starts, pausedUntil: finiteNumber(record.pausedUntil), slowUntil: finiteNumber(record.slowUntil) };
}

/**
 * Versions before the budget moved to IndexedDB kept it in localStorage under the same name: a
 * few hundred bytes no one reads any more.
 */
function forgetBudgetInLocalStorage(): void {
  try {
    localStorage.removeItem(BUDGET_KEY);
  } catch {
    // Storage disabled: there is nothing in it either.
  }
}

/** The budget every tab shares; null where IndexedDB is missing (each tab then keeps its own). */
export function sharedBudgetRecord(): SharedRecord<BudgetState> | null {
  forgetBudgetInLocalStorage();
  return sharedRecord({ key: BUDGET_KEY, parse: parseBudgetState });
}
