import type { PortalFile } from "@/server/api/schemas/files/file";
import { fileTypeLabel, formatBytes } from "./format";

/** Where /api/berkas serves a file to a signed-in portal user allowed to open it. */
export const fileDownloadUrl = (id: string) => `/api/berkas/${encodeURIComponent(id)}`;

/**
 * Files as a list: each with its type and size, and a download link when the reader may open it
 * (`downloadable` is the server's rule); otherwise the name alone.
 */
export function FileList({ files, label }: { files: readonly PortalFile[]; label?: string }) {
  return (
    <ul className="file-list" aria-label={label}>
      {files.map((file) => (
        <li key={`${file.from}-${file.id}`} className="file">
          {file.downloadable ? (
            <a href={fileDownloadUrl(file.id)} download={file.filename} className="file-name">
              {file.filename}
            </a>
          ) : (
            <span className="file-name">{file.filename}</span>
          )}{" "}
          <span className="file-meta">
            {fileTypeLabel(file.contentType)} · {formatBytes(file.size)}
          </span>
        </li>
      ))}
    </ul>
  );
}

const GROUP_TITLE: Record<PortalFile["from"], string> = {
  deliverable: "Hasil dari praktisi",
  order: "Lampiran pesanan dari klien",
  message: "Lampiran pesan",
};

/**
 * Every file of an order, grouped by where it is: the result first unless `places` says
 * otherwise (the practitioner reads the client's first). `empty` says what no file means here;
 * `locked` explains files the reader may not open yet.
 */
export function OrderFiles({
  files,
  empty,
  locked,
  places = ["deliverable", "order", "message"],
}: {
  files: readonly PortalFile[];
  empty: string;
  locked?: string;
  places?: readonly PortalFile["from"][];
}) {
  if (files.length === 0) return <p className="muted">{empty}</p>;
  return (
    <div className="order-files">
      {places
        .filter((from) => files.some((f) => f.from === from))
        .map((from) => (
          <section key={from} aria-label={GROUP_TITLE[from]}>
            <h3 className="file-group">{GROUP_TITLE[from]}</h3>
            <FileList files={files.filter((f) => f.from === from)} />
          </section>
        ))}
      {locked && files.some((f) => !f.downloadable) && <p className="muted small">{locked}</p>}
    </div>
  );
}
