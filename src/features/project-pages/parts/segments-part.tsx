import { ProjectSegments } from '../../segments';
import { useProjectOfPart, useShownAudit } from '../project-view';

/** A project's segments: each one's pages and health, and adding, renaming, removing them. */
export function SegmentsPart() {
  const project = useProjectOfPart();
  const { reports, segmentChoice } = useShownAudit(project);
  return (
    <section className="project-section" aria-labelledby="project-segments-title">
      <h2 id="project-segments-title">Segments</h2>
      <ProjectSegments project={project} segments={segmentChoice.segments} reports={reports} />
    </section>
  );
}
