/**
 * What a person does to a report, shared by the report page, the new-report page and the job
 * tray: create, change privacy, re-analyse and delete (with their notices and form fields). Only lazy screens import it: it stays out of the first paint.
 */
export {
  forgetReport,
  useCreateReport,
  useReanalyseReport,
  useUpdatePrivacy,
  type CreateResult,
  type PrivacyChange,
} from './mutations';
export {
  noticeCreatedElsewhere,
  noticeNotCreatedElsewhere,
  trackReanalysis,
  useReanalysisRunning,
  useReportOnScreen,
} from './background-analysis';
export { DeleteReport } from './components/delete-report';
export { DuplicateNotice } from './components/duplicate-notice';
export { PrivacyFields, passwordRule, validPrivacy } from './components/privacy-fields';
