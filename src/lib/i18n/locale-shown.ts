import { createContext } from 'react';
import type { I18nContext } from '@lingui/react';

/**
 * The language a part of the page speaks when it is not the dashboard's (a client report's, in
 * its client's language: ./speak-in.tsx). Null, the default, is the dashboard's. Apart from
 * ./speak-in.tsx because `useLingui`, which is in the first paint, reads it: only this is.
 */
export const LocaleShown = createContext<I18nContext | null>(null);
