/** One figure of a practitioner's page: what it is, the value, and a line on what it counts. */
export function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <section className="stat" aria-label={label}>
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
      <p className="muted small">{hint}</p>
    </section>
  );
}
