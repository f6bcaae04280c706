import { useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import { paths } from '../../../lib/paths';
import { ReportsList } from '../../report-list';
import { SegmentPages } from '../../segments';
import { useProjectOfPart, useShownAudit } from '../project-view';

/**
 * A project's pages: the service's list of its reports (its view in the address), or, with a
 * segment in the address, the segment's pages from what this device read.
 */
export function PagesPart() {
  useCatalog(projectPagesCatalog);
  const { t } = useLingui();
  const project = useProjectOfPart();
  const { reports, segmentChoice } = useShownAudit(project);
  const segment = segmentChoice.active;
  const at = useCallback((search: URLSearchParams) => paths.projectPages.getHref(project, search), [project]);
  return (
    <section className="project-section" aria-labelledby="project-pages-title">
      <h2 id="project-pages-title">{t`Pages`}</h2>
      {segment ? (
        <SegmentPages segment={segment} reports={reports} />
      ) : (
        <ReportsList at={at} fixedProject={project} title={t`Reports of ${project}`} />
      )}
    </section>
  );
}
