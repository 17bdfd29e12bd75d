import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { statementMonthOf } from "@/server/domain/books/month";
import type { Runtime } from "@/server/runtime";
import { authOptions } from "@/server/runtime/portal";
import { appRequest, signedIn, startAppRuntime } from "@/test/app-routes";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES, uploadTestFile } from "@/test/files";
import { createTestOrg, type TestOrg } from "@/test/fixtures";
import { signOutWith } from "@/test/next-auth";
import { createPaidOrder, createTestPractitioner, driveOrder } from "@/test/orders";
import { portalUser } from "@/test/portal";

// Next's marker for modules only its server build may import; it throws anywhere else, vitest included.
vi.mock("server-only", () => ({}));

/**
 * Every route Next answers under /api and /unduh, found in the file system, against a portal
 * session that has ended in each way one ends: a route that takes a session refuses it (401) where
 * the same request was served while the session stood; a route that takes none by design is
 * listed with the reason; a route in neither list fails the first test until it is classified.
 */

const APP = import.meta.dirname;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];
const PASSWORD = "rahasia-sekali-123";

/** Routes that take no portal session, by design. */
const WITHOUT_SESSION: Record<string, string> = {
  "/api/auth/[...nextauth]":
    "next-auth's own (sign-in, sign-out, CSRF token): where a session begins and ends; /api/auth/session tells the cookie's holder only what the cookie itself says",
  "/api/inngest": "Inngest's endpoint: the SDK serves only calls signed with INNGEST_SIGNING_KEY; no person calls it",
  "/unduh/[token]":
    "a file link made with POST /v1/file_links: the 256-bit token in the path is the whole authority, until the link expires, for whoever the agent gave it to",
};

/** What a signed-in user has: their session's cookie, a file they may open, an order they may upload onto. */
interface Scene {
  role: "practitioner" | "org_admin";
  cookies: Record<string, string>;
  fileId: string;
  orderId: string;
}

/** One request to a route, and what it is answered while the session stands. */
interface Call {
  path: string;
  params: Record<string, string>;
  live: number;
  body?: () => BodyInit;
  headers?: Record<string, string>;
}

const json = { "content-type": "application/json" };

/** Every route that takes a portal session: a request to each of its methods, for the scene's user. */
const WITH_SESSION: Record<string, Partial<Record<Method, (scene: Scene) => Call>>> = {
  "/api/berkas/[id]": {
    GET: (s) => ({ path: `/api/berkas/${s.fileId}`, params: { id: s.fileId }, live: 200 }),
    HEAD: (s) => ({ path: `/api/berkas/${s.fileId}`, params: { id: s.fileId }, live: 200 }),
  },
  "/api/berkas": {
    POST: (s) => ({
      path: `/api/berkas?order=${s.orderId}`,
      params: {},
      live: 201,
      body: () => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(SAMPLE_FILES.pdf)]), "lampiran.pdf");
        return form;
      },
    }),
  },
  "/api/organisasi/ekspor/[jenis]": {
    // A practitioner may not export at all: 403 while the session stands, 401 once it ended.
    GET: (s) => ({ path: "/api/organisasi/ekspor/pesanan", params: { jenis: "pesanan" }, live: s.role === "org_admin" ? 200 : 403 }),
  },
  // The books' downloads: no such document or invoice for an admin (404), not a practitioner's (403); the month's statement is both's own.
  "/api/keuangan/dokumen/[id]": {
    GET: (s) => ({ path: "/api/keuangan/dokumen/doc_tidakada", params: { id: "doc_tidakada" }, live: s.role === "org_admin" ? 404 : 403 }),
  },
  "/api/keuangan/tagihan/[id]": {
    GET: (s) => ({ path: "/api/keuangan/tagihan/inv_tidakada", params: { id: "inv_tidakada" }, live: s.role === "org_admin" ? 404 : 403 }),
  },
  "/api/keuangan/laporan/[bulan]": {
    GET: () => {
      const month = statementMonthOf(new Date());
      return { path: `/api/keuangan/laporan/${month}?format=csv`, params: { bulan: month }, live: 200 };
    },
  },
  "/api/trpc/[trpc]": {
    GET: (s) => {
      const procedure = s.role === "practitioner" ? "practitioner.offers" : "organization.overview";
      return { path: `/api/trpc/${procedure}?input=${encodeURIComponent("{}")}`, params: { trpc: procedure }, live: 200 };
    },
    // No such offer (404) for the practitioner, and not their role (403) for an admin, while the session stands.
    POST: (s) => ({
      path: "/api/trpc/practitioner.declineOffer",
      params: { trpc: "practitioner.declineOffer" },
      live: s.role === "practitioner" ? 404 : 403,
      body: () => JSON.stringify({ offerId: "ofr_tidak_ada" }),
      headers: json,
    }),
  },
};

