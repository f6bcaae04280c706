import type { I18nContext } from '@lingui/react';
import { useContext, useSyncExternalStore } from 'react';
import { activeLocale, i18n, subscribeLocale } from './i18n';
import { LocaleShown } from './locale-shown';

/**
 * What the macros of `@lingui/react/macro` call (lingui.config.ts, `runtimeConfigModule`): the
 * app's instance, without a provider. A component that says anything follows the locale itself,
 * so it renders the same alone in a test as in the app, and only what speaks renders again on a
 * switch.
 *
 * Inside `<SpeakIn locale>` (./speak-in.tsx: a client report in its client's language), the
 * instance of that language instead, so that the same macros speak it there.
 */
const contexts = new Map<string, I18nContext>();

export function useLingui(): I18nContext {
  const shown = useContext(LocaleShown);
  const locale = useSyncExternalStore(subscribeLocale, activeLocale, activeLocale);
  if (shown) return shown;
  let context = contexts.get(locale);
  if (!context) contexts.set(locale, (context = { i18n, _: i18n._.bind(i18n) }));
  return context;
}
