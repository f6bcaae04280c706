import { use, type ReactNode } from 'react';
import { startLanguage } from './start-language';

/**
 * Renders the app once the language it starts in can be shown: at once in English, after its
 * `shell` catalog in another. Until then the first render waits (the page's own "Loading…" stays
 * on screen), so nothing is shown in English first and then switched.
 */
export function LanguageReady({ children }: { children: ReactNode }) {
  const { ready } = startLanguage();
  if (ready) use(ready);
  return children;
}
