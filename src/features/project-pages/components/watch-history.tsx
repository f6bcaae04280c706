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
  if (replaced.length === 0) return null;
  return (
    <details className="watch-history">
      <summary>{`Earlier settings (${replaced.length})`}</summary>
      <ul aria-label="Earlier settings of what needs attention">
        {replaced.map(({ value, setAt, replacedAt }, index) => (
          <li key={`${index}-${setAt}`}>
            {describeWatch(value)}
            <span className="watch-history__when">{` — set ${formatDateTime(setAt)}, replaced ${formatDateTime(replacedAt)}`}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
