import { useCallback } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { checksCatalog } from '../../../lib/check-catalog';
import { projectPagesCatalog } from '../catalog';
import { paths } from '../../../lib/paths';
import { useAuditOnItsWay } from '../../audit';
import { reportQueries } from '../../reports';
import { withSegment } from '../../segments';
import { useCheckSettings } from '../../workspace';
import { PartialNote } from '../components/partial-note';
import { ProjectIssues } from '../components/project-issues';
import { movedPartOf, useProjectOfPart, useShownAudit } from '../project-view';

/**
 * The issues of a project's audit: the first part of its page, at the project's own address.
 * An address of the page from before it had parts goes on to the part it meant.
 */
export function IssuesPart() {
  // The checks' words (the issues' titles) come with the part's, in one round trip.
  useCatalog(projectPagesCatalog, checksCatalog);
  const project = useProjectOfPart();
  const location = useLocation();
  const moved = movedPartOf(project, location);
  if (moved !== null) return <Navigate to={moved} replace />;
  return <Issues project={project} />;
}

function Issues({ project }: { project: string }) {
  const { t } = useLingui();
  const count = useQuery(reportQueries.count(project));
  // The issues wait for the analyst's settings too: a check set aside never shows as counted first.
  const { loaded: settingsLoaded, settings } = useCheckSettings(project);
  const { audit, partial, segmentChoice } = useShownAudit(project);
  const coming = useAuditOnItsWay(project, count.isError ? null : count.data);
  const segment = segmentChoice.active;
  const segmentId = segment?.id ?? null;
  // Kept from render to render: the issues table is memoised.
  const issueHref = useCallback(
    (check: string) => withSegment(paths.issue.getHref(project, check), segmentId),
    [project, segmentId],
  );
  const shown = audit && settingsLoaded;
  return (
    <section
      className={`project-section${shown ? '' : ' project-section--waiting'}`}
      aria-labelledby="project-issues-title"
    >
      <h2 id="project-issues-title">{t`Issues`}</h2>
      {shown ? (
        <>
          {partial ? <PartialNote read={partial.read} total={partial.total} /> : null}
          <ProjectIssues
            project={project}
            audit={audit}
            settings={settings}
            issueHref={issueHref}
            segmentName={segment?.name}
            partial={partial !== null}
          />
        </>
      ) : (
        <p className="issues__count">
          {coming || audit
            ? t`The issues are listed once the project’s reports are read.`
            : t`The issues are listed once the project’s reports are read: see “Read the project” above.`}
        </p>
      )}
    </section>
  );
}
