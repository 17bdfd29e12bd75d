import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toApiError } from "@/server/api/api-error";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { intakeFieldsProblems } from "@/server/domain/catalog/intake";
import { fixedClock } from "@/server/domain/clock";
import { agentPrice } from "@/server/domain/money/pricing";
import { getAgentService } from "@/server/services/catalog";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seededCatalog } from "@/test/fixtures";
import { portalCaller, portalUser } from "@/test/portal";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
let operator: PortalUser;

const as = (user: PortalUser) => portalCaller({ db: database.prisma, clock }, user);
const serviceAudits = (code: string) =>
  database.prisma.auditLog.findMany({ where: { subjectType: "service", subjectId: code }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

/** The server's refusal: its code and message. */
async function refusal(call: Promise<unknown>) {
  try {
    await call;
  } catch (err) {
    const { code, message } = toApiError(err);
    return { code, message };
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  operator = await portalUser(database.prisma, "operator");
});

afterAll(async () => {
  await database?.destroy();
});

describe("the operator edits a catalog service", () => {
  it("a price change writes its audit entry with the old and the new client and agent prices", async () => {
    const before = await as(operator).operator.service({ code: "perjanjian_kerahasiaan" });
    const updated = await as(operator).operator.updateService({ code: "perjanjian_kerahasiaan", clientPriceIdr: 2_000_000 });
    expect(updated).toMatchObject({ clientPriceIdr: 2_000_000, agentPriceIdr: agentPrice(2_000_000) });
    const [entry, ...more] = await serviceAudits("perjanjian_kerahasiaan");
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ action: "service.update", actorType: "operator", actorId: operator.id });
    expect(entry?.data).toEqual({
      before: { clientPriceIdr: before.clientPriceIdr, agentPriceIdr: before.agentPriceIdr },
      after: { clientPriceIdr: 2_000_000, agentPriceIdr: agentPrice(2_000_000) },
    });
  });

  it("an SLA change sets the working days and the catalog's words for them, audited with both values", async () => {
    const before = await as(operator).operator.service({ code: "nib_oss" });
    const updated = await as(operator).operator.updateService({ code: "nib_oss", slaDays: 4 });
    expect(updated).toMatchObject({ slaDays: 4, slaLabel: "4 hari kerja" });
    expect(
      await getAgentService(
        { db: database.prisma },
        {
          actor: TEST_OPERATOR,
          code: "nib_oss",
        },
      ),
    ).toMatchObject({ slaDays: 4, slaLabel: "4 hari kerja" });
    expect((await serviceAudits("nib_oss")).at(-1)?.data).toEqual({ before: { slaDays: before.slaDays }, after: { slaDays: 4 } });
    for (const slaDays of [0, 61, 2.5]) {
      expect(await refusal(as(operator).operator.updateService({ code: "nib_oss", slaDays }))).toEqual({
        code: "VALIDATION",
        message: "SLA harus bilangan bulat 1 sampai 60 hari kerja.",
      });
    }
  });

  it("refuses an invalid intake with the domain's own words, and changes nothing", async () => {
    const { intake } = await as(operator).operator.service({ code: "nib_oss" });
    const audits = (await serviceAudits("nib_oss")).length;
    const invalid = [
      { key: "nama", label: "", required: true, type: "text" },
      { key: "nama", label: "Jenis", required: false, type: "select", options: [] },
    ];
    const problems = intakeFieldsProblems(invalid);
    expect(problems).toEqual([
      "Kolom 1 (nama): label wajib diisi.",
      "Kolom 2 (nama): jenis pilihan butuh minimal satu opsi, tanpa opsi kosong.",
      "Kunci kolom intake harus unik; ganda: nama.",
    ]);
    expect(await refusal(as(operator).operator.updateService({ code: "nib_oss", intake: invalid }))).toEqual({
      code: "VALIDATION",
      message: `Kolom intake tidak valid: ${problems.join(" ")}`,
    });
    expect((await as(operator).operator.service({ code: "nib_oss" })).intake).toEqual(intake);
    expect(await serviceAudits("nib_oss")).toHaveLength(audits);
  });

  it("saves added, removed and reordered fields as sent, and agents see them in that order", async () => {
    const { intake } = await as(operator).operator.service({ code: "nib_oss" });
    const added = { key: "jumlah_karyawan", label: "Jumlah karyawan", required: false, type: "number" as const };
    const next = [added, ...intake.slice(1).reverse()];
    await as(operator).operator.updateService({ code: "nib_oss", intake: next });
    expect(
      (
        await getAgentService(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
            code: "nib_oss",
          },
        )
      ).intake,
    ).toEqual(next);
  });
});
