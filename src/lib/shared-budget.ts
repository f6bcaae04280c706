import * as v from 'valibot';
import type { BudgetState } from './rate-limiter';
import { listOf } from './schema';
import { sharedRecord, type SharedRecord } from './shared-record';
import { BUDGET_KEY } from './tab-channel';

/**
 * Where every open tab keeps the request budget (docs/decisions/0049): a shared record in
 * IndexedDB. The budget (./rate-limiter.ts) joins it once a tab's first rows are on screen
 * (api/transport.ts, shareRequestBudget); this module and the record's code load then.
 */

/** A moment (epoch ms) that is a number; anything else is none. */
const UntilSchema = v.fallback(
  v.pipe(
    v.number(),
    v.check((until: number) => Number.isFinite(until)),
  ),
  0,
);

/**
 * Whatever is stored becomes a valid state: garbage or another version's shape starts afresh.
 * BudgetState is ./rate-limiter.ts's, which is in the first paint; its reading loads here, later.
 */
const BudgetStateSchema: v.GenericSchema<unknown, BudgetState> = v.fallback(
  v.object({
    starts: listOf(v.custom<number>((start) => typeof start === 'number')),
    pausedUntil: UntilSchema,
    slowUntil: UntilSchema,
  }),
  () => ({ starts: [], pausedUntil: 0, slowUntil: 0 }),
);

export const parseBudgetState = (stored: unknown): BudgetState => v.parse(BudgetStateSchema, stored);

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
