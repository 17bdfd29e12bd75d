import { Fragment } from "react";

/** An intake key as a label: `email_kontak` → "Email kontak". */
function intakeLabel(key: string): string {
  const words = key.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The data the agent sent with the order. */
export function IntakeFacts({ intake }: { intake: Record<string, string> }) {
  const entries = Object.entries(intake);
  if (entries.length === 0) return <p className="muted">Tanpa data intake.</p>;
  return (
    <dl className="facts intake-facts">
      {entries.map(([key, value]) => (
        <Fragment key={key}>
          <dt>{intakeLabel(key)}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
