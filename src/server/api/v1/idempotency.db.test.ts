import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { practitionerActorOf } from "@/server/services/access";
import { getCaseForPractitioner } from "@/server/services/cases";
import { accounts, balanceOf } from "@/server/services/money";
import { getMyOrder } from "@/server/services/orders";
import { bid, caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { createTestPractitioner, driveOrder, LEDGER_SOUND, ledgerInvariants, ndaOrder } from "@/test/orders";

/**
 * One Idempotency-Key mechanism for every agent POST, through the real /v1 handler: a retry
 * replays the first answer and acts once, another request under the key is 422, a refused
 * request stores nothing, and on PostgreSQL 50 concurrent requests make one effect.
 */

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
let practitionerId: string;
const clock = fixedClock("2026-11-23T03:00:00.000Z");
const db = () => database.prisma;

type Body = Record<string, unknown> & { id?: string; error?: { code: string; message: string } };

async function post(path: string, json: unknown, key?: string, token = org.token) {
  const res = await api.call(path, { method: "POST", token, json, headers: key ? { "Idempotency-Key": key } : {} });
  return { status: res.status, replayed: res.headers.get("idempotent-replayed"), body: (await res.json()) as Body };
}

async function paidOrder(): Promise<string> {
  const created = await post("/v1/orders", ndaOrder());
  expect(created.status).toBe(201);
  return created.body.id!;
}

async function deliveredOrder(): Promise<string> {
  const id = await paidOrder();
  await driveOrder(db(), id, practitionerId, "diserahkan", clock.now());
  return id;
}

async function caseWithTwoBids(): Promise<{ caseId: string; bidIds: string[] }> {
  const created = await post("/v1/cases", caseBody());
  const caseId = created.body.id!;
  const bidIds = [];
  for (const price of [3_000_000, 4_000_000])
    bidIds.push((await bid(db(), clock, await createTestPractitioner(db(), ["properti"]), caseId, price)).id);
  return { caseId, bidIds };
}

const clientMessages = (orderId: string, trigger?: string) =>
  db().orderMessage.count({ where: { orderId, role: "client", ...(trigger ? { trigger } : {}) } });
const transfers = (kind: string, reference: string) => db().ledgerTransfer.count({ where: { kind, reference } });

/** One agent POST: where it goes, a body, another request for the same key, and how many times it acted. */
interface Operation {
  name: string;
  created?: true;
  prepare(): Promise<{ path: string; body: unknown; other: { path: string; body: unknown }; effects(): Promise<number> }>;
}

const OPERATIONS: Operation[] = [
  {
    name: "POST /v1/orders/{id}/messages",
    async prepare() {
      const id = await paidOrder();
      const path = `/v1/orders/${id}/messages`;
      return {
        path,
        body: { body: "Pihak kedua berdomisili di Bandung." },
        other: { path, body: { body: "Catatan lain." } },
        effects: () => clientMessages(id),
      };
    },
  },
  {
    name: "POST /v1/orders/{id}/accept",
    async prepare() {
      const [id, otherId] = [await deliveredOrder(), await deliveredOrder()];
      return {
        path: `/v1/orders/${id}/accept`,
        body: {},
        other: { path: `/v1/orders/${otherId}/accept`, body: {} },
        effects: () => transfers("escrow_release", id),
      };
    },
  },
  {
    name: "POST /v1/orders/{id}/cancel",
    async prepare() {
      const id = await paidOrder();
      const path = `/v1/orders/${id}/cancel`;
      return {
        path,
        body: { reason: "Salah layanan." },
        other: { path, body: { reason: "Alasan lain." } },
        effects: () => transfers("order_refund", id),
      };
    },
  },
  {
    name: "POST /v1/orders/{id}/revision",
    async prepare() {
      const id = await deliveredOrder();
      const path = `/v1/orders/${id}/revision`;
      return {
        path,
        body: { reason: "Tambahkan pasal jangka waktu." },
        other: { path, body: { reason: "Ubah bahasa." } },
        effects: () => clientMessages(id, "request_revision"),
      };
    },
  },
  {
    name: "POST /v1/orders/{id}/dispute",
    async prepare() {
      const id = await deliveredOrder();
      const path = `/v1/orders/${id}/dispute`;
      return {
        path,
        body: { reason: "Dokumen tidak sesuai permintaan." },
        other: { path, body: { reason: "Lain." } },
        effects: () => clientMessages(id, "dispute"),
      };
    },
  },
  {
    name: "POST /v1/cases",
    created: true,
    async prepare() {
      const story = `Sengketa sewa ruko nomor ${Math.random()} di Bekasi, penyewa menunggak enam bulan dan menolak keluar.`;
      return {
        path: "/v1/cases",
        body: caseBody({ story }),
        other: { path: "/v1/cases", body: caseBody({ story, urgency: "bulan ini" }) },
        effects: () => db().case.count({ where: { organizationId: org.id, story } }),
      };
    },
  },
  {
    name: "POST /v1/cases/{id}/select",
    async prepare() {
      const { caseId, bidIds } = await caseWithTwoBids();
      const path = `/v1/cases/${caseId}/select`;
      return {
        path,
        body: { bid_id: bidIds[0] },
        other: { path, body: { bid_id: bidIds[1] } },
        effects: () => db().invoice.count({ where: { caseId } }),
      };
    },
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  api = await startTestApi(db(), clock);
  org = await createTestOrg(db(), { depositIdr: 500_000_000n, monthlyBudgetIdr: 1_000_000_000n, maxOrderIdr: 100_000_000n });
  practitionerId = await createTestPractitioner(db());
});

afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe.each(OPERATIONS)("Idempotency-Key on $name", (operation) => {
  it("replays a retry with the first answer and Idempotent-Replayed: true, acting once", async () => {
    const { path, body, effects } = await operation.prepare();
    const key = `retry-${Math.random()}`;
    const first = await post(path, body, key);
    const retry = await post(path, body, key);
    expect([first.status, first.replayed]).toEqual([operation.created ? 201 : 200, null]);
    expect([retry.status, retry.replayed]).toEqual([200, "true"]);
    expect(retry.body).toEqual(first.body);
    expect(await effects()).toBe(1);
  });

  it("refuses the key for another request with 422 IDEMPOTENCY_KEY_REUSED and changes nothing", async () => {
    const { path, body, other, effects } = await operation.prepare();
    const key = `reuse-${Math.random()}`;
    await post(path, body, key);
    const before = await effects();
    const reused = await post(other.path, other.body, key);
    expect([reused.status, reused.body.error?.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await effects()).toBe(before);
  });

  it.runIf(testDatabaseKind === "postgres")(
    "makes one effect of 50 concurrent requests with one key, and every one answers it",
    async () => {
      const { path, body, effects } = await operation.prepare();
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(path, body, "storm")));
      expect(answers.map((a) => a.status).filter((s) => s >= 300)).toEqual([]);
      expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
      expect(new Set(answers.map((a) => (a.body.case as Body | undefined)?.id ?? a.body.id)).size).toBe(1);
      expect(await effects()).toBe(1);
      await db().idempotencyKey.deleteMany({ where: { key: "storm" } });
    },
  );
});

