// Placeholder until its issue is built.
export function NewReportPage() {
  return (
    <section className="page">
      <h1>New report</h1>
    </section>
  );
}
