import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { systemClock } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import { topUpDeposit } from "@/server/services/organizations";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder } from "@/test/orders";
import { portalUser, practitionerUser } from "@/test/portal";
import { EXPORT_BATCH, organizationExport } from "./portal-exports-http";

let database: TestDatabase;
const clock = systemClock;
const deps = () => ({ db: database.prisma, clock });
let org: TestOrg;
let admin: PortalUser;
let otherOrderId: string;

const exportOf = (user: PortalUser | null, kind: string, query = "") =>
  organizationExport(new Request(`http://kuasa.test/api/organisasi/ekspor/${kind}${query}`), deps(), user, kind);

/** The CSV's text without its byte order mark, and its rows split into cells (none of these cells is quoted). */
async function csvOf(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes.slice(3));
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";"));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 20_000_000n });
  admin = await portalUser(database.prisma, "org_admin", org.id);
  const other = await createTestOrg(database.prisma);
  otherOrderId = (await createPaidOrder(database.prisma, clock, other)).id;
});

afterAll(async () => {
  await database?.destroy();
});

describe("the admin's CSV exports", () => {
  // An ended session never reaches here: the route reads who the session stands for now (src/app/route-sessions.db.test.ts).
  it("refuse nobody signed in and another role, and answer an unknown export 404", async () => {
    expect((await exportOf(null, "pesanan")).status).toBe(401);
    expect((await exportOf(await practitionerUser(database.prisma), "pesanan")).status).toBe(403);
    expect((await exportOf(admin, "rahasia")).status).toBe(404);
  });

  it("list the organisation's orders of one mode as Excel-ready CSV, with their metadata", async () => {
    const order = await createPaidOrder(database.prisma, clock, org, { metadata: { tiket: "T-100", tim: "legal" } });
    const testKey = await addTestKey(database.prisma, org.id, { mode: "test" });
    const testOrg = { ...org, token: testKey.token, keyId: testKey.keyId, apiKeyId: testKey.apiKeyId };
    await topUpDeposit(deps(), {
      actor: SEED,
      organizationId: org.id,
      amountIdr: 5_000_000n,
      reference: "uji",
      livemode: false,
    });
    const testOrder = await createPaidOrder(database.prisma, clock, testOrg);
    const res = await exportOf(admin, "pesanan");
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="kuasa-pesanan-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = await csvOf(res);
    expect(header).toEqual(["id_pesanan", "dibuat_wib", "status", "layanan", "harga_idr", "kunci_api", "metadata"]);
    const row = rows.find((cells) => cells[0] === order.id)!;
    expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(row[4]).toBe("1700000");
    expect(row[6]).toBe("tiket=T-100, tim=legal");
    expect(rows.map((cells) => cells[0])).not.toContain(otherOrderId);
    expect(rows.map((cells) => cells[0])).not.toContain(testOrder.id);
    const testRows = (await csvOf(await exportOf(admin, "pesanan", "?mode=test"))).slice(1);
    expect(testRows.map((cells) => cells[0])).toEqual([testOrder.id]);
  });

  it("streams every order across batches once, newest first", async () => {
    const own = await createTestOrg(database.prisma);
    const ownAdmin = await portalUser(database.prisma, "org_admin", own.id);
    const first = await createPaidOrder(database.prisma, clock, own);
    const row = await database.prisma.order.findUniqueOrThrow({ where: { id: first.id } });
    const count = EXPORT_BATCH * 2 + 7;
    await database.prisma.order.createMany({
      data: Array.from({ length: count - 1 }, (_, i) => ({
        ...row,
        id: newId("order"),
        intake: {},
        metadata: {},
        createdAt: new Date(row.createdAt.getTime() - (i + 1) * 1000),
      })),
    });
    const rows = (await csvOf(await exportOf(ownAdmin, "pesanan"))).slice(1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((cells) => cells[0])).size).toBe(count);
    expect(rows[0]![0]).toBe(first.id);
  });

  it("write the statement with signed integer amounts, the balance after each, kinds in Indonesian and a formula-looking reference made harmless", async () => {
    const own = await createTestOrg(database.prisma, { depositIdr: 5_000_000n });
    const ownAdmin = await portalUser(database.prisma, "org_admin", own.id);
    await topUpDeposit(deps(), {
      actor: TEST_OPERATOR,
      organizationId: own.id,
      amountIdr: 2_000_000n,
      reference: "=BCA 123",
    });
    await createPaidOrder(database.prisma, clock, own);
    const [header, ...rows] = await csvOf(await exportOf(ownAdmin, "mutasi"));
    expect(header).toEqual(["id_mutasi", "waktu_wib", "jenis", "keterangan", "referensi", "jumlah_idr", "saldo_setelah_idr"]);
    expect(rows.map((cells) => [cells[2], cells[5], cells[6]])).toEqual([
      ["Pembayaran pesanan", "-1700000", "5300000"],
      ["Setoran deposit", "2000000", "7000000"],
      ["Setoran deposit", "5000000", "5000000"],
    ]);
    expect(rows[1]![4]).toBe("'=BCA 123");
  });
});
