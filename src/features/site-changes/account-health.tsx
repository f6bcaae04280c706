import { useMemo } from 'react';
import { healthGrouping, healthOverTime, useReadSnapshots } from '../audit';
import { useTimelineNotes } from '../workspace';
import { HealthChart } from './health-chart';
import { TimelineNotesEditor } from './timeline-notes';
import './site-changes.css';

/**
 * The account's health over time, from every project read on this device (each page's latest
 * run, whatever its project), with the account's notes and every project's. Says which projects
 * it covers: a project never read here is not in it.
 */
export function AccountHealth() {
  const { loading, snapshots } = useReadSnapshots(undefined);
  const notes = useTimelineNotes();
  const points = useMemo(() => {
    const reports = snapshots.flatMap((snapshot) => snapshot.reports);
    return healthOverTime(reports, { by: healthGrouping(reports) });
  }, [snapshots]);
  if (loading) return <p role="status">Looking for the projects read on this device…</p>;
  // The overview says so itself, without loading this code (its HealthOverTime).
  if (snapshots.length === 0) return null;
  const count = snapshots.length;
  return (
    <>
      <p className="overview-note">
        From the {count === 1 ? 'project' : `${count} projects`} read on this device:{' '}
        {snapshots.map((snapshot) => snapshot.project).join(', ')}.
      </p>
      <HealthChart points={points} notes={notes} title="Health of the account over time" />
      <h3>Notes on the timeline</h3>
      <TimelineNotesEditor />
    </>
  );
}