describe("Idempotency-Key, one mechanism", () => {
  it("stores nothing for a refused request: the same key acts once the order can be accepted", async () => {
    const id = await paidOrder();
    const early = await post(`/v1/orders/${id}/accept`, {}, "accept-when-ready");
    expect([early.status, early.body.error?.code]).toEqual([409, "INVALID_STATE"]);
    await driveOrder(db(), id, practitionerId, "diserahkan", clock.now());
    const accepted = await post(`/v1/orders/${id}/accept`, {}, "accept-when-ready");
    expect([accepted.status, accepted.replayed, accepted.body.status]).toEqual([200, null, "selesai"]);
  });

  it("answers a replay with the resource as it is now", async () => {
    const id = await paidOrder();
    const first = await post(`/v1/orders/${id}/messages`, { body: "Alamat PT Dua: Jl. Asia Afrika 1." }, "note-now");
    await driveOrder(db(), id, practitionerId, "diambil", clock.now());
    const replay = await post(`/v1/orders/${id}/messages`, { body: "Alamat PT Dua: Jl. Asia Afrika 1." }, "note-now");
    expect([first.body.status, replay.body.status, replay.replayed]).toEqual(["dibayar", "diambil", "true"]);
  });

  it("keeps the keys of another organisation apart", async () => {
    const other = await createTestOrg(db());
    const mine = await post("/v1/orders", ndaOrder(), "shared-name");
    const theirs = await post("/v1/orders", ndaOrder(), "shared-name", other.token);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(mine.body.id).not.toBe(theirs.body.id);
  });

  it("refuses an Idempotency-Key on a test helper, which would act again on a retry, and tops up nothing", async () => {
    const sandbox = await createTestOrg(db(), { mode: "test" });
    const deposit = () => balanceOf(db(), accounts.orgDeposit(sandbox.id, false));
    const before = await deposit();
    const answer = await post("/v1/test_helpers/deposit/top_up", { amount_idr: 1_000_000 }, "top-up-1", sandbox.token);
    expect([answer.status, answer.body.error?.code]).toEqual([400, "VALIDATION"]);
    expect(await deposit()).toBe(before);
  });

  it("leaves the ledger sound after every operation above", async () => {
    expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  });
});

