import { formatDateTime } from "@/app/_components/format";

/**
 * The client's intake in the catalog's field order and with its labels (the stored JSON does not
 * keep the order); keys the catalog does not know come last, under the key itself.
 */
export function IntakeList({ intake, labels }: { intake: Record<string, string>; labels: Record<string, string> }) {
  const keys = [...Object.keys(labels).filter((key) => key in intake), ...Object.keys(intake).filter((key) => !(key in labels))];
  const entries = keys.map((key) => [key, intake[key]] as const);
  if (entries.length === 0) return <p className="muted">Klien tidak mengisi data.</p>;
  return (
    <dl className="intake">
      {entries.map(([key, value]) => (
        <div key={key} className="fact">
          <dt>{labels[key] ?? key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ROLE_LABEL: Record<string, string> = { client: "Klien", practitioner: "Anda", operator: "Operator" };

interface ThreadMessage {
  id: string;
  role: string;
  body: string;
  createdAt: Date | string;
}

/** The order's messages, oldest first, each under who wrote it. */
export function MessageThread({ messages }: { messages: ThreadMessage[] }) {
  if (messages.length === 0) return <p className="muted">Belum ada pesan.</p>;
  return (
    <ol className="thread">
      {messages.map((m) => (
        <li key={m.id} className={`message message-${m.role}`}>
          <p className="message-meta">
            <strong>{ROLE_LABEL[m.role] ?? m.role}</strong> · <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
          </p>
          <p className="message-body">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
