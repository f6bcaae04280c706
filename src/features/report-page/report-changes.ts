import { t } from '@lingui/core/macro';
import type { Privacy, Report } from '../../api';
import { PRIVACY_LABELS } from '../reports';

/*
 * The privacy form's sentences about what changed, in the language on screen: each asks Lingui
 * when called, from a component that calls `useLingui()`. The privacies' names are
 * features/reports' (PRIVACY_LABELS).
 */

/** What the service holds about a report's privacy, in words: "Password (a password is set)". */
export function describePrivacy(report: Pick<Report, 'privacy' | 'hasPassword'>): string {
  const privacy = PRIVACY_LABELS[report.privacy];
  if (report.privacy !== 'password') return privacy;
  return report.hasPassword ? t`${privacy} (a password is set)` : t`${privacy} (no password set)`;
}

/**
 * How a report changed between the version a form was filled from and the one the service holds
 * now, in words. Empty when nothing changed: then saving cannot overwrite someone else's change.
 * `updated_at` alone (every update moves it) counts as a change of unknown kind.
 */
export function describeReportChanges(before: Report, now: Report): string[] {
  const changes: string[] = [];
  if (before.privacy !== now.privacy || before.hasPassword !== now.hasPassword) {
    const was = describePrivacy(before);
    const is = describePrivacy(now);
    changes.push(t`Privacy is now ${is}; it was ${was}.`);
  } else if (now.privacy === 'password' && before.updatedAt !== now.updatedAt) {
    // The service never says whether the password itself changed: say that it may have.
    changes.push(t`The report was updated; its password may have been changed.`);
  }
  if (before.generatedAt !== now.generatedAt) {
    changes.push(t`The page was analysed again.`);
  }
  if (changes.length === 0 && before.updatedAt !== now.updatedAt) {
    changes.push(t`The report was updated since you opened it.`);
  }
  return changes;
}

/**
 * What saving a privacy choice over a report changed elsewhere would do, in words, so that
 * "Save my change anyway" is chosen knowing what it overwrites (above all a password set elsewhere).
 */
export function describeSavingAnyway(choice: Privacy, typedPassword: boolean, now: Report): string {
  const privacy = PRIVACY_LABELS[choice];
  if (choice !== 'password') {
    return now.privacy === 'password' && now.hasPassword
      ? t`Saving your change anyway makes it ${privacy} and removes the password set elsewhere.`
      : t`Saving your change anyway makes it ${privacy}.`;
  }
  if (typedPassword) return t`Saving your change anyway makes it ${privacy} with the password you typed.`;
  return now.hasPassword
    ? t`Saving your change anyway makes it ${privacy} and keeps its current password.`
    : t`Saving your change anyway makes it ${privacy} with no password set.`;
}
