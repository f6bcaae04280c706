import { useCallback } from 'react';
import { paths } from '../../../lib/paths';
import { ReportsList } from '../../report-list';
import { SegmentPages } from '../../segments';
import { useProjectOfPart, useShownAudit } from '../project-view';

/**
 * A project's pages: the service's list of its reports (its view in the address), or, with a
 * segment in the address, the segment's pages from what this device read.
 */
export function PagesPart() {
  const project = useProjectOfPart();
  const { reports, segmentChoice } = useShownAudit(project);
  const segment = segmentChoice.active;
  const at = useCallback((search: URLSearchParams) => paths.projectPages.getHref(project, search), [project]);
  return (
    <section className="project-section" aria-labelledby="project-pages-title">
      <h2 id="project-pages-title">Pages</h2>
      {segment ? (
        <SegmentPages segment={segment} reports={reports} />
      ) : (
        <ReportsList at={at} fixedProject={project} title={`Reports of ${project}`} />
      )}
    </section>
  );
}
