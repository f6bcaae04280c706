// Placeholder until its issue is built.
export function ProjectsPage() {
  return (
    <section className="page">
      <h1>Projects</h1>
    </section>
  );
}
