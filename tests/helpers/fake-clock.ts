import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';

/**
 * A clock for waits that are the subject of a test (an Undo window, a retry's back-off): it moves
 * with real time, so the rest of the app runs as usual, and `pass(ms)` jumps ahead at once.
 * setImmediate stays real: fake-indexeddb and React's scheduler run on it, and would otherwise
 * only move in the clock's 20 ms steps. The real timers come back after each test.
 */
export function useFakeClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  return {
    /** A user whose pauses between events follow the fake clock. */
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    /** Lets `ms` of (fake) time pass, with React kept in step. */
    pass: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
  };
}

afterEach(() => {
  vi.useRealTimers();
});
