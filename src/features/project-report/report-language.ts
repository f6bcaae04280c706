import * as v from 'valibot';
import { useState } from 'react';
import { LANGUAGES, type Language } from '../../lib/i18n/locales';
import { readOr } from '../../lib/schema';

/**
 * The language a project's client report is written in, kept on this device per project
 * (docs/decisions/0109): none chosen, it is the dashboard's. Read back with the schema library:
 * whatever else is stored (garbage, a language no longer offered) is no choice.
 */
export const reportLanguageKey = (project: string) => `seo-dashboard:report-language:${project}`;

export function savedReportLanguage(project: string): Language | null {
  try {
    return readOr(v.picklist(LANGUAGES), localStorage.getItem(reportLanguageKey(project)), null);
  } catch {
    return null; // storage blocked: the dashboard's
  }
}

/** The project's choice and the way to make one (kept at once; shown for this visit if it cannot be kept). */
export function useReportLanguage(project: string): [Language | null, (language: Language) => void] {
  const [language, setLanguage] = useState(() => savedReportLanguage(project));
  const choose = (next: Language) => {
    setLanguage(next);
    try {
      localStorage.setItem(reportLanguageKey(project), next);
    } catch {
      // Not kept, but shown for this visit.
    }
  };
  return [language, choose];
}
