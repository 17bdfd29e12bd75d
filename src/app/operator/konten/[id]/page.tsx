import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime, formatDay } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { CONTENT_RULES } from "@/server/domain/content-rules/content-rules";
import { portalPage } from "@/server/runtime/portal";
import { ContentRulesCard, MODE_FILTER, modeOf, WeekBars } from "../../_components/content-findings";
import { CONTENT_RULE_LABEL, FINDING_SOURCE_LABEL } from "../../_components/labels";
import { isNotFound } from "../../_components/not-found";

export const metadata: Metadata = { title: "Temuan konten organisasi · Operator — Kuasa" };

const ruleOf = (value: string | undefined) => CONTENT_RULES.find((rule) => rule === value);

export default async function OrganizationFindingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<TableParams>;
}) {
  const { caller } = await portalPage("operator");
  const [{ id }, search] = await Promise.all([params, searchParams]);
  const query = tableQuery(search, ["aturan", "mode"]);
  const mode = modeOf(query.filters.mode);
  const [summary, findings] = await Promise.all([
    caller.operator
      .organizationContentFindings({ organizationId: id, mode })
      .catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err))),
    caller.operator.contentFindings({
      organizationId: id,
      rule: ruleOf(query.filters.aturan),
      mode,
      page: { starting_after: query.starting_after },
    }),
  ]);
  const { organization, findings: counts } = summary;
  return (
    <>
      <p className="back">
        <Link href="/operator/konten">← Semua organisasi dengan temuan</Link>
      </p>
      <PageTitle lead="Pelanggaran aturan konten dalam pesan agen organisasi ini ke praktisi dan cerita kasusnya, terbaru dulu.">
        {organization.name}
      </PageTitle>
      <p>
        <Link href={`/operator/organisasi/${organization.id}`}>Detail organisasi</Link> · <code>{organization.id}</code>
      </p>

      <div className="stats">
        <section className="stat" aria-label="Temuan 90 hari">
          <p className="stat-label">Temuan 90 hari</p>
          <p className="stat-value">{counts?.total ?? 0}</p>
          <p className="muted small">{counts ? `Terakhir ${formatDateTime(counts.latestAt)}` : "Belum ada temuan dalam 90 hari."}</p>
        </section>
        <section className="stat" aria-label="Per aturan">
          <p className="stat-label">Per aturan</p>
          <ul className="rule-counts">
            {(counts?.byRule ?? CONTENT_RULES.map((rule) => ({ rule, count: 0 }))).map(({ rule, count }) => (
              <li key={rule}>
                <span>{CONTENT_RULE_LABEL[rule].name}</span> <strong>{count}</strong>
              </li>
            ))}
          </ul>
        </section>
        <section className="stat" aria-label="Per pekan">
          <p className="stat-label">Per pekan</p>
          <WeekBars
            weeks={summary.weeks}
            counts={counts?.perWeek ?? []}
            max={Math.max(0, ...(counts?.perWeek ?? []))}
            label={`Temuan per pekan, ${summary.weeks.length} pekan terakhir`}
            large
          />
          <p className="muted small">Sejak pekan {formatDay(summary.weeks[0] ?? "")}, satu batang per pekan (Senin–Minggu WIB).</p>
        </section>
      </div>

      <DataTable
        caption="Temuan aturan konten"
        basePath={`/operator/konten/${organization.id}`}
        params={search}
        filters={[
          {
            name: "aturan",
            label: "Aturan",
            options: CONTENT_RULES.map((rule) => ({ value: rule, label: CONTENT_RULE_LABEL[rule].name })),
          },
          MODE_FILTER,
        ]}
        columns={[
          {
            key: "at",
            header: "Waktu",
            cell: (row) => <time dateTime={new Date(row.createdAt).toISOString()}>{formatDateTime(row.createdAt)}</time>,
          },
          {
            key: "rule",
            header: "Aturan",
            cell: (row) => (
              <>
                {CONTENT_RULE_LABEL[row.rule].name}
                {row.livemode ? null : (
                  <>
                    {" "}
                    <span className="pill pill-test">Uji</span>
                  </>
                )}
              </>
            ),
          },
          {
            key: "excerpt",
            header: "Kutipan",
            cell: (row) => <blockquote className="finding-excerpt">{row.excerpt}</blockquote>,
          },
          {
            key: "source",
            header: "Sumber",
            cell: (row) => (
              <>
                {FINDING_SOURCE_LABEL[row.source]}
                <div className="small">
                  {row.orderId ? (
                    <Link href={`/operator/pesanan/${row.orderId}`}>
                      <code>{row.orderId}</code>
                    </Link>
                  ) : row.caseId ? (
                    <Link href={`/operator/audit?q=${row.caseId}`} aria-label={`Log audit kasus ${row.caseId}`}>
                      <code>{row.caseId}</code>
                    </Link>
                  ) : null}
                </div>
              </>
            ),
          },
          {
            key: "key",
            header: "Kunci API",
            secondary: true,
            cell: (row) => (row.apiKeyId ? <code className="small">{row.apiKeyId}</code> : <span className="muted">—</span>),
          },
        ]}
        rows={findings.data}
        rowKey={(row) => row.id}
        hasMore={findings.has_more}
        empty={{
          title: "Belum ada temuan",
          hint: "Pesan agen organisasi ini ke praktisi dan cerita kasusnya belum pernah melanggar aturan konten.",
        }}
      />
      <ContentRulesCard />
    </>
  );
}
