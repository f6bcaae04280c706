import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import { ProjectSegments } from '../../segments';
import { useProjectOfPart, useShownAudit } from '../project-view';

/** A project's segments: each one's pages and health, and adding, renaming, removing them. */
export function SegmentsPart() {
  useCatalog(projectPagesCatalog);
  const { t } = useLingui();
  const project = useProjectOfPart();
  const { reports, segmentChoice } = useShownAudit(project);
  return (
    <section className="project-section" aria-labelledby="project-segments-title">
      <h2 id="project-segments-title">{t`Segments`}</h2>
      <ProjectSegments project={project} segments={segmentChoice.segments} reports={reports} />
    </section>
  );
}
