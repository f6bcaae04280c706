import { useEffect } from 'react';
import { useDisplayPrefs } from '../../../lib/display-prefs';
import { isStale } from '../../../lib/staleness';

/** Whether a report generated at `iso` is older than the stale age: worth analysing again. */
export type StaleTest = (iso: string | null) => boolean;

/**
 * Reads the stale age of the settings for the whole table and hands it the test its rows apply:
 * one reader of the preferences, not one in each of 100 rows, each subscribing on mount
 * (decision 0096). Loaded apart from the first paint (a row's date is there at once, its marker
 * a moment later: docs/decisions/0035). Renders nothing.
 */
export function StaleAge({ onChange }: { onChange: (test: StaleTest) => void }) {
  const { staleDays } = useDisplayPrefs();
  useEffect(() => onChange((iso) => isStale(iso, staleDays)), [onChange, staleDays]);
  return null;
}
