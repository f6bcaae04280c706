import type { Privacy, Report } from '../../api';
import { PRIVACY_LABELS } from '../reports';

/** What the service holds about a report's privacy, in words: "Password (a password is set)". */
export function describePrivacy(report: Pick<Report, 'privacy' | 'hasPassword'>): string {
  if (report.privacy !== 'password') return PRIVACY_LABELS[report.privacy];
  return report.hasPassword ? 'Password (a password is set)' : 'Password (no password set)';
}

/**
 * How a report changed between the version a form was filled from and the one the service holds
 * now, in words. Empty when nothing changed: then saving cannot overwrite someone else's change.
 * `updated_at` alone (every update moves it) counts as a change of unknown kind.
 */
export function describeReportChanges(before: Report, now: Report): string[] {
  const changes: string[] = [];
  if (before.privacy !== now.privacy || before.hasPassword !== now.hasPassword) {
    changes.push(`Privacy is now ${describePrivacy(now)}; it was ${describePrivacy(before)}.`);
  } else if (now.privacy === 'password' && before.updatedAt !== now.updatedAt) {
    // The service never says whether the password itself changed: say that it may have.
    changes.push('The report was updated; its password may have been changed.');
  }
  if (before.generatedAt !== now.generatedAt) {
    changes.push('The page was analysed again.');
  }
  if (changes.length === 0 && before.updatedAt !== now.updatedAt) {
    changes.push('The report was updated since you opened it.');
  }
  return changes;
}

/**
 * What saving a privacy choice over a report changed elsewhere would do, in words, so that
 * "Save my change anyway" is chosen knowing what it overwrites (above all a password set elsewhere).
 */
export function describeSavingAnyway(choice: Privacy, typedPassword: boolean, now: Report): string {
  const start = `Saving your change anyway makes it ${PRIVACY_LABELS[choice]}`;
  if (choice !== 'password') {
    return now.privacy === 'password' && now.hasPassword
      ? `${start} and removes the password set elsewhere.`
      : `${start}.`;
  }
  if (typedPassword) return `${start} with the password you typed.`;
  return now.hasPassword ? `${start} and keeps its current password.` : `${start} with no password set.`;
}
