// A catalog, compiled by Lingui's Vite plugin when imported (scripts/i18n-vite-plugin.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
