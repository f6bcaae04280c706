import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Long runs kept out of CI (`npm run chaos`): the same servers and browser as the e2e suite,
 * with the soak specs of tests/soak/. CHAOS_MINUTES (default 5) sets how long they work.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/soak',
  timeout: 20 * 60_000,
  // A step that waits for something that never comes says so, instead of holding the run to its end.
  use: { ...base.use, actionTimeout: 60_000 },
});
