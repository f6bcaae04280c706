/**
 * What the analyst makes, kept on this device per connection and followed by every open tab:
 * per project a target and what to flag, a re-analysis plan, the checks set aside; the Needs
 * attention marks; the timeline's notes. One versioned shape (./model.ts), one record (./store.ts). No import of other
 * features but settings: the screens that show it build on it.
 */
export {
  CADENCES,
  DEFAULT_WATCH,
  entryOf,
  isCalendarDate,
  NOTE_MAX_LENGTH,
  WORKSPACE_VERSION,
  type AttentionMarks,
  type Cadence,
  type PlanScope,
  type ProjectEntry,
  type ProjectWatch,
  type ReanalysisPlan,
  type TimelineNote,
  type Workspace,
} from './model';
export { type WorkspaceView } from './store';
export {
  addTimelineNote,
  claimPlanRun,
  markAllAttentionSeen,
  markAttentionSeen,
  removeTimelineNote,
  setProjectWatch,
  setReanalysisPlan,
  useProjectEntry,
  useTimelineNotes,
  useWorkspace,
} from './actions';
export {
  acceptanceOf,
  adjustedHealth,
  adjustedScore,
  DEFAULT_SCORE_WEIGHTS,
  hasSetAside,
  NO_CHECK_SETTINGS,
  offEntryOf,
  parseCheckSettings,
  REASON_MAX_LENGTH,
  scoreWeightOf,
  setAsideOf,
  UNSTATED_IMPORTANCE_WEIGHT,
  type AdjustedHealth,
  type CheckOff,
  type CheckSettings,
  type PageAccepted,
  type PageChecks,
  type ScoredCheck,
  type SetAside,
} from './check-settings';
export {
  acceptFailure,
  checkSettingsOf,
  switchCheckOff,
  switchCheckOn,
  unacceptFailure,
  useCheckSettings,
} from './check-actions';
