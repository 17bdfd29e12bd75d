"use client";
import { useState } from "react";
import { actionError } from "@/app/_components/action";
import { type Column, Table } from "@/app/_components/data-table";
import { formatDateTime } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";
import { EmptyState } from "@/app/_components/ui";

type RequestRow = Awaited<ReturnType<typeof trpc.organization.keyRequests.query>>[number];

/** 2xx ok, 4xx the caller's to fix, 5xx ours. */
const statusTone = (status: number) => (status < 300 ? "pill-ok" : status < 500 ? "pill-warn" : "pill-bad");

function CopyRequestId({ requestId }: { requestId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <code>{requestId}</code>{" "}
      <button
        type="button"
        className="link-button small"
        onClick={() =>
          void navigator.clipboard.writeText(requestId).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        Salin<span className="visually-hidden"> {requestId}</span>
      </button>
      <span role="status" className="small muted">
        {copied ? " Tersalin." : ""}
      </span>
    </>
  );
}

const COLUMNS: Array<Column<RequestRow>> = [
  { key: "time", header: "Waktu", cell: (row) => formatDateTime(row.createdAt) },
  {
    key: "request",
    header: "Permintaan",
    cell: (row) => (
      <code className="break">
        {row.method} {row.path || "(bukan pesan JSON-RPC)"}
      </code>
    ),
  },
  { key: "status", header: "Status", cell: (row) => <span className={`pill ${statusTone(row.status)}`}>{row.status}</span> },
  { key: "id", header: "ID permintaan", cell: (row) => <CopyRequestId requestId={row.requestId} /> },
];

/**
 * "Permintaan terakhir": the key's newest requests on /v1 and /mcp, read when the admin opens it and
 * again on "Muat ulang". The server writes them about a second after they are answered.
 */
export function KeyRequests({ apiKeyId, name }: { apiKeyId: string; name: string }) {
  const [rows, setRows] = useState<RequestRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    setBusy(true);
    setError(null);
    try {
      setRows(await trpc.organization.keyRequests.query({ apiKeyId }));
    } catch (err) {
      setError(actionError(err, { NOT_FOUND: "Kunci ini tidak ditemukan di organisasi Anda. Muat ulang halaman." }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <details
      className="disclosure"
      onToggle={(event) => {
        if (event.currentTarget.open && rows === null && !busy) void load();
      }}
    >
      <summary>
        Permintaan terakhir<span className="visually-hidden"> {name}</span>
      </summary>
      <p className="muted small">
        50 permintaan terbaru ke REST API dan MCP dengan kunci ini, paling baru di atas, disimpan 7 hari. Kutip ID permintaan saat
        menghubungi dukungan.
      </p>
      {error && <p role="alert">{error}</p>}
      {rows === null ? (
        !error && <p className="muted">Memuat…</p>
      ) : rows.length === 0 ? (
        <EmptyState title="Belum ada permintaan dengan kunci ini." hint="Permintaan muncul di sini sekitar satu detik setelah dijawab." />
      ) : (
        <div className="data-table">
          <Table
            caption={`Permintaan terakhir kunci ${name}`}
            hiddenCaption
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.requestId}
          />
        </div>
      )}
      <button type="button" className="button secondary" disabled={busy} onClick={() => void load()}>
        {busy ? "Memuat…" : "Muat ulang"}
      </button>
    </details>
  );
}
