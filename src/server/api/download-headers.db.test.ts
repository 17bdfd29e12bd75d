import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as portalGET, HEAD as portalHEAD } from "@/app/api/berkas/[id]/route";
import { GET as linkGET, HEAD as linkHEAD } from "@/app/unduh/[token]/route";
import { config as proxyConfig } from "@/proxy";
import { contentDispositionAttachment } from "@/server/domain/files/file-name";
import type { Runtime } from "@/server/runtime";
import { createFileLink } from "@/server/services/files";
import { adminOf } from "@/test/actors";
import { appRequest, signedIn, startAppRuntime } from "@/test/app-routes";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { uploadTestFile } from "@/test/files";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { portalUser } from "@/test/portal";
import nextConfig from "../../../next.config";

// Next's marker for modules only its server build may import; it throws anywhere else, vitest included.
vi.mock("server-only", () => ({}));

/**
 * A file's download on each face that serves one: the agent's /v1/files/{id}/content, the portal's
 * /api/berkas/{id} and a file link's /unduh/{token} answer the same headers (file-transfer.ts
 * fileHeaders), and Next, which keeps a header it set before the route over the route's own, sets none.
 */

let database: TestDatabase;
let runtime: Runtime;
let api: TestApi;
let org: TestOrg;
let fileId: string;
let token: string;
let admin: Record<string, string>;
// A name that needs RFC 5987: a quote, a percent sign and letters outside ASCII.
const FILENAME = 'Perjanjian "Rahasia" 100% — Tbk ñ.pdf';

/** Headers that differ per request or connection, not per download. */
const PER_REQUEST = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"]);
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !PER_REQUEST.has(name)));

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = await startAppRuntime(database);
  org = await createTestOrg(database.prisma);
  const deps = { db: database.prisma, clock: runtime.clock, files: runtime.files, publicUrl: runtime.config.publicUrl };
  const owner = { organizationId: org.id, livemode: true, apiKeyId: org.apiKeyId };
  const file = await uploadTestFile(deps, owner, FILENAME);
  fileId = file.id;
  token = new URL(
    (
      await createFileLink(deps, {
        actor: adminOf(owner.organizationId, owner.livemode),
        fileId,
        expiresInSeconds: 3600,
      })
    ).url,
  ).pathname
    .split("/")
    .at(-1)!;
  admin = await signedIn(runtime, (await portalUser(database.prisma, "org_admin", org.id)).email);
  api = await startTestApi(database.prisma, runtime.clock, undefined, undefined, undefined, runtime.files);
});

afterAll(async () => {
  await api?.close();
  await runtime?.close();
  await database?.destroy();
});

describe("a download's headers", () => {
  it("are the same set on /v1/files/{id}/content, /api/berkas/{id} and /unduh/{token}, and a HEAD to the portal's is answered the same", async () => {
    const agent = await api.call(`/v1/files/${fileId}/content`, { token: org.token });
    const portal = (method: "GET" | "HEAD") =>
      (method === "GET" ? portalGET : portalHEAD)(appRequest(runtime, `/api/berkas/${fileId}`, { method, cookies: admin }), {
        params: Promise.resolve({ id: fileId }),
      });
    const link = (method: "GET" | "HEAD") =>
      (method === "GET" ? linkGET : linkHEAD)(appRequest(runtime, `/unduh/${token}`, { method }), { params: Promise.resolve({ token }) });
    const answers = [agent, await portal("GET"), await link("GET"), await portal("HEAD"), await link("HEAD")];
    for (const res of answers) {
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }

    const size = String((await database.prisma.storedFile.findUniqueOrThrow({ where: { id: fileId } })).size);
    // Every /v1 answer names its API version; the portal's downloads are no API answers.
    const { "kuasa-version": version, ...agentHeaders } = headersOf(agent);
    expect(version).toBe("2026-11-28");
    expect(agentHeaders).toEqual({
      "content-type": "application/pdf",
      "content-length": size,
      "content-disposition": contentDispositionAttachment(FILENAME),
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
    });
    for (const res of answers.slice(1)) expect(headersOf(res)).toEqual(agentHeaders);
  });

  it("get nothing from Next on the portal's download paths, while pages and /api/* get their headers and the page policy", async () => {
    const fromNext = async (path: string) => {
      const url = `${runtime.config.publicUrl}${path}`;
      // The headers next.config.ts gives the path; the utility's empty answer brings its own content-type.
      const headers = [...(await unstable_getResponseFromNextConfig({ url, nextConfig })).headers.keys()];
      return {
        headers: headers.filter((name) => name !== "content-type").sort(),
        pagePolicy: unstable_doesMiddlewareMatch({ config: proxyConfig, url, nextConfig }),
      };
    };
    const none = { headers: [], pagePolicy: false };
    expect(await fromNext(`/api/berkas/${fileId}`)).toEqual(none);
    expect(await fromNext(`/unduh/${token}`)).toEqual(none);

    const everyAnswer = ["permissions-policy", "referrer-policy", "x-content-type-options", "x-frame-options"];
    expect(await fromNext("/organisasi/pesanan")).toEqual({ headers: everyAnswer, pagePolicy: true });
    expect(await fromNext("/api/berkas?order=ord_x")).toEqual({
      headers: ["content-security-policy", ...everyAnswer].sort(),
      pagePolicy: false,
    });
    expect(await fromNext("/api/trpc/organization.overview")).toEqual({
      headers: ["content-security-policy", ...everyAnswer].sort(),
      pagePolicy: false,
    });
  });
});
