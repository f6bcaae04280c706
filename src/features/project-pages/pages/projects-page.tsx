import { useLingui } from '@lingui/react/macro';
import { useCatalog } from '../../../lib/i18n/use-catalog';
import { projectPagesCatalog } from '../catalog';
import { ProjectsList } from '../components/projects-list';
import '../projects.css';

export function ProjectsPage() {
  useCatalog(projectPagesCatalog);
  const { t } = useLingui();
  return (
    <section className="page" aria-labelledby="projects-title">
      <div className="page-header">
        <h1 id="projects-title">{t`Projects`}</h1>
      </div>
      <ProjectsList />
    </section>
  );
}
