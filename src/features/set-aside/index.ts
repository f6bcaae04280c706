/**
 * The check settings on screen (issue 29): the dashboard's estimate beside the service's score,
 * what is set aside listed apart, the form that asks why, the undo. The rules and the stored shape
 * are the workspace's (workspace/check-settings.ts); the audit's, overview's and change report's
 * pages show them through this.
 */
export {
  AdjustedHealth,
  EarlierNotes,
  EarlierReasons,
  ProjectEstimate,
  ReasonForm,
  SetAsideList,
  SetAsideNote,
  UndoNotice,
  type Undoable,
} from './set-aside';
