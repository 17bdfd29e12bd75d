import { type ContentFinding, Prisma } from "@/generated/prisma/client";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { JAKARTA_OFFSET_HOURS, JAKARTA_OFFSET_MS, jakartaWeeksUpTo } from "@/server/domain/clock";
import { CONTENT_RULES, type ContentRule } from "@/server/domain/content-rules/content-rules";
import { AppError } from "@/server/domain/errors";
import { cursorRow, keyset, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";
import { FINDING_SOURCES, type FindingSource } from "./record-findings";

/** The operator's reading of the content findings: which organisations' agents break the rules, and how often. */

/** The window of the overview: organisations with a finding in these days. */
const FINDINGS_WINDOW_DAYS = 90;
/** The calendar weeks (WIB, from Monday) the overview counts one by one. */
const FINDINGS_WEEKS = 12;

const DAY_MS = 24 * 60 * 60 * 1000;

interface FindingsSearch {
  /** Live or test findings only; both when absent. */
  livemode?: boolean;
}

/** One organisation's findings in the window. */
interface OrganizationFindings {
  organization: { id: string; name: string };
  total: number;
  /** Every rule, in CONTENT_RULES' order, with its count (0 too). */
  byRule: Array<{ rule: ContentRule; count: number }>;
  /** Per week of the overview's `weeks`, oldest first. */
  perWeek: number[];
  latestAt: Date;
}

interface FindingsOverview {
  since: Date;
  /** The Monday of each counted week (WIB), oldest first. */
  weeks: string[];
  /** Most findings first. */
  organizations: OrganizationFindings[];
}

const isRule = (rule: string): rule is ContentRule => (CONTENT_RULES as readonly string[]).includes(rule);

/** A stored row's words, which only recordFindings writes: anything else is a broken row, not a finding to show. */
function storedWord<T extends string>(value: string, words: readonly T[], column: string): T {
  if (!(words as readonly string[]).includes(value)) throw new Error(`ContentFinding.${column} holds ${JSON.stringify(value)}`);
  return value as T;
}

/** Counts per organisation and rule, and per organisation and week, in the window; `organizationId` narrows to one. */
async function summarize(
  deps: Pick<ServiceDeps, "db" | "clock">,
  search: FindingsSearch & { organizationId?: string },
): Promise<FindingsOverview> {
  const { db, clock } = deps;
  const now = clock.now();
  const since = new Date(now.getTime() - FINDINGS_WINDOW_DAYS * DAY_MS);
  const weeks = jakartaWeeksUpTo(now, FINDINGS_WEEKS);
  const firstWeek = new Date(Date.parse(`${weeks[0]}T00:00:00Z`) - JAKARTA_OFFSET_MS);
  const where: Prisma.ContentFindingWhereInput = {
    createdAt: { gte: since },
    ...(search.organizationId ? { organizationId: search.organizationId } : {}),
    ...(search.livemode === undefined ? {} : { livemode: search.livemode }),
  };
  const [byRule, byWeek] = await Promise.all([
    db.contentFinding.groupBy({ by: ["organizationId", "rule"], where, _count: { _all: true }, _max: { createdAt: true } }),
    // A week is a WIB calendar week, as the labels are; the column holds UTC wall time.
    db.$queryRaw<Array<{ organizationId: string; week: string; count: bigint }>>`
      SELECT "organizationId", to_char(date_trunc('week', "createdAt" + make_interval(hours => ${JAKARTA_OFFSET_HOURS})), 'YYYY-MM-DD') AS "week",
             COUNT(*)::bigint AS "count"
      FROM "ContentFinding"
      WHERE "createdAt" >= (${firstWeek.toISOString()}::timestamptz AT TIME ZONE 'UTC')
        ${search.organizationId ? Prisma.sql`AND "organizationId" = ${search.organizationId}` : Prisma.empty}
        ${search.livemode === undefined ? Prisma.empty : Prisma.sql`AND "livemode" = ${search.livemode}`}
      GROUP BY 1, 2`,
  ]);
  const organizations = new Map<string, Omit<OrganizationFindings, "organization">>();
  for (const group of byRule) {
    const entry = organizations.get(group.organizationId) ?? {
      total: 0,
      byRule: CONTENT_RULES.map((rule) => ({ rule, count: 0 })),
      perWeek: weeks.map(() => 0),
      latestAt: group._max.createdAt ?? since,
    };
    const count = group._count._all;
    entry.total += count;
    const rule = isRule(group.rule) ? entry.byRule.find((r) => r.rule === group.rule) : undefined;
    if (rule) rule.count += count;
    if (group._max.createdAt && group._max.createdAt > entry.latestAt) entry.latestAt = group._max.createdAt;
    organizations.set(group.organizationId, entry);
  }
  for (const row of byWeek) {
    const index = weeks.indexOf(row.week);
    const entry = organizations.get(row.organizationId);
    if (entry && index >= 0) entry.perWeek[index] = (entry.perWeek[index] ?? 0) + Number(row.count);
  }
  const names = await db.organization.findMany({ where: { id: { in: [...organizations.keys()] } }, select: { id: true, name: true } });
  return {
    since,
    weeks,
    organizations: names
      .map((organization) => ({ organization, ...organizations.get(organization.id)! }))
      .sort((a, b) => b.total - a.total || b.latestAt.getTime() - a.latestAt.getTime()),
  };
}

/** The organisations whose agents broke a content rule in the last FINDINGS_WINDOW_DAYS days, most findings first. */
export async function contentFindingsOverview(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, search = {} }: { actor: OperatorActor; search?: FindingsSearch },
): Promise<FindingsOverview> {
  requireActor(actor, "operator");
  return summarize(deps, search);
}

/** One organisation's counts in the window (zeros when it has none), for its page and its findings page. */
export async function organizationContentFindings(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, organizationId, search = {} }: { actor: OperatorActor; organizationId: string; search?: FindingsSearch },
): Promise<
  Omit<FindingsOverview, "organizations"> & { findings: OrganizationFindings | null; organization: { id: string; name: string } }
> {
  requireActor(actor, "operator");
  const organization = await deps.db.organization.findUnique({ where: { id: organizationId }, select: { id: true, name: true } });
  if (!organization) throw new AppError("NOT_FOUND", `Organisasi ${organizationId} tidak ada.`);
  const { since, weeks, organizations } = await summarize(deps, { ...search, organizationId });
  return { since, weeks, organization, findings: organizations[0] ?? null };
}

/** One organisation's findings, newest first, all of them (not only the window's), narrowed by rule and mode. */
export async function listContentFindings(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    organizationId,
    search = {},
    page,
  }: { actor: OperatorActor; organizationId: string; search?: FindingsSearch & { rule?: ContentRule }; page: PageRequest },
): Promise<Page<ContentFinding & { rule: ContentRule; source: FindingSource }>> {
  requireActor(actor, "operator");
  const { db } = deps;
  const where: Prisma.ContentFindingWhereInput = {
    organizationId,
    ...(search.rule ? { rule: search.rule } : {}),
    ...(search.livemode === undefined ? {} : { livemode: search.livemode }),
  };
  const at = await cursorRow(page, "content findings", (id) =>
    db.contentFinding.findFirst({ where: { AND: [where, { id }] }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(page, "createdAt", at);
  const rows = await db.contentFinding.findMany({ where: { AND: [where, ...after] }, orderBy, take: rowsToRead(page) });
  return pageFrom(
    rows.map((row) => ({
      ...row,
      rule: storedWord(row.rule, CONTENT_RULES, "rule"),
      source: storedWord(row.source, FINDING_SOURCES, "source"),
    })),
    page,
  );
}
