import { EarlierValues } from '../../../components/earlier-values';
import { formatDateTime } from '../../../lib/format';
import { useWatchHistory, type ProjectWatch } from '../../workspace';

/** "Target 80; new high-importance failures flagged; drops of 10 points flagged". */
export function describeWatch({ target, newHighFailures, dropPoints }: ProjectWatch): string {
  return [
    target === null ? 'No target' : `Target ${target}`,
    newHighFailures ? 'new high-importance failures flagged' : 'new high-importance failures not flagged',
    dropPoints === null ? 'drops not flagged' : `drops of ${dropPoints} points flagged`,
  ].join('; ');
}

/**
 * Under the watch form: the settings it held before, newest first. When two analysts of the team
 * change them at once, the later edit wins; the other is listed here, not lost.
 */
export function WatchHistory({ project }: { project: string }) {
  const replaced = useWatchHistory(project);
  return (
    <EarlierValues
      summary={`Earlier settings (${replaced.length})`}
      label="Earlier settings of what needs attention"
      items={replaced.map(({ value, setAt, replacedAt }, index) => ({
        key: `${index}-${setAt}`,
        text: describeWatch(value),
        when: `set ${formatDateTime(setAt)}, replaced ${formatDateTime(replacedAt)}`,
      }))}
    />
  );
}
