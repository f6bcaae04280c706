import { act } from '@testing-library/react';
import { catalogsLoading } from '../../src/lib/i18n/switch-language';

/**
 * Waits, inside act(), until no catalog is on its way: a lazily loaded part that suspended on its
 * words in another language renders when they come, and React warns (failing the test) when that
 * happens after the test, outside act. Each round's render may ask for another catalog.
 */
export async function settleWords(): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    const loading = catalogsLoading();
    if (!loading) return;
    await act(() => loading);
  }
}
