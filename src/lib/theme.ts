import * as v from 'valibot';
import { THEME_KEY as KEY } from './saved-theme';
import { readOr } from './schema';

/**
 * Light or dark: the system's choice unless the person picked one on the settings page, which
 * this device remembers. The choice is an attribute on <html> that styles.css reads; the saved
 * one is set before the first render (lib/saved-theme.ts, in the first paint; this module loads
 * with the settings page).
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export function storedTheme(): Theme {
  try {
    return readOr(v.picklist(THEMES), localStorage.getItem(KEY), 'system');
  } catch {
    return 'system'; // storage blocked: follow the system
  }
}

function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function saveTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  applyTheme(theme);
}
