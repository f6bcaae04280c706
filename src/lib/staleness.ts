/** Whether a report generated at `iso` is older than the stale age (lib/display-prefs.ts). */
export function isStale(iso: string | null, staleDays: number, now = Date.now()): boolean {
  return iso !== null && now - Date.parse(iso) > staleDays * 86_400_000;
}
