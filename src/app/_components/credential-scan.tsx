import { fileTypeLabel, formatBytes } from "./format";
import { fileDownloadUrl } from "./order-files";

/** A credential's scan as the portals read it (credentialOutput's `scan`). */
interface CredentialScan {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

const isImage = (scan: CredentialScan) => scan.contentType === "image/png" || scan.contentType === "image/jpeg";

/**
 * The scan as a link that opens it, with its type and size; for a credential's facts. The portal
 * serves every file as a download (src/server/api/file-transfer.ts fileHeaders: attachment, CSP
 * sandbox), so the browser saves it and opens it from there rather than in a tab.
 */
export function ScanLink({ scan }: { scan: CredentialScan }) {
  return (
    <>
      <a href={fileDownloadUrl(scan.id)} download={scan.filename} className="file-name scan-link">
        {scan.filename}
      </a>{" "}
      <span className="file-meta">
        {fileTypeLabel(scan.contentType)} · {formatBytes(scan.size)}
      </span>
    </>
  );
}

/**
 * The scan beside the fields the operator checks against it: a photo shown whole, a PDF as a link
 * to open it, and without a scan what to do instead. `of` names the credential. A PDF does not
 * show inside the page: /api/berkas serves files as downloads in a sandbox (fileHeaders), which
 * Chromium neither frames nor opens in a tab, and the pages' CSP allows no <object> or blob frame.
 */
export function ScanPreview({ scan, of }: { scan: CredentialScan | null; of: string }) {
  if (!scan) {
    return (
      <section className="scan-preview scan-missing" aria-label={`Pindaian ${of}`}>
        <p className="scan-title">Pindaian dokumen</p>
        <p className="muted small">
          Tidak ada pindaian. Cocokkan datanya dengan register penerbitnya, atau tolak dengan alasan agar praktisi mengajukan ulang beserta
          pindaiannya.
        </p>
      </section>
    );
  }
  const url = fileDownloadUrl(scan.id);
  return (
    <section className="scan-preview" aria-label={`Pindaian ${of}`}>
      <p className="scan-title">Pindaian dokumen</p>
      {isImage(scan) ? (
        <div className="scan-image">
          {/* biome-ignore lint/performance/noImgElement: a private file behind the session; next/image's optimizer cannot fetch it */}
          <img src={url} alt={`Pindaian ${of}: ${scan.filename}`} />
        </div>
      ) : (
        <div className="scan-document">
          <span className="scan-kind" aria-hidden="true">
            {fileTypeLabel(scan.contentType)}
          </span>
          <p className="small">
            PDF tidak bisa ditampilkan di halaman ini. Unduh lalu buka berkasnya untuk mencocokkan nama, nomor, penerbit, dan tanggal
            berlakunya.
          </p>
        </div>
      )}
      <p className="scan-open">
        <a href={url} download={scan.filename} className="button secondary">
          Unduh pindaian<span className="visually-hidden"> {scan.filename}</span>
        </a>
      </p>
      <p className="file-meta scan-meta">
        {scan.filename} · {fileTypeLabel(scan.contentType)} · {formatBytes(scan.size)}
      </p>
    </section>
  );
}
