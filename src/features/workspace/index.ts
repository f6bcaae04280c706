/**
 * What the analyst makes, kept on this device per connection and followed by every open tab:
 * per project a target and what to flag, a re-analysis plan, the checks set aside and the
 * segments, the client report's language; the Needs attention marks; the timeline's notes; the agency's branding of printed
 * reports. One versioned shape (./model.ts), one record (./store.ts), one way to merge another
 * device's into it (./merge.ts). No import of other features but settings: the screens that
 * show it build on it.
 */
export {
  entryOf,
  emptyWorkspace,
  NOTE_MAX_LENGTH,
  parseWorkspace,
  WORKSPACE_VERSION,
  type ProjectEntry,
  type ProjectWatch,
  type ReanalysisPlan,
  type TimelineNote,
  type Workspace,
} from './model';
export { importWorkspace, mergeWorkspace, type FieldChange } from './merge';
export {
  brandText,
  parseAccent,
  sniffLogoType,
  AGENCY_NAME_MAX,
  CONTACT_MAX,
  DEFAULT_ACCENT,
  EMPTY_BRANDING,
  FOOTER_MAX,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type BrandingProfile,
} from './branding';
export {
  addTimelineNote,
  claimPlanRun,
  markAllAttentionSeen,
  markAttentionSeen,
  removeTimelineNote,
  setBranding,
  setProjectWatch,
  setReanalysisPlan,
  setReportLanguage,
  useBranding,
  useProjectEntry,
  useTimelineNotes,
  useWorkspace,
  useWorkspaceMove,
} from './actions';
export { MAX_SEGMENTS, SEGMENT_NAME_MAX, SEGMENT_PATTERN_MAX, segmentName, type Segment } from './segments';
export { addSegment, removeSegment, renameSegment, useSegments, type SegmentRefusal } from './segment-actions';
export {
  acceptanceOf,
  adjustedHealth,
  adjustedScore,
  hasSetAside,
  NO_CHECK_SETTINGS,
  offEntryOf,
  REASON_MAX_LENGTH,
  setAsideOf,
  type CheckSettings,
} from './check-settings';
export { acceptFailure, switchCheckOff, switchCheckOn, unacceptFailure, useCheckSettings } from './check-actions';
export { syncAddressOf, teamSync, tokenProblem, useTeamStatus, type TeamStatus } from './team';
export {
  useBrandingHistory,
  useCheckSettingsHistory,
  useSegmentHistory,
  useWatchHistory,
  type CheckSettingsHistory,
  type ReplacedValue,
} from './history';
export { workspaceFootprint, workspaceStore } from './store';
export {
  shareResultBefore,
  shareResultBeforeWithTeam,
  useSharedResultBefore,
  type SharedResultBefore,
} from './results-before';
export { countWorkspaceDocuments } from './device-names';
