import { ProjectsList } from '../components/projects-list';
import '../projects.css';

export function ProjectsPage() {
  return (
    <section className="page" aria-labelledby="projects-title">
      <div className="page-header">
        <h1 id="projects-title">Projects</h1>
      </div>
      <ProjectsList />
    </section>
  );
}
