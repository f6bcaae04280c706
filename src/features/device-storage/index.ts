/**
 * What the dashboard keeps on this device, as a whole: asking the browser to keep it, how much
 * there is, the retention rules and their preview, and whether the browser removed it since the
 * last visit. The stores tell it when they keep or delete something; the kinds (the stores
 * themselves) are listed by features/kept-on-device, which shows all of it.
 */
export { askAgainToKeepStorage, askToKeepStorage, isStorageKept } from './ask-to-keep';
export { keptChanged, subscribeKeptChanges } from './kept-changes';
export { browserEstimate, type BrowserEstimate } from './estimate';
export { countKept, sizeOf, type Footprint, type KeptCounts, type StorageKind } from './storage-kinds';
export {
  loadRetentionRules,
  planRetention,
  RETENTION_LIMITS,
  retentionError,
  saveRetentionRules,
  typedRetention,
  type KeptItem,
  type RetentionPlan,
  type RetentionRules,
} from './retention';
export {
  checkSinceLastVisit,
  dismissRemoval,
  recordKept,
  useRemovalSinceLastVisit,
  type KeptNow,
  type Removal,
} from './marker';
