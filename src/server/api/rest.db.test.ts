import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorActor, SEED } from "@/server/domain/access/actor";
import { systemClock } from "@/server/domain/clock";
import { agentPrice } from "@/server/domain/money/pricing";
import { createApiKey, revokeApiKey } from "@/server/services/access";
import { CATALOG_SEED, invalidateCatalogCache, serviceForOperator, updateService } from "@/server/services/catalog";
import { setOrganizationStatus } from "@/server/services/organizations";
import { adminOf, TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { keepAlivePool, startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { ndaOrder } from "@/test/nda-order";

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { depositIdr: 12_345_000n });
  api = await startTestApi(database.prisma);
});

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string; param?: string; request_id: string; doc_url: string } };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(
    body.error.param === undefined ? ["code", "doc_url", "message", "request_id"] : ["code", "doc_url", "message", "param", "request_id"],
  );
  expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  expect(body.error.code).toBe(code);
  // The code's own heading in this server's API reference.
  expect(body.error.doc_url).toBe(`${TEST_PUBLIC_URL}/docs#section/Errors/${code}`);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

describe("GET /v1/services", () => {
  it("lists every seeded agent-eligible service with the computed agent price", async () => {
    const res = await api.call("/v1/services", { token: org.token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<Record<string, unknown>> };
    expect(body.data).toHaveLength(CATALOG_SEED.length);
    expect(body.data.length).toBeGreaterThanOrEqual(12);
    for (const service of body.data) {
      const seed = CATALOG_SEED.find((s) => s.code === service.code);
      expect(seed).toBeDefined();
      expect(service.price_idr).toBe(agentPrice(seed!.clientPriceIdr));
      expect(Object.keys(service).sort()).toEqual([
        "category",
        "code",
        "description",
        "intake",
        "livemode",
        "name",
        "price_idr",
        "requires",
        "sla",
        "stats",
        "third_party",
        "third_party_fees",
      ]);
    }
  });

  it("hides services that are not agent-eligible or not active", async () => {
    // Written behind the service module's back, so its short-lived cache is cleared by hand.
    await database.prisma.service.update({ where: { code: "review_kontrak" }, data: { agentEligible: false } });
    invalidateCatalogCache({ db: database.prisma });
    try {
      const body = (await (await api.call("/v1/services", { token: org.token })).json()) as { data: Array<{ code: string }> };
      expect(body.data.map((s) => s.code)).not.toContain("review_kontrak");
      await expectError(await api.call("/v1/services/review_kontrak", { token: org.token }), 404, "NOT_FOUND");
    } finally {
      await database.prisma.service.update({ where: { code: "review_kontrak" }, data: { agentEligible: true } });
      invalidateCatalogCache({ db: database.prisma });
    }
  });

  it("answers a poll with its ETag by 304 without a body until the operator changes the catalog", async () => {
    const first = await api.call("/v1/services", { token: org.token });
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const unchanged = await api.call("/v1/services", { token: org.token, headers: { "If-None-Match": tag ?? "" } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(tag);
    expect(unchanged.headers.get("x-request-id")).toMatch(/^req_/);
    // The key is still checked first: a poll without one is 401, not 304.
    expect((await api.call("/v1/services", { headers: { "If-None-Match": tag ?? "" } })).status).toBe(401);

    const before = await serviceForOperator(
      { db: database.prisma },
      {
        actor: TEST_OPERATOR,
        code: "review_kontrak",
      },
    );
    const operator = operatorActor("usr_etag_test");
    await updateService(
      { db: database.prisma },
      { actor: operator, code: "review_kontrak", changes: { description: `${before.description} (diperbarui)` } },
    );
    try {
      const changed = await api.call("/v1/services", { token: org.token, headers: { "If-None-Match": tag ?? "" } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get("etag")).not.toBe(tag);
      const one = await api.call("/v1/services/review_kontrak", { token: org.token });
      expect(
        (await api.call("/v1/services/review_kontrak", { token: org.token, headers: { "If-None-Match": one.headers.get("etag") ?? "" } }))
          .status,
      ).toBe(304);
    } finally {
      await updateService(
        { db: database.prisma },
        { actor: operator, code: "review_kontrak", changes: { description: before.description } },
      );
    }
  });

  it("carries an X-Request-Id on success and on error", async () => {
    const ok = await api.call("/v1/services", { token: org.token });
    const bad = await api.call("/v1/services");
    expect(ok.headers.get("x-request-id")).toMatch(/^req_/);
    expect(bad.headers.get("x-request-id")).toMatch(/^req_/);
    expect(ok.headers.get("x-request-id")).not.toBe(bad.headers.get("x-request-id"));
  });
});

describe("the error body's param, request_id and doc_url", () => {
  const create = (body: unknown) =>
    api.call("/v1/orders", { method: "POST", token: org.token, headers: { "Idempotency-Key": randomUUID() }, json: body });

  it("names the offending field as the client wrote it: a schema's, an array position's, an unknown key's, the service's intake's", async () => {
    const cases: Array<[unknown, string]> = [
      [ndaOrder({ max_budget: "lots" }), "max_budget"],
      [ndaOrder({ attachments: [42] }), "attachments[0]"],
      [ndaOrder({ colour: "red" }), "colour"],
      [ndaOrder({ intake: { ...ndaOrder().intake, sifat_nda: undefined } }), "intake.sifat_nda"],
      [ndaOrder({ service: "no_such_service" }), "service"],
      [ndaOrder({ attachments: ["file_missing"] }), "attachments[0]"],
    ];
    for (const [body, param] of cases) {
      const error = await expectError(await create(body), 400, "VALIDATION");
      expect(error.param, JSON.stringify(body)).toBe(param);
    }
  });

  it("carries no param when the request as a whole is wrong, nor on errors other than VALIDATION", async () => {
    const notJson = await api.call("/v1/orders", {
      method: "POST",
      token: org.token,
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect((await expectError(notJson, 400, "VALIDATION")).param).toBeUndefined();
    expect((await expectError(await api.call("/v1/services/nope", { token: org.token }), 404, "NOT_FOUND")).param).toBeUndefined();
  });

  it("answers every error with the answer's own X-Request-Id as request_id and its code's doc_url, whichever layer refused it", async () => {
    const refusals: Array<[Promise<Response>, number, string]> = [
      [api.call("/v1/services"), 401, "UNAUTHENTICATED"],
      [api.call("/v1/nowhere", { token: org.token }), 404, "NOT_FOUND"],
      [api.call("/v1/services", { method: "DELETE", token: org.token }), 405, "METHOD_NOT_ALLOWED"],
      [create(ndaOrder({ max_budget: 1 })), 402, "BUDGET_EXCEEDED"],
      [
        api.call("/v1/files", { method: "POST", token: org.token, headers: { "Content-Type": "text/plain" }, body: "x" }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      ],
    ];
    for (const [answer, status, code] of refusals) await expectError(await answer, status, code);
  });
});

describe("GET /v1/services/{code}", () => {
  it("returns one service in the spec's shape", async () => {
    const res = await api.call("/v1/services/pendaftaran_merek", { token: org.token });
    expect(res.status).toBe(200);
    const service = (await res.json()) as Record<string, unknown>;
    expect(service).toMatchObject({
      code: "pendaftaran_merek",
      price_idr: agentPrice(2_290_000),
      sla: { days: expect.any(Number), label: expect.any(String) },
      third_party: expect.stringContaining("PNBP"),
    });
    // The official fees an agent may mention: the trademark application's PNBP per class, by applicant (PP 45/2024),
    // and the stamp duty on a small business's statement.
    const fees = service.third_party_fees as Array<Record<string, unknown>>;
    expect(fees.slice(0, 2)).toEqual([
      expect.objectContaining({
        code: "pnbp_merek_umk",
        kind: "pnbp",
        amount_idr: 500_000,
        per: "per kelas",
        basis: expect.stringContaining("PP No. 45 Tahun 2024"),
        checked_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        applies_when: { field: "jenis_pemohon", option: expect.stringContaining("UMK") },
      }),
      expect.objectContaining({ code: "pnbp_merek_umum", kind: "pnbp", amount_idr: 1_800_000, per: "per kelas" }),
    ]);
    expect(fees.map((fee) => fee.code)).toContain("bea_meterai");
  });

  it("answers 404 NOT_FOUND for an unknown code", async () => {
    await expectError(await api.call("/v1/services/tidak_ada", { token: org.token }), 404, "NOT_FOUND");
  });
});

describe("GET /v1/balance", () => {
  it("reports the deposit, the key's limits, spending and scopes", async () => {
    const res = await api.call("/v1/balance", { token: org.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      livemode: true,
      deposit_idr: 12_345_000,
      key: {
        max_order_budget: 25_000_000,
        monthly_budget: 100_000_000,
        spent_this_month: 0,
        scopes: ["katalog:baca", "order:buat", "status:baca", "kasus:buat"],
      },
    });
  });
});

describe("waking the job engine", () => {
  it("wakes it once after each successful write, never after a read or a refused write", async () => {
    let wakes = 0;
    const own = await createTestOrg(database.prisma);
    const waking = await startTestApi(database.prisma, undefined, undefined, { wakeDue: () => void wakes++ });
    try {
      const json = (body: unknown) => ({ method: "POST", token: own.token, json: body });
      expect((await waking.call("/v1/services", { token: own.token })).status).toBe(200);
      expect(wakes).toBe(0);
      const order = {
        service: "perjanjian_kerahasiaan",
        intake: {
          sifat_nda: "Timbal balik (mutual)",
          para_pihak: "PT Satu; PT Dua",
          tujuan_pengungkapan: "Kerja sama",
          bahasa_perjanjian: "Bahasa Indonesia",
          email_kontak: "a@b.id",
        },
      };
      expect((await waking.call("/v1/orders", json({ ...order, service: "tidak_ada" }))).status).toBe(400);
      expect(wakes).toBe(0);
      expect((await waking.call("/v1/orders", json(order))).status).toBe(201);
      expect(wakes).toBe(1);
    } finally {
      await waking.close();
    }
  });
});

describe("authentication and authorisation", () => {
  it("refuses a request without a key with 401 UNAUTHENTICATED", async () => {
    await expectError(await api.call("/v1/balance"), 401, "UNAUTHENTICATED");
  });

  it("refuses a malformed key with 401", async () => {
    await expectError(await api.call("/v1/balance", { token: "not-a-key" }), 401, "UNAUTHENTICATED");
    await expectError(await api.call("/v1/balance", { headers: { Authorization: "Basic abc" } }), 401, "UNAUTHENTICATED");
  });

  it("refuses a well-formed key with a wrong secret with 401", async () => {
    const forged = `${org.keyId}.${"A".repeat(32)}`;
    await expectError(await api.call("/v1/balance", { token: forged }), 401, "UNAUTHENTICATED");
  });

  it("refuses a revoked key with 401", async () => {
    const other = await createTestOrg(database.prisma);
    await database.prisma.apiKey.update({ where: { id: other.apiKeyId }, data: { revokedAt: new Date() } });
    const error = await expectError(await api.call("/v1/balance", { token: other.token }), 401, "UNAUTHENTICATED");
    expect(error.message).toMatch(/revoked/);
  });

  it("refuses keys of organisations that are not approved or are suspended with 403", async () => {
    const pending = await createTestOrg(database.prisma, { status: "menunggu_persetujuan" });
    const suspended = await createTestOrg(database.prisma, { status: "ditangguhkan" });
    await expectError(await api.call("/v1/services", { token: pending.token }), 403, "ORGANIZATION_NOT_ACTIVE");
    await expectError(await api.call("/v1/services", { token: suspended.token }), 403, "ORGANIZATION_NOT_ACTIVE");
  });

  it("refuses a key the moment it is revoked, though it was used (and looked up) just before", async () => {
    const other = await createTestOrg(database.prisma);
    expect((await api.call("/v1/balance", { token: other.token })).status).toBe(200);
    await revokeApiKey({ db: database.prisma, clock: systemClock }, { actor: adminOf(other.id), apiKeyId: other.apiKeyId });
    await expectError(await api.call("/v1/balance", { token: other.token }), 401, "UNAUTHENTICATED");
  });

  it("refuses a key the moment its organisation is suspended, and accepts it again once reinstated", async () => {
    const other = await createTestOrg(database.prisma);
    expect((await api.call("/v1/balance", { token: other.token })).status).toBe(200);
    await setOrganizationStatus({ db: database.prisma }, { actor: SEED, organizationId: other.id, status: "ditangguhkan" });
    await expectError(await api.call("/v1/balance", { token: other.token }), 403, "ORGANIZATION_NOT_ACTIVE");
    await setOrganizationStatus({ db: database.prisma }, { actor: SEED, organizationId: other.id, status: "aktif" });
    expect((await api.call("/v1/balance", { token: other.token })).status).toBe(200);
  });

  it("refuses an operation whose scope the key lacks with 403 INSUFFICIENT_SCOPE", async () => {
    const key = await createApiKey({ db: database.prisma }, { actor: SEED, input: { organizationId: org.id, scopes: ["status:baca"] } });
    const error = await expectError(await api.call("/v1/services", { token: key.token }), 403, "INSUFFICIENT_SCOPE");
    expect(error.message).toContain("katalog:baca");
    expect((await api.call("/v1/balance", { token: key.token })).status).toBe(200);
  });

  it("checks the key before the input", async () => {
    await expectError(await api.call(`/v1/services/${"x".repeat(200)}`), 401, "UNAUTHENTICATED");
  });
});

describe("errors of the transport, all in the spec's shape", () => {
  it("answers an unknown path with 404 NOT_FOUND", async () => {
    await expectError(await api.call("/v1/tidak-ada", { token: org.token }), 404, "NOT_FOUND");
    await expectError(await api.call("/v1", { token: org.token }), 404, "NOT_FOUND");
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    const res = await api.call("/v1/services", { method: "DELETE", token: org.token });
    await expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("answers malformed JSON with 400 VALIDATION", async () => {
    const res = await api.call("/v1/services", {
      method: "POST",
      token: org.token,
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    await expectError(res, 400, "VALIDATION");
  });

  it("answers a JSON body that is not an object with 400 VALIDATION", async () => {
    const res = await api.call("/v1/services", {
      method: "POST",
      token: org.token,
      headers: { "Content-Type": "application/json" },
      body: "[1,2]",
    });
    await expectError(res, 400, "VALIDATION");
  });

  it("answers a body of another content type with 415", async () => {
    const res = await api.call("/v1/services", {
      method: "POST",
      token: org.token,
      headers: { "Content-Type": "text/plain" },
      body: "hello",
    });
    await expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers an oversized body with 413", async () => {
    const res = await api.call("/v1/services", {
      method: "POST",
      token: org.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) }),
    });
    await expectError(res, 413, "PAYLOAD_TOO_LARGE");
  });
});

describe("a refused body does not hang the connection", () => {
  const twoMegabytes = JSON.stringify({ service: "perjanjian_kerahasiaan", intake: { pad: "x".repeat(2 * 1024 * 1024) } });

  it.each([
    ["with a Content-Length", twoMegabytes],
    ["chunked", [Buffer.from(twoMegabytes.slice(0, 1024 * 1024)), Buffer.from(twoMegabytes.slice(1024 * 1024))]],
  ])(
    "answers a 2 MB POST /v1/orders sent %s with 413 and Connection: close, and the pool's next request is answered",
    async (_how, body) => {
      const pool = keepAlivePool(api.url, { Authorization: `Bearer ${org.token}` });
      try {
        const refused = await pool.send("/v1/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body });
        expect([refused.status, refused.headers.connection]).toEqual([413, "close"]);
        expect((JSON.parse(refused.body) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
        expect((await pool.send("/v1/balance")).status).toBe(200);
        expect(await database.prisma.order.count({ where: { organizationId: org.id } })).toBe(0);
      } finally {
        pool.close();
      }
    },
  );

  it("refuses a body from its Content-Length before any of it arrives", async () => {
    const url = new URL(api.url);
    const socket = connect(Number(url.port), url.hostname);
    try {
      socket.write(
        `POST /v1/orders HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${org.token}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
      );
      const head = await new Promise<string>((resolve, reject) => {
        socket.setEncoding("utf8");
        socket.once("data", resolve);
        socket.once("error", reject);
        setTimeout(() => reject(new Error("no answer within 3 s")), 3000).unref();
      });
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(head).toMatch(/\r\nConnection: close\r\n/i);
    } finally {
      socket.destroy();
    }
  });
});

describe("security headers of every /v1 answer", () => {
  const securityHeaders = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  };

  it.each([
    ["an authenticated read", "/v1/balance", 200],
    ["a write", "/v1/orders", 400],
    ["a missing key", "/v1/balance", 401],
    ["an unknown path", "/v1/tidak-ada", 404],
  ])("%s carries nosniff, no-referrer, a CSP that allows nothing, and Cache-Control: no-store", async (why, path, status) => {
    const res = await api.call(
      path,
      why === "a write" ? { method: "POST", token: org.token, json: {} } : { token: status === 401 ? undefined : org.token },
    );
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the OpenAPI document cacheable, with the other security headers", async () => {
    const res = await api.call("/v1/openapi.json");
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });
});

describe("GET /v1/openapi.json", () => {
  it("serves the OpenAPI 3.1 document, version 1.0.0, with bearer auth and the Error schema", async () => {
    const res = await api.call("/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      info: { version: string };
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security: Array<Record<string, string[]>> }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error).toBeDefined();
    const balance = doc.paths["/v1/balance"]?.get;
    expect(balance?.security).toEqual([{ bearerAuth: [] }, { oauth2: ["status:baca"] }]);
    // Only what reading the balance can answer: no 402, 409 or 422 (openapi.test.ts checks every operation).
    expect(Object.keys(balance?.responses ?? {})).toEqual(["200", "400", "401", "403", "405", "429", "500", "503"]);
    const unauthenticated = (doc.components as { responses?: Record<string, unknown> }).responses?.["Error401-UNAUTHENTICATED"];
    expect(JSON.stringify(balance?.responses["401"])).toContain("#/components/responses/Error401-UNAUTHENTICATED");
    expect(JSON.stringify(unauthenticated)).toContain("#/components/schemas/Error");
  });
});
