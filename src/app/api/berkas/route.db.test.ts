import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Runtime } from "@/server/runtime";
import { DEFAULT_RATE_LIMITS } from "@/server/services/access";
import { appRequest, signedIn, startAppRuntime } from "@/test/app-routes";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES } from "@/test/files";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder } from "@/test/orders";
import { portalUser } from "@/test/portal";
import { POST } from "./route";

// Next's marker for modules only its server build may import; it throws anywhere else, vitest included.
vi.mock("server-only", () => ({}));

/** POST /api/berkas as Next runs it: the per-user limit of portal uploads (rate-limit.ts portal_upload). */

let database: TestDatabase;
let runtime: Runtime;
let org: TestOrg;

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = await startAppRuntime(database);
  org = await createTestOrg(database.prisma);
});

afterAll(async () => {
  await runtime?.close();
  await database?.destroy();
});

/** An upload of `body` (a PDF by default) onto the order, with the session's cookies. */
function upload(cookies: Record<string, string>, orderId: string, body: BodyInit = pdfForm()) {
  const req = appRequest(runtime, `/api/berkas?order=${orderId}`, { method: "POST", cookies, body });
  return POST(req, { params: Promise.resolve({}) });
}

function pdfForm(): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(SAMPLE_FILES.pdf)]), "lampiran.pdf");
  return form;
}

describe("the limit of portal uploads", () => {
  it("refuses a user's upload past the limit with 429, Retry-After and the API's error, before reading the body; another user goes on", async () => {
    const practitionerId = await createTestPractitioner(database.prisma);
    const order = await createPaidOrder(database.prisma, runtime.clock, org);
    await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", runtime.clock.now());
    const { user } = await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId }, include: { user: true } });
    const practitioner = await signedIn(runtime, user.email);

    const limit = DEFAULT_RATE_LIMITS.portalUploadsPerUser;
    for (let i = 0; i < limit; i++) expect((await upload(practitioner, order.id)).status).toBe(201);
    const stored = await database.prisma.storedFile.count();

    let bodyRead = false;
    // Pulled only when someone reads it (no read-ahead).
    const body = new ReadableStream(
      {
        pull(controller) {
          bodyRead = true;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const refused = await upload(practitioner, order.id, body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(runtime.config.rateLimits.windowSeconds);
    expect(refused.headers.get("connection")).toBe("close");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: expect.stringMatching(/unggahan/),
        request_id: refused.headers.get("x-request-id"),
        doc_url: `${runtime.config.publicUrl}/docs#section/Errors/RATE_LIMITED`,
      },
    });
    expect(bodyRead).toBe(false);
    expect(await database.prisma.storedFile.count()).toBe(stored);

    const admin = await signedIn(runtime, (await portalUser(database.prisma, "org_admin", org.id)).email);
    expect((await upload(admin, order.id)).status).toBe(201);
  });
});
