import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/server/db/client";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { logger } from "@/server/log";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder } from "@/test/orders";
import { portalUser } from "@/test/portal";
import { TRPC_CODE_OF } from "./api-error";
import { handlePortalRequest } from "./portal-http";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
let operator: PortalUser;
let org: TestOrg;

/** The portal's own address, its PUBLIC_URL: errors link to its /docs. */
const ORIGIN = "http://localhost";
/** What a portal error's doc_url is: the code's heading in the API reference. */
const docUrl = (code: ErrorCode) => `${ORIGIN}/docs#section/Errors/${code}`;

interface ErrorBody {
  error: {
    message: string;
    code: number;
    data: {
      code: string;
      httpStatus: number;
      apiError: { code: string; message: string; param?: string; request_id?: string; doc_url?: string };
    };
  };
}

/** One portal call over HTTP, as the browser's client sends it from the portal's own pages (no batching). */
async function call(
  user: PortalUser | null,
  procedure: string,
  input?: unknown,
  db: Db = database.prisma,
  from: Record<string, string> = { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
) {
  const url = `${ORIGIN}/api/trpc/${procedure}`;
  const req =
    input === undefined
      ? new Request(url)
      : new Request(url, { method: "POST", headers: { "Content-Type": "application/json", ...from }, body: JSON.stringify(input) });
  const res = await handlePortalRequest(req, { db, clock, publicUrl: ORIGIN }, user);
  return { status: res.status, requestId: res.headers.get("X-Request-Id"), body: (await res.json()) as ErrorBody };
}

const paidOrder = () => createPaidOrder(database.prisma, clock, org);

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  operator = await portalUser(database.prisma, "operator");
  org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n });
});

afterAll(async () => {
  await database?.destroy();
});

describe("the portal face answers the error table's status", () => {
  it("maps every code of the table to a tRPC code with the same HTTP status", () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(getHTTPStatusCodeFromError(new TRPCError({ code: TRPC_CODE_OF[code as ErrorCode] })), code).toBe(status);
    }
  });

  it("an unknown order id in an operator action is 404 NOT_FOUND", async () => {
    const { status, requestId, body } = await call(operator, "operator.orderAction", { orderId: "ord_tidak_ada", action: "refund" });
    expect(status).toBe(404);
    expect(body.error.data.apiError).toEqual({
      code: "NOT_FOUND",
      message: "No order ord_tidak_ada.",
      request_id: requestId,
      doc_url: docUrl("NOT_FOUND"),
    });
    expect(body.error.data).toMatchObject({ code: "NOT_FOUND", httpStatus: 404 });
  });

  it("an action the order's status does not allow is 409 INVALID_STATE", async () => {
    const order = await paidOrder();
    const { status, body } = await call(operator, "operator.orderAction", { orderId: order.id, action: "resume_work" });
    expect(status).toBe(409);
    expect(body.error.data.apiError.code).toBe("INVALID_STATE");
    expect(body.error.message).toBe(body.error.data.apiError.message);
  });

  it("nobody signed in is 401, another role 403, bad input 400 naming its field as param, each with the answer's request id", async () => {
    expect((await call(null, "operator.organizations")).status).toBe(401);
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    expect((await call(admin, "operator.organizations")).status).toBe(403);
    const bad = await call(operator, "operator.orderAction", { orderId: "", action: "bayar" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.apiError).toMatchObject({ code: "VALIDATION", param: "orderId", request_id: bad.requestId });
    const anonymous = await call(null, "operator.organizations");
    expect(anonymous.body.error.data.apiError).toMatchObject({ code: "UNAUTHENTICATED", request_id: anonymous.requestId });
    expect(anonymous.body.error.data.apiError.param).toBeUndefined();
  });

  it("an organisation name with a right-to-left override is 400 VALIDATION naming the field, and nothing is created", async () => {
    const before = await database.prisma.organization.count();
    const { status, body } = await call(operator, "operator.createOrganization", { name: "PT Maju\u202Egnisiv", status: "aktif" });
    expect(status).toBe(400);
    expect(body.error.data.apiError).toMatchObject({ code: "VALIDATION", param: "name", message: expect.stringContaining("U+202E") });
    expect(await database.prisma.organization.count()).toBe(before);
  });

  it("an unexpected error is 500 with a generic Indonesian message naming the request id, logged in full", async () => {
    const secret = "connect ECONNREFUSED 10.0.0.5:5432 password=hunter2";
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new Error(secret);
        },
      },
    ) as Db;
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const { status, requestId, body } = await call(operator, "operator.organizations", undefined, broken);
      expect(status).toBe(500);
      expect(requestId).toMatch(/^req/);
      expect(body.error.data.apiError).toEqual({
        code: "INTERNAL",
        message: `Terjadi kesalahan di sistem kami. Jika berulang, hubungi dukungan dengan kode permintaan ${requestId}.`,
        request_id: requestId,
        doc_url: docUrl("INTERNAL"),
      });
      expect(JSON.stringify(body)).not.toContain("hunter2");
      expect(log).toHaveBeenCalledWith(
        expect.objectContaining({ requestId, err: expect.objectContaining({ message: secret }) }),
        "portal internal error",
      );
    } finally {
      log.mockRestore();
    }
  });
});

