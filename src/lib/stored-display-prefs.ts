/**
 * The display preferences as stored on this device, and the one the first rows need: whether
 * dates read exactly. The rest (checking, saving, the stale age: lib/display-prefs.ts) loads
 * with the settings page and the stale marker, after the first paint.
 */
export const DISPLAY_PREFS_KEY = 'seo-dashboard:display';

/**
 * Read by hand, not with the schema library (docs/decisions/0094): this module is in the first
 * paint of /reports. It only makes sure of an object; lib/display-prefs.ts reads its fields.
 */
export function readStoredPrefs(): { dates?: unknown; staleDays?: unknown } {
  try {
    return Object(JSON.parse(localStorage.getItem(DISPLAY_PREFS_KEY) ?? '{}')) as { dates?: unknown };
  } catch {
    return {}; // unreadable or blocked storage: the defaults
  }
}

// Read once per visit (every row's dates ask), again after a change on the settings page.
let exact: boolean | undefined;
export const exactDates = () => (exact ??= readStoredPrefs().dates === 'exact');
export function forgetExactDates(): void {
  exact = undefined;
}
