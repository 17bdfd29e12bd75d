import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { codeOf, portalCaller, portalUser } from "@/test/portal";

/**
 * The operator's reading of the content findings: which organisations' agents broke a rule in the
 * last 90 days, how often per rule and per WIB calendar week, and one organisation's findings.
 * The findings are made the real way, by agents' case stories, at the times the clock is set to.
 */

let database: TestDatabase;
let api: TestApi;
let operator: PortalUser;
let loud: TestOrg;
let quiet: TestOrg;
let sandboxOnly: TestOrg;
// Wednesday 25 November 2026, 10:00 in Jakarta: its week starts on Monday the 23rd.
const NOW = "2026-11-25T03:00:00Z";
const clock = fixedClock(NOW);
const DAY = 86_400_000;

const op = () => portalCaller({ db: database.prisma, clock }, operator).operator;
const PROMISE = "Kami pastikan perkara ini pasti menang di pengadilan.";

/** A case story that breaks the outcome rule, told by `token`'s agent `daysAgo` days before NOW. */
async function promiseAt(token: string, daysAgo: number) {
  clock.set(new Date(Date.parse(NOW) - daysAgo * DAY));
  const res = await api.call("/v1/cases", { method: "POST", token, json: caseBody({ story: PROMISE }) });
  expect(res.status).toBe(201);
  clock.set(NOW);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  operator = await portalUser(database.prisma, "operator");
  api = await startTestApi(database.prisma, clock);
  loud = await createTestOrg(database.prisma);
  await database.prisma.organization.update({ where: { id: loud.id }, data: { name: "PT Janji Manis" } });
  sandboxOnly = await createTestOrg(database.prisma);
  await database.prisma.organization.update({ where: { id: sandboxOnly.id }, data: { name: "CV Coba Dulu" } });
  quiet = await createTestOrg(database.prisma);
  // Two this week, one last week, one 100 days ago (outside the overview's 90 days, still in its list).
  for (const daysAgo of [0, 1, 8, 100]) await promiseAt(loud.token, daysAgo);
  await promiseAt((await addTestKey(database.prisma, sandboxOnly.id, { mode: "test" })).token, 3);
  // A story that keeps the rules: no finding.
  expect((await api.call("/v1/cases", { method: "POST", token: quiet.token, json: caseBody() })).status).toBe(201);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

describe("the content findings overview", () => {
  it("lists the organisations with findings in 90 days, most first, with counts per rule and per WIB week", async () => {
    const overview = await op().contentFindingsOverview();
    expect(overview.since).toEqual(new Date(Date.parse(NOW) - 90 * DAY));
    expect(overview.weeks).toHaveLength(12);
    expect(overview.weeks.slice(-3)).toEqual(["2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(overview.organizations.map((o) => o.organization.name)).toEqual(["PT Janji Manis", "CV Coba Dulu"]);
    const [first] = overview.organizations;
    expect(first).toMatchObject({
      organization: { id: loud.id, name: "PT Janji Manis" },
      total: 3,
      latestAt: new Date(NOW),
      byRule: [
        { rule: "outcome_promise", count: 3 },
        { rule: "verification_claim", count: 0 },
        { rule: "off_catalog", count: 0 },
        { rule: "ai_legal_advice", count: 0 },
      ],
    });
    expect(first!.perWeek).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
  });

  it("narrows to live or test findings", async () => {
    expect((await op().contentFindingsOverview({ mode: "live" })).organizations.map((o) => o.organization.id)).toEqual([loud.id]);
    expect((await op().contentFindingsOverview({ mode: "test" })).organizations.map((o) => o.organization.id)).toEqual([sandboxOnly.id]);
  });

  it("is the operator's alone", async () => {
    const admin = await portalUser(database.prisma, "org_admin", loud.id);
    const as = portalCaller({ db: database.prisma, clock }, admin).operator;
    expect(await codeOf(as.contentFindingsOverview())).toBe("FORBIDDEN");
    expect(await codeOf(as.contentFindings({ organizationId: loud.id }))).toBe("FORBIDDEN");
  });
});

describe("one organisation's findings", () => {
  it("counts its window, with no counts for an organisation without findings and NOT_FOUND for an unknown one", async () => {
    const mine = await op().organizationContentFindings({ organizationId: loud.id });
    expect(mine.organization).toEqual({ id: loud.id, name: "PT Janji Manis" });
    expect(mine.findings?.total).toBe(3);
    expect((await op().organizationContentFindings({ organizationId: quiet.id })).findings).toBeNull();
    expect(await codeOf(op().organizationContentFindings({ organizationId: "org_tidakada" }))).toBe("NOT_FOUND");
  });

  it("lists every finding newest first, older than the window too, paged, narrowed by rule", async () => {
    const all = await op().contentFindings({ organizationId: loud.id });
    expect(all.data.map((f) => f.createdAt.getTime())).toEqual([0, 1, 8, 100].map((days) => Date.parse(NOW) - days * DAY));
    expect(all.data[0]).toMatchObject({ rule: "outcome_promise", source: "case_story", orderId: null, livemode: true });
    expect(all.data[0]!.caseId).toMatch(/^kas_/);
    const first = await op().contentFindings({ organizationId: loud.id, page: { limit: 3 } });
    expect(first.has_more).toBe(true);
    const rest = await op().contentFindings({ organizationId: loud.id, page: { limit: 3, starting_after: first.data.at(-1)!.id } });
    expect([...first.data, ...rest.data].map((f) => f.id)).toEqual(all.data.map((f) => f.id));
    expect(rest.has_more).toBe(false);
    expect((await op().contentFindings({ organizationId: loud.id, rule: "verification_claim" })).data).toEqual([]);
    expect((await op().contentFindings({ organizationId: quiet.id })).data).toEqual([]);
  });
});
