import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoredFile } from "@/generated/prisma/client";
import { agentActor, SWEEPER } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { TOOLS } from "@/server/mcp/tools";
import { practitionerActorOf } from "@/server/services/access";
import { decideCost, requestCost } from "@/server/services/costs";
import { ensureOffering } from "@/server/services/offers";
import { agentKey } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { SAMPLE_FILES, TEST_FILES, uploadTestFile } from "@/test/files";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import { startTestMcp, type TestMcp, toolJson, withoutRequestId } from "@/test/mcp";
import { createPaidOrder, driveOrder, ndaOrder } from "@/test/orders";
import { portalCaller, portalUser, practitionerUser } from "@/test/portal";
import { changedTables, snapshotTables } from "@/test/table-snapshot";
import { toApiError } from "./api-error";
import { portalRouter } from "./portal";
import { portalDownload } from "./portal-files-http";
import { v1Router } from "./v1";

/*
 * A file may be attached only by someone who may already read it (services/files/readers.ts):
 * attaching puts a file before everyone who reads the order, so otherwise it would be a way to
 * read. Every procedure that takes file ids is walked, on every face, with files its caller may
 * not read; each refusal must be the answer for a file that does not exist and change nothing.
 */

let database: TestDatabase;
let api: TestApi;
let mcp: TestMcp;
let agent: Client;
let testAgent: Client;
const clock = fixedClock("2026-11-27T03:00:00Z");
const ORIGIN = "http://kuasa.test";
const deps = () => ({ db: database.prisma, clock, files: TEST_FILES });
/** An id no file has: what every refusal must look like. */
const NO_FILE = "file_tidakadasamasekali01";

/** Organisation X (live and test keys) and Y; X's orders A (offered to P), B and D (held by P), T (test, held by the simulated practitioner). */
let x: TestOrg;
let xTest: { token: string; apiKeyId: string };
let p: PortalUser;
let admin: PortalUser;
let operator: PortalUser;
const orders = { a: "", b: "", d: "", t: "" };
const costs = { b: "", t: "" };
/** The files the callers reach for, by who may read them. */
const files = {} as Record<
  | "secret" // X live, on A only: P is merely offered A
  | "onD" // X live, on D, which P holds
  | "onB" // X live, on B (the agent's contract)
  | "xLive" // X live, on nothing (X's live key uploaded it)
  | "xTest" // X test, on nothing (X's test key)
  | "yLive" // Y live
  | "yTest", // Y test
  StoredFile
>;

const live = (org: string) => ({ organizationId: org, livemode: true });
const sandbox = (org: string) => ({ organizationId: org, livemode: false });

