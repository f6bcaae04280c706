import { checkSinceLastVisit, recordKept, subscribeKeptChanges } from '../device-storage';
import { KEPT_NOW } from './kept-kinds';

/**
 * Once per page, whichever of the shell's notice and the settings part comes first: compares the
 * marker of the last visit with the stores, then keeps the marker up with every change (here or
 * in another tab), a moment after the last of a burst (a project's read writes it in one go).
 */
const RECORD_AFTER_MS = 400;

let watching = false;

export function watchWhatIsKept(): void {
  void checkSinceLastVisit(KEPT_NOW);
  if (watching) return;
  watching = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  subscribeKeptChanges(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void recordKept(KEPT_NOW), RECORD_AFTER_MS);
  });
}
