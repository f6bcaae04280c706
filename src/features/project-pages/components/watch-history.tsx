import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { EarlierValues } from '../../../components/earlier-values';
import { useWatchHistory, type ProjectWatch } from '../../workspace';

/** "Target 80; new high-importance failures flagged; drops of 10 points flagged". */
export function describeWatch({ target, newHighFailures, dropPoints }: ProjectWatch): string {
  return [
    target === null ? translate`No target` : translate`Target ${target}`,
    newHighFailures
      ? translate`new high-importance failures flagged`
      : translate`new high-importance failures not flagged`,
    dropPoints === null ? translate`drops not flagged` : translate`drops of ${dropPoints} points flagged`,
  ].join('; ');
}

/**
 * Under the watch form: the settings it held before, newest first. When two analysts of the team
 * change them at once, the later edit wins; the other is listed here, not lost.
 */
export function WatchHistory({ project }: { project: string }) {
  const { t } = useLingui();
  const replaced = useWatchHistory(project);
  const count = replaced.length;
  return (
    <EarlierValues
      summary={t`Earlier settings (${count})`}
      label={t`Earlier settings of what needs attention`}
      items={replaced.map(({ value, setAt, replacedAt }) => ({ text: describeWatch(value), setAt, replacedAt }))}
      when={(set, replacedOn) => t`set ${set}, replaced ${replacedOn}`}
    />
  );
}
