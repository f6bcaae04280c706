import type { Language } from '../../lib/i18n/locales';
import { setReportLanguage, useProjectEntry } from '../workspace';

/**
 * The language a project's client report is written in (docs/decisions/0109): a piece of the
 * workspace, so that every analyst of the team hands the client the same language, and the
 * workspace file carries it. None chosen (or the workspace not read yet), it is the dashboard's.
 */
export function useReportLanguage(project: string): [Language | null, (language: Language) => void] {
  const { entry } = useProjectEntry(project);
  const choose = (language: Language) => void setReportLanguage(project, language);
  return [entry.reportLanguage ?? null, choose];
}
