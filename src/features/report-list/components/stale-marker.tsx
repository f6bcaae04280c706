import { useDisplayPrefs } from '../../../lib/display-prefs';
import { isStale } from '../../../lib/staleness';

/**
 * Older than the stale age of the settings: worth analysing again. Loaded apart from the first
 * paint (a row's date is there at once, its marker a moment later: docs/decisions/0035).
 */
export function StaleMarker({ iso }: { iso: string | null }) {
  const { staleDays } = useDisplayPrefs();
  return isStale(iso, staleDays) ? <span className="stale-marker">Stale</span> : null;
}
