import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadDeferredParts } from '../../src/components/deferred';
import { clearToasts } from '../../src/components/toast';

// CI machines have two cores shared by parallel test files: allow slow renders, not flaky fails.
configure({ asyncUtilTimeout: 5000 });

// The app loads its rarely shown parts (errors, banners, toasts) once its first data is on screen
// (components/deferred; tested in tests/unit/deferred.test.tsx). Load them before the tests, so
// that the first import of a file on a busy machine is not taken for a slow page.
beforeAll(() => preloadDeferredParts());

// An unexpected console.error (React warnings, act() problems, failed prop types) fails the test:
// such messages usually mean a real defect that would otherwise scroll by unnoticed.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  cleanup();
  clearToasts();
  localStorage.clear();
  sessionStorage.clear();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
