import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminOf } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { RequestLog, type RequestRecord } from "./buffer";
import { recentRequests } from "./requests";

let database: TestDatabase;
const db = () => database.prisma;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

let counter = 0;
const start = Date.parse("2026-11-29T03:00:00Z");
/** A record of `key`, each one a millisecond after the one before. */
function record(key: TestOrg, status = 200): RequestRecord {
  counter++;
  return {
    apiKeyId: key.apiKeyId,
    requestId: `req_${String(counter).padStart(6, "0")}`,
    method: "GET",
    path: "/v1/balance",
    status,
    createdAt: new Date(start + counter),
  };
}
const stored = (key: TestOrg) =>
  db().apiRequest.findMany({ where: { apiKeyId: key.apiKeyId }, orderBy: { seq: "asc" }, select: { requestId: true } });

async function until(check: () => Promise<boolean>, ms = 3_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("not written in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the request log's writer", () => {
  it("keeps records in memory and writes them in one batch when the first has waited flushMs", async () => {
    const key = await createTestOrg(db());
    const log = new RequestLog({ db: db() }, { flushMs: 150 });
    const records = [record(key), record(key), record(key)];
    for (const r of records) log.add(r);
    expect(await stored(key)).toEqual([]);
    await until(async () => (await stored(key)).length === 3);
    expect((await stored(key)).map((r) => r.requestId)).toEqual(records.map((r) => r.requestId));
    await log.close();
  });

  it("writes at once when maxRows records wait, without waiting for the timer", async () => {
    const key = await createTestOrg(db());
    const log = new RequestLog({ db: db() }, { flushMs: 60_000, maxRows: 4 });
    for (let i = 0; i < 4; i++) log.add(record(key));
    await until(async () => (await stored(key)).length === 4);
    await log.close();
  });

  it("keeps each key's newest 50, in a batch and across batches, and leaves other keys alone", async () => {
    const [busy, quiet] = [await createTestOrg(db()), await createTestOrg(db())];
    const log = new RequestLog({ db: db() }, { flushMs: 60_000 });
    const first = Array.from({ length: 120 }, () => record(busy));
    for (const r of first) log.add(r);
    log.add(record(quiet));
    await log.flush();
    expect((await stored(busy)).map((r) => r.requestId)).toEqual(first.slice(-50).map((r) => r.requestId));
    const second = Array.from({ length: 10 }, () => record(busy));
    for (const r of second) log.add(r);
    await log.flush();
    expect((await stored(busy)).map((r) => r.requestId)).toEqual([...first.slice(-40), ...second].map((r) => r.requestId));
    expect(await stored(quiet)).toHaveLength(1);
    await log.close();
  });

  it("writes what waits on close, and takes nothing after it", async () => {
    const key = await createTestOrg(db());
    const log = new RequestLog({ db: db() }, { flushMs: 60_000 });
    log.add(record(key));
    await log.close();
    expect(await stored(key)).toHaveLength(1);
    log.add(record(key));
    await log.flush();
    expect(await stored(key)).toHaveLength(1);
  });

  it("drops a batch the database refuses, and writes the next", async () => {
    const key = await createTestOrg(db());
    const warned: unknown[][] = [];
    const log = new RequestLog({ db: db() }, { flushMs: 60_000, logger: { warn: (...args) => warned.push(args) } });
    log.add({ ...record(key), apiKeyId: "key_tidak_ada" });
    await log.flush();
    expect(warned).toEqual([[expect.objectContaining({ rows: 1 }), "request log: a batch was not written"]]);
    log.add(record(key));
    await log.flush();
    expect(await stored(key)).toHaveLength(1);
    expect(await db().apiRequest.count({ where: { apiKeyId: "key_tidak_ada" } })).toBe(0);
    await log.close();
  });
});

describe("a key's recent requests", () => {
  it("lists them newest first, ties of time in the order they were answered, for the key's own organisation only", async () => {
    const key = await createTestOrg(db());
    const other = await createTestOrg(db());
    const log = new RequestLog({ db: db() });
    const same = new Date(start + 1_000_000);
    log.add({ ...record(key), requestId: "req_a", createdAt: same });
    log.add({ ...record(key), requestId: "req_b", createdAt: same, status: 404 });
    log.add({ ...record(key), requestId: "req_c", createdAt: new Date(start) });
    await log.close();
    const listed = await recentRequests(
      { db: db() },
      {
        actor: adminOf(key.id),
        apiKeyId: key.apiKeyId,
      },
    );
    expect(listed.map((r) => [r.requestId, r.status])).toEqual([
      ["req_b", 404],
      ["req_a", 200],
      ["req_c", 200],
    ]);
    expect(listed[0]).toEqual({ requestId: "req_b", method: "GET", path: "/v1/balance", status: 404, createdAt: same });
    await expect(
      recentRequests(
        { db: db() },
        {
          actor: adminOf(other.id),
          apiKeyId: key.apiKeyId,
        },
      ),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