async function postJson(path: string, token: string, json: unknown) {
  const res = await api.call(path, { method: "POST", token, json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  api = await startTestApi(database.prisma, clock);
  mcp = await startTestMcp(database.prisma, clock);
  x = await createTestOrg(database.prisma);
  xTest = await addTestKey(database.prisma, x.id, { mode: "test" });
  const y = await createTestOrg(database.prisma);
  const yTest = await addTestKey(database.prisma, y.id, { mode: "test" });
  agent = await mcp.connect(x.token);
  testAgent = await mcp.connect(xTest.token);
  // The only practitioner in the area: A's offer is theirs.
  p = await practitionerUser(database.prisma);
  admin = await portalUser(database.prisma, "org_admin", x.id);
  operator = await portalUser(database.prisma, "operator");
  const agentOf = (owner: { organizationId: string; livemode: boolean }, apiKeyId: string) => ({ ...owner, apiKeyId });

  files.secret = await uploadTestFile(deps(), agentOf(live(x.id), x.apiKeyId), "rahasia.pdf");
  files.onD = await uploadTestFile(deps(), agentOf(live(x.id), x.apiKeyId), "lampiran-d.pdf");
  files.onB = await uploadTestFile(deps(), agentOf(live(x.id), x.apiKeyId), "kontrak-b.pdf");
  files.xLive = await uploadTestFile(deps(), agentOf(live(x.id), x.apiKeyId), "lepas.pdf");
  files.xTest = await uploadTestFile(deps(), agentOf(sandbox(x.id), xTest.apiKeyId), "uji.pdf");
  files.yLive = await uploadTestFile(deps(), agentOf(live(y.id), y.apiKeyId), "milik-y.pdf");
  files.yTest = await uploadTestFile(deps(), agentOf(sandbox(y.id), yTest.apiKeyId), "uji-y.pdf");

  orders.a = (await createPaidOrder(database.prisma, clock, x, { attachments: [files.secret.id] })).id;
  await ensureOffering(deps(), {
    actor: SWEEPER,
    orderId: orders.a,
  });
  orders.b = (await createPaidOrder(database.prisma, clock, x, { attachments: [files.onB.id] })).id;
  await driveOrder(database.prisma, orders.b, p.practitionerId!, "dikerjakan", clock.now());
  orders.d = (await createPaidOrder(database.prisma, clock, x, { attachments: [files.onD.id] })).id;
  await driveOrder(database.prisma, orders.d, p.practitionerId!, "dikerjakan", clock.now());
  const stamp = { kind: "lainnya" as const, feeCode: "bea_meterai", description: "Bea meterai NDA", amountIdr: 10_000n, basis: "" };
  costs.b = (
    await requestCost(deps(), {
      actor: await practitionerActorOf(database.prisma, p.practitionerId!),
      orderId: orders.b,
      input: stamp,
    })
  ).id;
  await decideCost(deps(), {
    actor: agentActor(await agentKey(database.prisma, clock, x)),
    orderId: orders.b,
    costId: costs.b,
    decision: { approve: true },
  });

  await postJson("/v1/test_helpers/deposit/top_up", xTest.token, { amount_idr: 10_000_000 });
  orders.t = (await postJson("/v1/orders", xTest.token, ndaOrder())).body.id as string;
  for (const step of ["accept", "start"]) await postJson(`/v1/test_helpers/orders/${orders.t}/${step}`, xTest.token, {});
  const asked = await postJson(`/v1/test_helpers/orders/${orders.t}/costs`, xTest.token, {
    kind: "lainnya",
    description: "Bea meterai",
    amount_idr: 10_000,
    basis: "UU 10/2020 tentang Bea Meterai",
  });
  costs.t = asked.body.id as string;
  await postJson(`/v1/orders/${orders.t}/costs/${costs.t}/approve`, xTest.token, {});
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

/** An answer as the caller reads it: success, or the error (its request id left out) with the HTTP status where there is one. */
type Answer = { ok: true } | { ok: false; status?: number; error: unknown };

const errorOf = (body: unknown) => (withoutRequestId(body) as { error: unknown }).error;

async function rest(path: string, token: string, json: unknown): Promise<Answer> {
  const { status, body } = await postJson(path, token, json);
  return status < 400 ? { ok: true } : { ok: false, status, error: errorOf(body) };
}

async function tool(name: string, args: Record<string, unknown>, client = agent): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  const body = toolJson(result);
  return result.isError ? { ok: false, error: errorOf(body) } : { ok: true };
}

async function portal(call: Promise<unknown>): Promise<Answer> {
  try {
    await call;
    return { ok: true };
  } catch (err) {
    return { ok: false, error: toApiError(err) };
  }
}

/** One way to attach: a procedure on one face, by one caller, onto one order, with the files that caller may not read. */
interface AttachCall {
  procedure: string;
  how: string;
  unreadable: () => StoredFile[];
  attach: (fileId: string) => Promise<Answer>;
}

const practitionerPortal = () => portalCaller(deps(), p).practitioner;
const adminPortal = () => portalCaller(deps(), admin).organization;
const NOT_P = () => [files.secret, files.xLive, files.yLive];
/** A credential's scan is no organisation's file: any organisation's, even one the caller may read, is refused alike. */
const ORGANISATIONS_FILES = () => [files.onD, files.xLive, files.yLive];
const CREDENTIAL = { kind: "konsultan_ki", issuer: "DJKI", number: "KI-1", validUntil: null, province: null } as const;
const NOT_X_LIVE = () => [files.xTest, files.yLive];
const NOT_X_TEST = () => [files.xLive, files.yTest];

const ATTACH_CALLS: AttachCall[] = [
  {
    procedure: "orders.create",
    how: "POST /v1/orders with X's live key",
    unreadable: NOT_X_LIVE,
    attach: (file) => rest("/v1/orders", x.token, ndaOrder({ attachments: [file] })),
  },
  {
    procedure: "orders.create",
    how: "MCP buat_order with X's live key",
    unreadable: NOT_X_LIVE,
    attach: (file) => tool("buat_order", ndaOrder({ attachments: [file] })),
  },
  {
    procedure: "orders.message",
    how: "POST /v1/orders/B/messages with X's live key",
    unreadable: NOT_X_LIVE,
    attach: (file) => rest(`/v1/orders/${orders.b}/messages`, x.token, { body: "Terlampir.", attachments: [file] }),
  },
  {
    procedure: "orders.message",
    how: "MCP kirim_pesan on B with X's live key",
    unreadable: NOT_X_LIVE,
    attach: (file) => tool("kirim_pesan", { id: orders.b, body: "Terlampir.", attachments: [file] }),
  },
  {
    procedure: "testHelpers.deliver",
    how: "POST /v1/test_helpers/orders/T/deliver with X's test key",
    unreadable: NOT_X_TEST,
    attach: (file) => rest(`/v1/test_helpers/orders/${orders.t}/deliver`, xTest.token, { deliverable: "Hasil.", files: [file] }),
  },
  {
    procedure: "testHelpers.payCost",
    how: "POST /v1/test_helpers/orders/T/costs/{cost}/receipt with X's test key",
    unreadable: NOT_X_TEST,
    attach: (file) => rest(`/v1/test_helpers/orders/${orders.t}/costs/${costs.t}/receipt`, xTest.token, { file }),
  },
  {
    procedure: "testHelpers.deliver",
    how: "MCP uji_serahkan_hasil on T with X's test key",
    unreadable: NOT_X_TEST,
    attach: (file) => tool("uji_serahkan_hasil", { id: orders.t, deliverable: "Hasil.", files: [file] }, testAgent),
  },
  {
    procedure: "testHelpers.payCost",
    how: "MCP uji_lunasi_biaya on T with X's test key",
    unreadable: NOT_X_TEST,
    attach: (file) => tool("uji_lunasi_biaya", { id: orders.t, cost_id: costs.t, file }, testAgent),
  },
  {
    procedure: "practitioner.askClient",
    how: "the practitioner's portal, on B",
    unreadable: NOT_P,
    attach: (file) => portal(practitionerPortal().askClient({ orderId: orders.b, question: "Mohon periksa.", files: [file] })),
  },
  {
    procedure: "practitioner.deliver",
    how: "the practitioner's portal, on B",
    unreadable: NOT_P,
    attach: (file) => portal(practitionerPortal().deliver({ orderId: orders.b, deliverable: "Hasil.", files: [file] })),
  },
  {
    procedure: "practitioner.payCost",
    how: "the practitioner's portal, B's approved cost",
    unreadable: NOT_P,
    attach: (file) => portal(practitionerPortal().payCost({ orderId: orders.b, costId: costs.b, receiptFileId: file })),
  },
  {
    procedure: "practitioner.submitCredential",
    how: "the practitioner's portal, a credential's scan",
    unreadable: () => [...NOT_P(), files.onD],
    attach: (file) => portal(practitionerPortal().submitCredential({ ...CREDENTIAL, scanFileId: file })),
  },
  {
    procedure: "operator.addCredential",
    how: "the operator's console, a credential's scan",
    unreadable: ORGANISATIONS_FILES,
    attach: (file) =>
      portal(portalCaller(deps(), operator).operator.addCredential({ ...CREDENTIAL, practitionerId: p.practitionerId!, scanFileId: file })),
  },
  {
    procedure: "organization.sendMessage",
    how: "X's admin in the portal, on live B",
    unreadable: () => [files.yLive],
    attach: (file) => portal(adminPortal().sendMessage({ orderId: orders.b, body: "Terlampir.", files: [file] })),
  },
  {
    // An admin opens only live files, so not even their own organisation's test files go on its test orders.
    procedure: "organization.sendMessage",
    how: "X's admin in the portal, on test order T",
    unreadable: () => [files.xTest, files.yTest],
    attach: (file) => portal(adminPortal().sendMessage({ orderId: orders.t, body: "Terlampir.", files: [file] })),
  },
];

/** Input fields that name files. */
const FILE_FIELD = /file|attach/i;
/**
 * Name files but attach nothing: an upload (bytes, not an id), a link to a file the key reads (the
 * same rule, GET /v1/files/{id}), and the operator's bank statement (its text and name, never stored).
 */
const NOT_ATTACHING = new Set(["files.create", "files.createLink", "operator.importBankStatement"]);

/** Every procedure of /v1 (and so MCP) and the portals whose input has a field naming files. */
function proceduresTakingFiles(): string[] {
  type Procedure = { _def: { inputs: Array<{ shape?: Record<string, unknown> }> } };
  return [v1Router, portalRouter].flatMap((router) =>
    Object.entries(router._def.procedures as unknown as Record<string, Procedure>)
      .filter(([, procedure]) => procedure._def.inputs.some((input) => Object.keys(input.shape ?? {}).some((key) => FILE_FIELD.test(key))))
      .map(([name]) => name),
  );
}

describe("attaching a file takes the right to read it", () => {
  it("walks every procedure that takes file ids, and the MCP tool of each one that has a tool", () => {
    const walked = new Set(ATTACH_CALLS.map((c) => c.procedure));
    expect(proceduresTakingFiles().filter((name) => !NOT_ATTACHING.has(name) && !walked.has(name))).toEqual([]);
    const tools = TOOLS.filter((t) => walked.has(t.procedure)).map((t) => t.name);
    expect(tools.filter((name) => !ATTACH_CALLS.some((c) => c.how.startsWith(`MCP ${name} `)))).toEqual([]);
  });

  it("refuses, on every face, a file its caller may not read with the answer for a file that does not exist, and changes nothing", async () => {
    // The case first: P sees A's file listed on the offer but cannot open it.
    const [offer] = (await practitionerPortal().offers({})).data;
    expect(offer?.order.files).toEqual([expect.objectContaining({ id: files.secret.id, downloadable: false })]);

    const before = await snapshotTables(database.prisma);
    const holes: string[] = [];
    for (const call of ATTACH_CALLS) {
      const absent = JSON.stringify(await call.attach(NO_FILE)).replaceAll(NO_FILE, "<id>");
      expect(JSON.parse(absent), `${call.how}, a file that does not exist`).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
      for (const file of call.unreadable()) {
        const answer = JSON.stringify(await call.attach(file.id)).replaceAll(file.id, "<id>");
        if (answer !== absent) holes.push(`${call.how} with ${file.filename}: ${answer}, not ${absent}`);
      }
    }
    expect(holes).toEqual([]);
    expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);

    const download = await portalDownload(new Request(`${ORIGIN}/api/berkas/${files.secret.id}`), deps(), p, files.secret.id);
    expect(download.status).toBe(404);
  });

  it("still attaches what the caller may read: their own upload, and a file on an order they hold or own", async () => {
    const attachedTo = async (fileId: string) =>
      (await database.prisma.fileAttachment.findMany({ where: { fileId }, select: { orderId: true, purpose: true } })).map(
        (a) => `${a.orderId} ${a.purpose}`,
      );
    const practitionerOwn = (name: string) =>
      uploadTestFile(deps(), live(x.id), name, SAMPLE_FILES.text, { kind: "practitioner", practitionerId: p.practitionerId! });

    // P: their draft, and D's file (P holds D), with a question on B.
    const draft = await practitionerOwn("draf.txt");
    expect(await practitionerPortal().askClient({ orderId: orders.b, question: "Mohon periksa.", files: [draft.id, files.onD.id] })).toBe(
      "butuh_input_klien",
    );
    expect(await attachedTo(files.onD.id)).toEqual([`${orders.d} order`, `${orders.b} message`]);

    // X's agent answers with a file of its own and P's draft; the admin adds a note with their upload and B's contract.
    const scan = await uploadTestFile(deps(), { ...live(x.id), apiKeyId: x.apiKeyId }, "akta.png", SAMPLE_FILES.png);
    expect(await rest(`/v1/orders/${orders.b}/messages`, x.token, { body: "Terlampir.", attachments: [scan.id, draft.id] })).toEqual({
      ok: true,
    });
    expect(await tool("kirim_pesan", { id: orders.b, body: "Satu lagi.", attachments: [draft.id] })).toEqual({ ok: true });
    const note = await uploadTestFile(deps(), live(x.id), "catatan.txt", SAMPLE_FILES.text, { kind: "admin", userId: admin.id });
    await adminPortal().sendMessage({ orderId: orders.b, body: "Catatan admin.", files: [note.id, files.onB.id] });
    expect(await attachedTo(note.id)).toEqual([`${orders.b} message`]);

    // P delivers and receipts the cost with their own files.
    const result = await practitionerOwn("hasil.txt");
    expect(await practitionerPortal().deliver({ orderId: orders.b, deliverable: "Hasil.", files: [result.id] })).toBe("diserahkan");
    const receipt = await practitionerOwn("kuitansi.txt");
    await practitionerPortal().payCost({ orderId: orders.b, costId: costs.b, receiptFileId: receipt.id });
    expect(await attachedTo(receipt.id)).toEqual([`${orders.b} receipt`]);

    // X's live key orders with its own upload on both faces; its test key delivers and receipts T with its own.
    expect(await rest("/v1/orders", x.token, ndaOrder({ attachments: [files.xLive.id] }))).toEqual({ ok: true });
    expect(await tool("buat_order", ndaOrder({ attachments: [files.xLive.id] }))).toEqual({ ok: true });
    expect(
      await rest(`/v1/test_helpers/orders/${orders.t}/deliver`, xTest.token, { deliverable: "Hasil.", files: [files.xTest.id] }),
    ).toEqual({ ok: true });
    expect(await rest(`/v1/test_helpers/orders/${orders.t}/costs/${costs.t}/receipt`, xTest.token, { file: files.xTest.id })).toEqual({
      ok: true,
    });
    expect((await attachedTo(files.xTest.id)).sort()).toEqual([`${orders.t} deliverable`, `${orders.t} receipt`]);
  });
});
