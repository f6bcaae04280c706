import type { TransProps } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import { useLingui } from './use-lingui';

/**
 * `<Trans>`: a message with elements in it ("Read <a>the guide</a>"), as the macros of
 * `@lingui/react/macro` call it (lingui.config.ts). A module of its own, apart from `useLingui`
 * (which the first paint has): its element parser comes only with the parts that use it.
 */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={useLingui()} />;
}
