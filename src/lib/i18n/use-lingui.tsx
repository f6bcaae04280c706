import type { I18nContext, TransProps } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import { useSyncExternalStore } from 'react';
import { activeLocale, i18n, subscribeLocale } from './i18n';

/**
 * What the macros of `@lingui/react/macro` call (lingui.config.ts, `runtimeConfigModule`): the
 * app's instance, without a provider. A component that says anything follows the locale itself,
 * so it renders the same alone in a test as in the app, and only what speaks renders again on a
 * switch.
 */
const contexts = new Map<string, I18nContext>();

export function useLingui(): I18nContext {
  const locale = useSyncExternalStore(subscribeLocale, activeLocale, activeLocale);
  let context = contexts.get(locale);
  if (!context) contexts.set(locale, (context = { i18n, _: i18n._.bind(i18n) }));
  return context;
}

/** `<Trans>`: a message with elements in it ("Read <a>the guide</a>"). */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={useLingui()} />;
}