/** Each route module under src/app/api and src/app/unduh as its path template (`/api/berkas/[id]`) and file. */
function routesOnDisk(): Array<{ template: string; file: string }> {
  return ["api", "unduh"].flatMap((top) =>
    readdirSync(join(APP, top), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /^route\.(ts|tsx|js|mjs)$/.test(entry.name))
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return { template: `/${relative(APP, entry.parentPath).split(sep).join("/")}`, file };
      }),
  );
}

type RouteModule = Partial<Record<Method, (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>>>;

const modules = new Map<string, RouteModule>();
async function routeModule(template: string): Promise<RouteModule> {
  let found = modules.get(template);
  if (!found) {
    const route = routesOnDisk().find((r) => r.template === template);
    if (!route) throw new Error(`no route module for ${template}`);
    found = (await import(route.file)) as RouteModule;
    modules.set(template, found);
  }
  return found;
}

let database: TestDatabase;
let runtime: Runtime;
let org: TestOrg;
let operator: Record<string, string>;

/** A route's method called as Next calls it. */
async function send(template: string, method: Method, call: Call, cookies: Record<string, string>): Promise<Response> {
  const handler = (await routeModule(template))[method];
  if (!handler) throw new Error(`${template} has no ${method}`);
  const req = appRequest(runtime, call.path, { method, cookies, body: call.body?.(), headers: call.headers });
  return handler(req, { params: Promise.resolve(call.params) });
}

/** The status of every session route's every method for the scene's user, keyed `METHOD /template`. */
async function statuses(scene: Scene): Promise<Record<string, number>> {
  const answered: Record<string, number> = {};
  for (const [template, methods] of Object.entries(WITH_SESSION)) {
    for (const [method, call] of Object.entries(methods) as Array<[Method, (s: Scene) => Call]>) {
      const res = await send(template, method, call(scene), scene.cookies);
      await res.body?.cancel();
      answered[`${method} ${template}`] = res.status;
    }
  }
  return answered;
}

const liveStatuses = (scene: Scene) =>
  Object.fromEntries(
    Object.entries(WITH_SESSION).flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, call]) => [`${method} ${template}`, call(scene).live]),
    ),
  );

const refusedStatuses = (scene: Scene) => Object.fromEntries(Object.keys(liveStatuses(scene)).map((key) => [key, 401]));

/** A tRPC mutation through the /api/trpc route with `cookies`, as the portal's client sends it. */
async function mutate(cookies: Record<string, string>, procedure: string, input: unknown): Promise<number> {
  const call = { path: `/api/trpc/${procedure}`, params: { trpc: procedure }, live: 200, body: () => JSON.stringify(input), headers: json };
  const res = await send("/api/trpc/[trpc]", "POST", call, cookies);
  await res.body?.cancel();
  return res.status;
}

