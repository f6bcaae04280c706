// Placeholder until its issue is built.
export function ReportPage() {
  return (
    <section className="page">
      <h1>Report</h1>
    </section>
  );
}
