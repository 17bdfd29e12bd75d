import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { ACTOR_LABEL, AUDIT_ACTION_LABEL, actorLabel } from "../_components/labels";

export const metadata: Metadata = { title: "Log audit · Operator — Kuasa" };

const SUBJECT_PATH: Record<string, string> = { order: "/operator/pesanan", organization: "/operator/organisasi" };
const DATA_PREVIEW = 120;

/** An entry's data as fields a person reads (`amount_idr: 1.700.000`), not raw JSON; long values cut. */
function AuditData({ data }: { data: unknown }) {
  const fields = data && typeof data === "object" && !Array.isArray(data) ? Object.entries(data as Record<string, unknown>) : [];
  if (fields.length === 0) return <span className="muted">—</span>;
  const shown = (value: unknown) => {
    const text = typeof value === "string" ? value : typeof value === "number" ? value.toLocaleString("id-ID") : JSON.stringify(value);
    return text.length > DATA_PREVIEW ? `${text.slice(0, DATA_PREVIEW)}…` : text;
  };
  return (
    <ul className="plain-list small">
      {fields.map(([key, value]) => (
        <li key={key}>
          <span className="muted">{key.replaceAll("_", " ")}:</span> <span className="break">{shown(value)}</span>
        </li>
      ))}
    </ul>
  );
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, ["actorType", "action"]);
  const [log, vocabulary] = await Promise.all([
    caller.operator.auditLog({
      actorType: query.filters.actorType?.slice(0, 32),
      action: query.filters.action?.slice(0, 100),
      subjectId: query.q?.slice(0, 64),
      page: { starting_after: query.starting_after },
    }),
    caller.operator.auditVocabulary(),
  ]);
  return (
    <>
      <PageTitle lead="Setiap tindakan penting: siapa, kapan, apa, atas apa. Terbaru dulu; saring per pelaku, tindakan, atau ID subjek.">
        Log audit
      </PageTitle>
      <DataTable
        caption="Log audit"
        basePath="/operator/audit"
        params={params}
        search={{ label: "ID subjek", placeholder: "ord_…, org_…, key_…" }}
        filters={[
          {
            name: "actorType",
            label: "Pelaku",
            options: vocabulary.actorTypes.map((type) => ({ value: type, label: ACTOR_LABEL[type] ?? type })),
          },
          {
            name: "action",
            label: "Tindakan",
            options: vocabulary.actions.map((action) => ({
              value: action,
              label: AUDIT_ACTION_LABEL[action] ? `${AUDIT_ACTION_LABEL[action]} (${action})` : action,
            })),
          },
        ]}
        columns={[
          {
            key: "at",
            header: "Waktu",
            cell: (entry) => <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>,
          },
          {
            key: "who",
            header: "Pelaku",
            cell: (entry) => (
              <>
                {actorLabel(entry.actorType)}
                <div className="muted small">{entry.actorName ?? (entry.actorId ? <code>{entry.actorId}</code> : "—")}</div>
              </>
            ),
          },
          {
            key: "action",
            header: "Tindakan",
            cell: (entry) => (
              <>
                {AUDIT_ACTION_LABEL[entry.action] ?? null}
                <div>
                  <code className="small">{entry.action}</code>
                </div>
              </>
            ),
          },
          {
            key: "subject",
            header: "Subjek",
            cell: (entry) =>
              SUBJECT_PATH[entry.subjectType] ? (
                <Link href={`${SUBJECT_PATH[entry.subjectType]}/${entry.subjectId}`}>
                  <code>{entry.subjectId}</code>
                </Link>
              ) : (
                <>
                  <span className="muted small">{entry.subjectType}</span> <code>{entry.subjectId}</code>
                </>
              ),
          },
          { key: "data", header: "Data", secondary: true, cell: (entry) => <AuditData data={entry.data} /> },
        ]}
        rows={log.data}
        rowKey={(entry) => entry.id}
        hasMore={log.has_more}
        empty={{
          title: "Log audit masih kosong.",
          hint: "Tindakan operator, admin organisasi, dan sistem yang memindahkan uang tercatat di sini.",
        }}
      />
    </>
  );
}