/** A new user of `role`, signed in, with a file they may open on an order they may upload onto. */
async function sceneOf(role: Scene["role"]): Promise<Scene & { userId: string; email: string; practitionerId: string | null }> {
  const files = { db: database.prisma, clock: runtime.clock, files: runtime.files };
  const contract = await uploadTestFile(files, { organizationId: org.id, livemode: true, apiKeyId: org.apiKeyId });
  const order = await createPaidOrder(database.prisma, runtime.clock, org, { attachments: [contract.id] });
  if (role === "practitioner") {
    const practitionerId = await createTestPractitioner(database.prisma);
    await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", runtime.clock.now());
    const { user } = await database.prisma.practitioner.findUniqueOrThrow({ where: { id: practitionerId }, include: { user: true } });
    return {
      role,
      userId: user.id,
      email: user.email,
      practitionerId,
      cookies: await signedIn(runtime, user.email),
      fileId: contract.id,
      orderId: order.id,
    };
  }
  const admin = await portalUser(database.prisma, "org_admin", org.id);
  return {
    role,
    userId: admin.id,
    email: admin.email,
    practitionerId: null,
    cookies: await signedIn(runtime, admin.email),
    fileId: contract.id,
    orderId: order.id,
  };
}

type Ending = (scene: Awaited<ReturnType<typeof sceneOf>>) => Promise<void>;

const ENDINGS: Record<string, Ending> = {
  "signing out": async (scene) => {
    await signOutWith(authOptions(), runtime.config.publicUrl, scene.cookies);
  },
  "a password change on another device": async (scene) => {
    const other = await signedIn(runtime, scene.email);
    expect(await mutate(other, "practitioner.changePassword", { currentPassword: PASSWORD, newPassword: "kata-sandi-baru-456" })).toBe(200);
    // The session that changed it stands.
    expect(await statuses({ ...scene, cookies: other })).toEqual(liveStatuses(scene));
  },
  "the operator ending the user's sessions": async (scene) => {
    expect(await mutate(operator, "operator.endSessions", { userId: scene.userId })).toBe(200);
  },
  "the practitioner's deactivation": async (scene) => {
    expect(await mutate(operator, "operator.setPractitionerActive", { practitionerId: scene.practitionerId, active: false })).toBe(200);
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  runtime = await startAppRuntime(database);
  org = await createTestOrg(database.prisma, { depositIdr: 50_000_000n });
  operator = await signedIn(runtime, (await portalUser(database.prisma, "operator")).email);
});

afterAll(async () => {
  await runtime?.close();
  await database?.destroy();
});

describe("the routes Next answers under /api and /unduh", () => {
  it("each one found in the file system takes the portal session, with a request for every method it exports, or is listed with why it takes none", async () => {
    const unclassified: string[] = [];
    const found = new Set<string>();
    for (const { template } of routesOnDisk()) {
      found.add(template);
      if (Object.hasOwn(WITHOUT_SESSION, template)) continue;
      const module = await routeModule(template);
      const exported = METHODS.filter((method) => typeof module[method] === "function");
      const covered = Object.keys(WITH_SESSION[template] ?? {});
      for (const method of exported) if (!covered.includes(method)) unclassified.push(`${method} ${template}`);
      for (const method of covered)
        if (!exported.includes(method as Method)) unclassified.push(`${method} ${template} (listed, not exported)`);
    }
    expect(unclassified, "add a request to WITH_SESSION, or the reason it takes no session to WITHOUT_SESSION").toEqual([]);
    // Nothing listed that is gone: a list of what no longer exists proves nothing.
    expect([...Object.keys(WITH_SESSION), ...Object.keys(WITHOUT_SESSION)].filter((template) => !found.has(template))).toEqual([]);
  });
});

describe("a portal session that ended is refused on every route that takes one", () => {
  it.each([
    ["practitioner", "signing out"],
    ["practitioner", "a password change on another device"],
    ["practitioner", "the operator ending the user's sessions"],
    ["practitioner", "the practitioner's deactivation"],
    ["org_admin", "signing out"],
    ["org_admin", "the operator ending the user's sessions"],
  ] as const)("a %s's session after %s: 401 where the same requests were served, and no upload is stored", async (role, ending) => {
    const scene = await sceneOf(role);
    expect(await statuses(scene)).toEqual(liveStatuses(scene));
    await ENDINGS[ending]!(scene);
    const filesBefore = await database.prisma.storedFile.count();
    expect(await statuses(scene)).toEqual(refusedStatuses(scene));
    expect(await database.prisma.storedFile.count()).toBe(filesBefore);
  });
});
