import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/server/db/migrate";
import { operatorActor, SEED } from "@/server/domain/access/actor";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seedCatalog, serviceForOperator, serviceRowOf, updateService } from "./catalog";
import { CATALOG_SEED, type CatalogSeedEntry } from "./catalog-seed";
import SEED_BEFORE_ISSUE_43 from "./catalog-seed-before-issue-43.json";

let database: TestDatabase;
const actor = operatorActor("usr_operator");

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalog(
    { db: database.prisma },
    {
      actor: SEED,
    },
  );
});

afterAll(async () => {
  await database?.destroy();
});

describe("official fees in the catalog", () => {
  it("are seeded with every service that has third-party costs", async () => {
    const rows = await database.prisma.service.findMany({ where: { internal: false }, select: { code: true, thirdPartyFees: true } });
    for (const row of rows) expect(row.thirdPartyFees, row.code).toEqual(CATALOG_SEED.find((s) => s.code === row.code)!.thirdPartyFees);
  });

  it("are filled in for services created before the column, by the migration that added it", async () => {
    const behind = await createTestDatabase({ migrated: false });
    try {
      const shipped = readMigrations();
      const at = shipped.findIndex((m) => m.name.endsWith("_catalog_third_party_fees"));
      await migrate(behind, shipped.slice(0, at));
      await behind.prisma.$executeRawUnsafe(
        `INSERT INTO "Service" ("code","name","category","description","clientPriceIdr","slaDays","slaLabel","intake","thirdParty","updatedAt")
         VALUES ('pendaftaran_merek','Pendaftaran Merek','kekayaan_intelektual','d',2290000,10,'10 hari kerja','[]','PNBP',now())`,
      );
      await migrate(behind, shipped);
      const [row] = await behind.prisma.$queryRawUnsafe<Array<{ fees: Array<{ code: string; amountIdr: number }> }>>(
        `SELECT "thirdPartyFees" AS fees FROM "Service" WHERE "code" = 'pendaftaran_merek'`,
      );
      expect(row!.fees.map((f) => [f.code, f.amountIdr])).toEqual([
        ["pnbp_merek_umk", 500_000],
        ["pnbp_merek_umum", 1_800_000],
      ]);
    } finally {
      await behind.destroy();
    }
  });

  it("are edited by the operator, checked and audited; a malformed list changes nothing", async () => {
    const deps = { db: database.prisma };
    const fees = [
      {
        code: "bea_meterai",
        kind: "lainnya",
        description: "Bea meterai",
        amountIdr: 10_000,
        per: "per dokumen",
        basis: "UU No. 10 Tahun 2020",
      },
    ];
    const updated = await updateService(deps, { actor, code: "somasi", changes: { thirdPartyFees: fees } });
    expect(updated.thirdPartyFees).toEqual(fees);
    await expect(
      updateService(deps, { actor, code: "somasi", changes: { thirdPartyFees: [{ ...fees[0], amountIdr: -5 }] } }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
    });
    expect(
      (
        await serviceForOperator(deps, {
          actor: TEST_OPERATOR,
          code: "somasi",
        })
      ).thirdPartyFees,
    ).toEqual(fees);
    const audited = await database.prisma.auditLog.findFirst({
      where: { action: "service.update", subjectId: "somasi" },
      orderBy: { createdAt: "desc" },
    });
    expect(audited?.data).toMatchObject({ after: { thirdPartyFees: fees } });
  });
});

describe("the catalog's legal pass in databases seeded before it", () => {
  it("corrects every service still as the previous seed wrote it, and leaves one the operator edited", async () => {
    const behind = await createTestDatabase({ migrated: false });
    try {
      const shipped = readMigrations();
      const at = shipped.findIndex((m) => m.name.endsWith("_catalog_legal_pass"));
      await migrate(behind, shipped.slice(0, at));
      // The catalog as the previous seed wrote it (seedCatalog: each entry at its index).
      for (const [index, entry] of SEED_BEFORE_ISSUE_43.entries())
        await behind.prisma.service.create({ data: serviceRowOf(entry as CatalogSeedEntry, index) });
      const edited = "Pendirian CV oleh notaris, sesuai ketentuan kantor kami.";
      await behind.prisma.service.update({ where: { code: "pendirian_cv" }, data: { description: edited } });
      await migrate(behind, shipped);

      const rows = new Map((await behind.prisma.service.findMany()).map((row) => [row.code, row]));
      const cv = rows.get("pendirian_cv")!;
      const before = SEED_BEFORE_ISSUE_43.find((entry) => entry.code === "pendirian_cv")!;
      expect({ description: cv.description, thirdParty: cv.thirdParty, fees: cv.thirdPartyFees }).toEqual({
        description: edited,
        thirdParty: before.thirdParty,
        fees: before.thirdPartyFees,
      });
      for (const entry of CATALOG_SEED) {
        const row = rows.get(entry.code);
        if (!row || entry.code === "pendirian_cv") continue;
        expect(
          {
            description: row.description,
            intake: row.intake,
            thirdParty: row.thirdParty,
            fees: row.thirdPartyFees,
            sortOrder: row.sortOrder,
          },
          entry.code,
        ).toEqual({
          description: entry.description,
          intake: entry.intake,
          thirdParty: entry.thirdParty,
          fees: entry.thirdPartyFees,
          sortOrder: CATALOG_SEED.indexOf(entry),
        });
      }
    } finally {
      await behind.destroy();
    }
  });
});