describe("settling a dispute for the practitioner", () => {
  it("is refused with 409 on an order nobody took; a dispute cannot even be opened before someone takes it", async () => {
    const order = await paidOrder();
    const settle = await call(operator, "operator.orderAction", { orderId: order.id, action: "settle_for_practitioner" });
    expect(settle.status).toBe(409);
    expect(settle.body.error.data.apiError.code).toBe("INVALID_STATE");
    const dispute = await call(operator, "operator.orderAction", { orderId: order.id, action: "dispute", note: "Klien mengeluh." });
    expect(dispute.status).toBe(409);
    expect(dispute.body.error.data.apiError.code).toBe("INVALID_STATE");
  });

  it("a disputed order without a practitioner (data from before the rule) is 409 'refund instead', moves nothing, and can be refunded", async () => {
    const order = await paidOrder();
    await database.prisma.order.update({ where: { id: order.id }, data: { status: "sengketa", practitionerId: null } });
    const settle = await call(operator, "operator.orderAction", { orderId: order.id, action: "settle_for_practitioner" });
    expect(settle.status).toBe(409);
    expect(settle.body.error.data.apiError).toEqual({
      code: "INVALID_STATE",
      message: `The order ${order.id} has no practitioner to release its escrow to; refund it instead.`,
      request_id: settle.requestId,
      doc_url: docUrl("INVALID_STATE"),
    });
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("sengketa");
    const refund = await call(operator, "operator.orderAction", { orderId: order.id, action: "refund" });
    expect(refund.status).toBe(200);
    expect((await database.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("direfund");
  });
});

describe("caching", () => {
  it("every portal answer says Cache-Control: no-store: reads, writes, batches, refusals and errors", async () => {
    const send = (url: string, init?: RequestInit, user: PortalUser | null = operator) =>
      handlePortalRequest(new Request(`http://localhost/api/trpc/${url}`, init), { db: database.prisma, clock }, user);
    const post = { method: "POST", headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" } };
    const answers = {
      read: await send("operator.organizations"),
      batch: await send("operator.organizations,operator.overview?batch=1&input={}"),
      write: await send("operator.topUp", {
        ...post,
        body: JSON.stringify({ organizationId: org.id, amountIdr: 1_000, reference: "cache" }),
      }),
      "nobody signed in": await send("operator.organizations", undefined, null),
      "bad input": await send("operator.topUp", { ...post, body: JSON.stringify({ organizationId: org.id }) }),
      "unknown procedure": await send("operator.tidakAda"),
    };
    expect(Object.values(answers).some((res) => res.status === 200) && Object.values(answers).some((res) => res.status >= 400)).toBe(true);
    for (const [what, res] of Object.entries(answers)) expect(res.headers.get("cache-control"), what).toBe("no-store");
  });
});

describe("mutations from another site (CSRF)", () => {
  const topUp = () => ({ organizationId: org.id, amountIdr: 1_000, reference: "csrf" });
  const deposit = async () =>
    (await database.prisma.ledgerAccount.findMany({ where: { organizationId: org.id } })).map((a) => a.balanceIdr);

  it.each([
    ["another site's Origin", { Origin: "https://penyerang.example" }],
    ["Sec-Fetch-Site: cross-site, whatever the Origin", { Origin: "http://localhost", "Sec-Fetch-Site": "cross-site" }],
    ["a sibling subdomain", { Origin: "https://portal.localhost", "Sec-Fetch-Site": "same-site" }],
    ["neither header", {}],
  ])("%s is 403 FORBIDDEN in the error shape, and nothing changes", async (_, from) => {
    const before = await deposit();
    const { status, body } = await call(operator, "operator.topUp", topUp(), database.prisma, from);
    expect(status).toBe(403);
    expect(body.error.data.apiError.code).toBe("FORBIDDEN");
    expect(await deposit()).toEqual(before);
  });

  it("the portal's own page (same origin) changes what it asks, and reads need no header", async () => {
    const before = await deposit();
    expect((await call(operator, "operator.topUp", topUp(), database.prisma, { Origin: "http://localhost" })).status).toBe(200);
    expect(await deposit()).not.toEqual(before);
    expect((await call(operator, "operator.organizations")).status).toBe(200);
  });
});
