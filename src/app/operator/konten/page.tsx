import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, type TableParams, tableQuery } from "@/app/_components/data-table";
import { formatDateTime, formatDay } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { portalPage } from "@/server/runtime/portal";
import { ContentRulesCard, MODE_FILTER, modeOf, WeekBars } from "../_components/content-findings";
import { CONTENT_RULE_LABEL } from "../_components/labels";

export const metadata: Metadata = { title: "Konten agen · Operator — Kuasa" };

export default async function ContentFindingsPage({ searchParams }: { searchParams: Promise<TableParams> }) {
  const { caller } = await portalPage("operator");
  const params = await searchParams;
  const query = tableQuery(params, ["mode"]);
  const overview = await caller.operator.contentFindingsOverview({ mode: modeOf(query.filters.mode) });
  const max = Math.max(0, ...overview.organizations.flatMap((org) => org.perWeek));
  const weeks = `${overview.weeks.length} pekan terakhir (sejak ${formatDay(overview.weeks[0] ?? "")})`;
  return (
    <>
      <PageTitle lead="Organisasi yang agennya melanggar aturan konten dalam 90 hari terakhir, yang paling sering dulu: bahan untuk menghubungi organisasi itu.">
        Konten agen
      </PageTitle>
      <DataTable
        caption="Organisasi dengan temuan aturan konten, 90 hari terakhir"
        basePath="/operator/konten"
        params={params}
        filters={[MODE_FILTER]}
        columns={[
          {
            key: "organization",
            header: "Organisasi",
            cell: (row) => (
              <>
                <Link href={`/operator/konten/${row.organization.id}`}>{row.organization.name}</Link>
                <div className="muted small">
                  <code>{row.organization.id}</code>
                </div>
              </>
            ),
          },
          { key: "total", header: "Temuan", align: "end", cell: (row) => row.total },
          {
            key: "rules",
            header: "Per aturan",
            cell: (row) => (
              <ul className="rule-counts">
                {row.byRule
                  .filter(({ count }) => count > 0)
                  .map(({ rule, count }) => (
                    <li key={rule}>
                      <span>{CONTENT_RULE_LABEL[rule].name}</span> <span>{count}</span>
                    </li>
                  ))}
              </ul>
            ),
          },
          {
            key: "weeks",
            header: "Per pekan",
            secondary: true,
            cell: (row) => (
              <WeekBars
                weeks={overview.weeks}
                counts={row.perWeek}
                max={max}
                label={`${row.organization.name}: temuan per pekan, ${weeks}`}
              />
            ),
          },
          { key: "latest", header: "Terakhir", cell: (row) => formatDateTime(row.latestAt) },
        ]}
        rows={overview.organizations}
        rowKey={(row) => row.organization.id}
        hasMore={false}
        empty={{
          title: "Belum ada temuan.",
          hint: "Dalam 90 hari terakhir tidak ada pesan agen ke praktisi atau cerita kasus yang melanggar aturan konten.",
        }}
      />
      <ContentRulesCard />
    </>
  );
}
