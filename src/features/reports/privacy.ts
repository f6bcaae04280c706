import { t } from '@lingui/core/macro';
import type { Privacy } from '../../api';

/**
 * The privacy settings' words in the language on screen, each read when it is shown (a component
 * that shows one calls `useLingui()`, so that it renders again on a change of language).
 */
export const PRIVACY_LABELS: Readonly<Record<Privacy, string>> = {
  get public() {
    return t`Public`;
  },
  get private() {
    return t`Private`;
  },
  get password() {
    return t`Password`;
  },
};
