import type { PortalFile } from "@/server/api/schemas/files/file";
import type { MessageRole } from "@/server/domain/orders/order-state";
import { formatDateTime, MESSAGE_ROLE_LABEL } from "./format";
import { FileList, fileDownloadUrl } from "./order-files";

/** A file's id as POST /v1/files answers it: the value of an intake field of type `berkas`. */
const FILE_ID = /^file_[0-9A-Za-z]{1,60}$/;

/** A `berkas` value: the attached file's name (a link when the reader may download it), else the id. */
function IntakeValue({ value, files }: { value: string; files?: readonly PortalFile[] }) {
  if (!FILE_ID.test(value)) return <>{value}</>;
  const file = files?.find((f) => f.id === value);
  if (!file) return <>Berkas terlampir ({value})</>;
  return file.downloadable ? (
    <a href={fileDownloadUrl(file.id)} download={file.filename} className="file-name">
      {file.filename}
    </a>
  ) : (
    <span className="file-name">{file.filename}</span>
  );
}

/**
 * The client's intake in the catalog's field order and with its labels (the stored JSON does not
 * keep the order); keys the catalog does not know come last, under the key itself. A document
 * field's file id shows as the file's name from the order's `files`, when given.
 */
export function IntakeList({
  intake,
  labels,
  files,
}: {
  intake: Record<string, string>;
  labels: Record<string, string>;
  files?: readonly PortalFile[];
}) {
  const keys = [...Object.keys(labels).filter((key) => key in intake), ...Object.keys(intake).filter((key) => !(key in labels))];
  const entries = keys.map((key) => [key, intake[key]] as const);
  if (entries.length === 0) return <p className="muted">Klien tidak mengisi data.</p>;
  return (
    <dl className="intake">
      {entries.map(([key, value]) => (
        <div key={key} className="fact">
          <dt>{labels[key] ?? key}</dt>
          <dd>
            <IntakeValue value={value ?? ""} files={files} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface ThreadMessage {
  id: string;
  role: string;
  body: string;
  createdAt: Date | string;
}

/**
 * The order's messages, oldest first, each under who wrote it. The reader's own side (`mine`)
 * sits on the right under `mineLabel`; Kuasa's operator and system messages stand out. Each
 * message's attachments (from the order's `files`) follow its text.
 */
export function MessageThread({
  messages,
  mine,
  mineLabel,
  files = [],
}: {
  messages: ThreadMessage[];
  mine: MessageRole;
  mineLabel: string;
  files?: readonly PortalFile[];
}) {
  if (messages.length === 0) return <p className="muted">Belum ada pesan.</p>;
  return (
    <ol className="thread">
      {messages.map((m) => {
        const attached = files.filter((f) => f.from === "message" && f.messageId === m.id);
        return (
          <li key={m.id} className={`message message-${m.role}${m.role === mine ? " message-mine" : ""}`}>
            <p className="message-meta">
              <strong>{m.role === mine ? mineLabel : (MESSAGE_ROLE_LABEL[m.role as MessageRole] ?? m.role)}</strong> ·{" "}
              <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
            </p>
            <p className="message-body">{m.body}</p>
            {attached.length > 0 && <FileList files={attached} label="Lampiran pesan" />}
          </li>
        );
      })}
    </ol>
  );
}