describe("metadata", () => {
  const labels = { tiket: "CS-2026-0042", pengguna: "u_81723" };

  it("is kept on an order and a case as sent, and returned by POST and GET", async () => {
    const order = await post("/v1/orders", ndaOrder({ metadata: labels }));
    const kasus = await post("/v1/cases", caseBody({ metadata: labels }));
    expect([order.body.metadata, kasus.body.metadata]).toEqual([labels, labels]);
    const read = await api.call(`/v1/orders/${order.body.id}`, { token: org.token });
    expect(((await read.json()) as Body).metadata).toEqual(labels);
    const readCase = await api.call(`/v1/cases/${kasus.body.id}`, { token: org.token });
    expect(((await readCase.json()) as Body).metadata).toEqual(labels);
  });

  it("is {} when not set", async () => {
    expect((await post("/v1/orders", ndaOrder())).body.metadata).toEqual({});
  });

  it.each([
    ["21 keys", Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"]))],
    ["a 41-character key", { ["k".repeat(41)]: "v" }],
    ["a 501-character value", { catatan: "v".repeat(501) }],
    ["a number value", { jumlah: 3 }],
    ["an empty key", { "": "v" }],
  ])("refuses %s with 400 VALIDATION and creates nothing", async (_, metadata) => {
    const before = await db().order.count({ where: { organizationId: org.id } });
    const answer = await post("/v1/orders", ndaOrder({ metadata }));
    expect([answer.status, answer.body.error?.code]).toEqual([400, "VALIDATION"]);
    expect(answer.body.error?.message).toContain("metadata");
    expect(await db().order.count({ where: { organizationId: org.id } })).toBe(before);
  });

  it("is never shown to practitioners: not on a taken order, not on the case board", async () => {
    const secret = { rahasia: "label-internal-agen-9931" };
    const order = await post("/v1/orders", ndaOrder({ metadata: secret }));
    await driveOrder(db(), order.body.id!, practitionerId, "diambil", clock.now());
    const view = await getMyOrder(
      { db: db(), clock },
      {
        actor: await practitionerActorOf(db(), practitionerId),
        orderId: order.body.id!,
      },
    );
    const kasus = await post("/v1/cases", caseBody({ metadata: secret }));
    const boardPractitioner = await createTestPractitioner(db(), ["properti"]);
    const board = await getCaseForPractitioner(
      { db: db() },
      {
        actor: await practitionerActorOf(db(), boardPractitioner),
        caseId: kasus.body.id!,
      },
    );
    expect(JSON.stringify(view)).not.toContain("label-internal-agen-9931");
    expect(JSON.stringify(board)).not.toContain("label-internal-agen-9931");
  });
});
