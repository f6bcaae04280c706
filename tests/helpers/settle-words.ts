import { act, cleanup, waitFor } from '@testing-library/react';
import { catalogsLoading, switchLanguage } from '../../src/lib/i18n/switch-language';

const QUIET_ROUNDS = 2;
const ROUND_MS = 50;

/**
 * Waits, inside act(), until no catalog is on its way and the app has been quiet for a moment: a
 * lazily loaded part that suspended on its code or its words in another language renders when
 * they come, and React warns (failing the test) when that happens outside act, after the test or
 * between two of its steps. Each round's render may ask for another catalog or part; the quiet
 * rounds let a part's code (a dynamic import) come in too, which no promise here names.
 */
export async function settleWords(): Promise<void> {
  let quiet = 0;
  for (let round = 0; round < 40 && quiet < QUIET_ROUNDS; round += 1) {
    const loading = catalogsLoading();
    quiet = loading ? 0 : quiet + 1;
    // One act for the load and a pause after it: what waits on the load (the promise a suspended
    // part holds is a step behind it) settles inside the same act, not in the gap after it.
    await act(async () => {
      await loading;
      await new Promise((resolve) => setTimeout(resolve, ROUND_MS));
    });
  }
}

/**
 * The shell's parts that come after the page (the keyboard shortcuts, whose dialog is there,
 * closed, once they have come; the jobs' tray; the navigation's badges), each with its words, are
 * in: before a test types or ends, none of them may render or get its words outside act.
 */
export async function settleShell(timeout = 20_000): Promise<void> {
  await waitFor(() => expect(document.querySelector('dialog.shortcuts-dialog')).toBeInTheDocument(), { timeout });
  for (let round = 0; round < 5; round += 1) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await settleWords();
  }
}

/** How long a page in another language may take to come on a busy machine: its code, then its words. */
export const PAGE_LOAD = { timeout: 20_000 };

/**
 * The end of a test of a page in another language: its later parts settled inside act, the page
 * gone, and English again for the next test (the language is the page's, not the test's).
 */
export async function endInEnglish(): Promise<void> {
  await settleWords();
  cleanup();
  await act(() => switchLanguage('en'));
}
