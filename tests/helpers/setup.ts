import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error (React warnings, act() problems, failed prop types, jsdom errors)
// fails the test: such messages usually mean a real defect that would otherwise scroll by unnoticed.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

// Files that need no DOM run in Node (`// @vitest-environment node` in their first line): no page to set up.
// The page's hooks are registered after the check above, so they run before it after each test
// (hooks after a test run in reverse order): what the clean-up logs is checked too.
if ('jsdom' in globalThis) await import('./setup-dom');
