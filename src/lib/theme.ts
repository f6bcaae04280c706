/**
 * Light or dark: the system's choice unless the person picked one on the settings page, which
 * this device remembers. The choice is an attribute on <html> that styles.css reads; it is set
 * before the first render so that a dark page never flashes light.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const KEY = 'seo-dashboard:theme';

export function storedTheme(): Theme {
  try {
    return THEMES.find((theme) => theme === localStorage.getItem(KEY)) ?? 'system';
  } catch {
    return 'system'; // storage blocked: follow the system
  }
}

export function applyTheme(theme: Theme = storedTheme()): void {
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
