/**
 * "Kept on this device" (issue 38): the settings page's part, and the shell's line when the
 * browser removed what was kept since the last visit. Both are loaded later (`lazyPart`).
 */
export { KeptOnDevice } from './kept-on-device-part';
export { KeptRemovedNotice } from './kept-removed-notice';
