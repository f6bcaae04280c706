import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import { lazyPart } from '../../../components/lazy-part';
import { useProjectAuditPart } from '../../audit';
import { useProjectOfPart } from '../project-view';

// Its form (and react-hook-form) loads after the part: most visits do not change it.
const ProjectWatch = lazyPart(async () => (await import('../components/project-watch')).ProjectWatch, {
  placeholder: () => <LoadingSettings />,
});

function LoadingSettings() {
  const { t } = useLingui();
  return <p role="status">{t`Loading the settings…`}</p>;
}

/** What Needs attention watches on the project, and its re-analysis plan. */
export function WatchPart() {
  useCatalog(projectPagesCatalog);
  const { t } = useLingui();
  const project = useProjectOfPart();
  // The project's checks failing anywhere (not a segment's): what a plan can be narrowed to.
  const audit = useProjectAuditPart(project, 'audit');
  const partial = useProjectAuditPart(project, 'partial');
  const issues = (audit ?? partial?.audit)?.issues;
  const checks = useMemo(() => issues?.map((issue) => issue.check) ?? [], [issues]);
  return (
    <section className="project-section" aria-labelledby="project-watch-title">
      <h2 id="project-watch-title">{t`Watch and re-analyse`}</h2>
      <ProjectWatch project={project} checks={checks} />
    </section>
  );
}
