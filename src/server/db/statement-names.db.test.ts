import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg } from "@/test/fixtures";

let database: TestDatabase;

beforeAll(async () => {
  // One connection, so every query below meets the statements the ones before it prepared.
  database = await createTestDatabase({ connection: { poolSize: 1 } });
});

afterAll(async () => {
  await database?.destroy();
});

describe.runIf(testDatabaseKind === "postgres")("prepared statements on PostgreSQL", () => {
  it("prepares a repeated query shape once on the connection and answers it right each time after", async () => {
    const orgs: { id: string; name: string }[] = [];
    for (const name of ["PT Satu", "PT Dua", "PT Tiga"]) {
      const { id } = await createTestOrg(database.prisma);
      orgs.push(await database.prisma.organization.update({ where: { id }, data: { name }, select: { id: true, name: true } }));
    }
    const prepared = async () =>
      (await database.prisma.$queryRaw<{ statement: string }[]>`SELECT statement FROM pg_prepared_statements`).map((row) => row.statement);
    const before = await prepared();
    for (const org of [...orgs, ...orgs]) {
      const found = await database.prisma.organization.findUnique({ where: { id: org.id }, select: { id: true, name: true } });
      expect(found).toEqual({ id: org.id, name: org.name });
    }
    const added = (await prepared()).filter((statement) => !before.includes(statement));
    // The setup's own shapes were prepared on their third call too; this one is new here.
    expect(added).toEqual([expect.stringMatching(/^SELECT "t0"\."id", "t0"\."name" FROM "public"\."Organization"/)]);
    // Inside a transaction the named statement serves too.
    await database.prisma.$transaction(async (tx) => {
      expect((await tx.organization.findUnique({ where: { id: orgs[0]!.id }, select: { id: true } }))?.id).toBe(orgs[0]!.id);
    });
  });
});
