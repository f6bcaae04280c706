/**
 * The theme chosen on this device, applied before the first render so that a dark page never
 * flashes light. Only this much is in the first paint: the switch itself (lib/theme.ts) loads
 * with the settings page.
 */
export const THEME_KEY = 'seo-dashboard:theme';

/** Read by hand, not with the schema library (docs/decisions/0094): this is in the first paint of /reports. */
export function applySavedTheme(): void {
  try {
    const theme = localStorage.getItem(THEME_KEY);
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  } catch {
    // Storage blocked: follow the system.
  }
}
