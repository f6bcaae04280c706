import { useMemo } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../lib/i18n/use-catalog';
import { healthGrouping, healthOverTime, useReadSnapshots } from '../audit';
import { useTimelineNotes } from '../workspace';
import { HealthChart } from './health-chart';
import { TimelineNotesEditor } from './timeline-notes';
import { siteChangesCatalog } from './catalog';
import './site-changes.css';

/**
 * The account's health over time, from every project read on this device (each page's latest
 * run, whatever its project), with the account's notes and every project's. Says which projects
 * it covers: a project never read here is not in it.
 */
export function AccountHealth() {
  useCatalog(siteChangesCatalog);
  const { t } = useLingui();
  const { loading, snapshots } = useReadSnapshots(undefined);
  const notes = useTimelineNotes();
  const points = useMemo(() => {
    const reports = snapshots.flatMap((snapshot) => snapshot.reports);
    return healthOverTime(reports, { by: healthGrouping(reports) });
  }, [snapshots]);
  if (loading) return <p role="status">{t`Looking for the projects read on this device…`}</p>;
  // The overview says so itself, without loading this code (its HealthOverTime).
  if (snapshots.length === 0) return null;
  // The projects' names, as the service sends them.
  const projects = snapshots.map((snapshot) => snapshot.project).join(', ');
  const count = snapshots.length;
  return (
    <>
      <p className="overview-note">
        {plural(count, {
          one: `From the project read on this device: ${projects}.`,
          other: `From the # projects read on this device: ${projects}.`,
        })}
      </p>
      <HealthChart points={points} notes={notes} title={t`Health of the account over time`} />
      <h3>{t`Notes on the timeline`}</h3>
      <TimelineNotesEditor />
    </>
  );
}
