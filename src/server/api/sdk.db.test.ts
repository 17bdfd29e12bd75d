import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@/server/domain/clock";
import { createSweeper, type Sweeper } from "@/server/jobs/sweeper";
import { webhookDeliveryJob } from "@/server/jobs/webhook-delivery";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { ndaOrder } from "@/test/nda-order";
import { testWebhookSettings } from "@/test/webhooks";

/**
 * packages/sdk as a developer gets it (issue 40): built from the document this tree serves, packed,
 * installed from its tarball into a scratch project outside the repository, and a program using it
 * type-checked with `tsc --strict` against the installed declarations, then run against the real
 * /v1 handler: a whole test-mode order with files, a cost, a review, events read page by page and
 * every webhook checked with the SDK's own verifier.
 */

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../..");
const bin = (relative: string) => path.join(ROOT, "node_modules", relative);

/** The program an agent developer writes. Every `@ts-expect-error` must be an error, or tsc fails. */
const PROGRAM = `import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { writeFile } from "node:fs/promises";
import { type ErrorCode, Kuasa, KuasaError, type Schema, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from "@kuasa/sdk";

const { KUASA_BASE_URL, KUASA_API_KEY, KUASA_WEBHOOK_SECRET } = process.env;
if (!KUASA_BASE_URL || !KUASA_API_KEY || !KUASA_WEBHOOK_SECRET) throw new Error("KUASA_BASE_URL, KUASA_API_KEY and KUASA_WEBHOOK_SECRET are needed");
const secret = KUASA_WEBHOOK_SECRET;
const kuasa = new Kuasa({ apiKey: KUASA_API_KEY, baseUrl: KUASA_BASE_URL });

// Webhooks: each checked with the SDK's verifier on the raw bytes before it is read, then kept by id.
const webhooks = new Map<string, WebhookEvent>();
const refused: string[] = [];
let tamperedReason = "";
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const raw = Buffer.concat(chunks);
    const header = req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    const check = verifyWebhookSignature(secret, typeof header === "string" ? header : undefined, raw);
    if (!check.ok) {
      refused.push(check.reason);
      res.writeHead(400).end();
      return;
    }
    const tampered = verifyWebhookSignature(secret, header as string, Buffer.concat([raw, Buffer.from(" ")]));
    if (!tampered.ok) tamperedReason = tampered.reason;
    const event = JSON.parse(raw.toString("utf8")) as WebhookEvent;
    webhooks.set(event.id, event);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const callbackUrl = \`http://127.0.0.1:\${(receiver.address() as AddressInfo).port}/kuasa\`;

const statuses: string[] = [];
const seen = (order: Schema<"Order">) => statuses.push(order.status);

const services = await kuasa.catalog.list();
const nda = services.data.find((service) => service.code === "perjanjian_kerahasiaan");
if (!nda) throw new Error("no NDA in the catalog");
await kuasa.testHelpers.topUpDeposit({ amount_idr: 5_000_000 });

// A file from a path, as the order's attachment.
await writeFile("draf-nda.txt", "Draf NDA PT Satu dan PT Dua.\\n");
const draft = await kuasa.files.create({ file: "draf-nda.txt" });

const ordering = {
  service: nda.code,
  intake: INTAKE,
  attachments: [draft.id],
  callback_url: callbackUrl,
  metadata: { run: "sdk-test" },
};
const order = await kuasa.orders.create(ordering, { idempotencyKey: "sdk-test-order-1" });
seen(order);
const replayed = await kuasa.orders.create(ordering, { idempotencyKey: "sdk-test-order-1" });
const id = order.id;

// The practitioner's stand-in takes it, starts and asks; the agent answers.
seen(await kuasa.testHelpers.acceptOffer(id));
seen(await kuasa.testHelpers.startWork(id));
seen(await kuasa.testHelpers.requestInput(id, { question: "Siapa penandatangan PT Dua?" }));
seen(await kuasa.orders.message(id, { body: "Direktur Utama PT Dua, Budi Santoso." }));

// A stamp duty billed at cost, approved by the agent, paid with a receipt uploaded from a stream.
const cost = await kuasa.testHelpers.requestCost(id, {
  kind: "lainnya",
  description: "Meterai untuk dua eksemplar",
  amount_idr: 20_000,
  basis: "UU No. 10 Tahun 2020 tentang Bea Meterai",
});
const approved = await kuasa.orders.approveCost(id, cost.id);
const receipt = await kuasa.files.create({ file: Readable.from([Buffer.from("Kuitansi meterai.\\n")]), filename: "kuitansi-meterai.txt" });
const paid = await kuasa.testHelpers.payCost(id, cost.id, { file: receipt.id });

// The result is delivered with a file, read back, accepted and reviewed.
const result = await kuasa.files.create({ file: new Blob(["NDA final, siap ditandatangani.\\n"]), filename: "nda-final.txt" });
seen(await kuasa.testHelpers.deliver(id, { deliverable: "NDA final terlampir.", files: [result.id] }));
const delivered = await kuasa.orders.get(id);
const content = await kuasa.files.content(delivered.deliverable_files[0]!.id);
seen(await kuasa.orders.accept(id));
const review = await kuasa.orders.review(id, { rating: 5, comment: "Cepat dan jelas." });

// Errors are typed by code.
let notFound: { code: ErrorCode; status: number; requestId: string; docUrl: string } | undefined;
try {
  await kuasa.orders.get("ord_tidakada");
} catch (err) {
  if (err instanceof KuasaError && err.code === "NOT_FOUND") {
    const narrowed: "NOT_FOUND" = err.code;
    notFound = { code: narrowed, status: err.status, requestId: err.requestId, docUrl: err.docUrl };
  }
  // @ts-expect-error no such code exists in the document
  if (err instanceof KuasaError && err.code === "NOT_A_CODE") throw err;
}

// Every event, three to a page, and this run's orders by metadata.
const events: Array<{ id: string; type: string }> = [];
for await (const event of kuasa.events.list.all({ limit: 3 })) events.push({ id: event.id, type: event.type });
const listed: string[] = [];
for await (const listedOrder of kuasa.orders.list.all({ metadata: { run: "sdk-test" }, limit: 1 })) listed.push(listedOrder.id);

// Each event arrives as a webhook too; wait for them all (deliveries may come out of order).
const deadline = Date.now() + 20_000;
while (events.some((event) => !webhooks.has(event.id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
receiver.close();

console.log(
  JSON.stringify({
    id,
    replayedId: replayed.id,
    statuses,
    nda: { code: nda.code, price_idr: nda.price_idr },
    attachments: order.attachments.map((file) => file.filename),
    cost: { created: cost.status, approved: approved.status, paid: paid.status },
    receiptName: receipt.filename,
    content: await content.text(),
    review: { order_id: review.order_id, rating: review.rating },
    notFound,
    events: events.map((event) => event.type).reverse(),
    eventIds: events.map((event) => event.id),
    listed,
    webhooks: [...webhooks.values()].map((event) => ({ id: event.id, event: event.event })),
    refused,
    tamperedReason,
  }),
);
`;

const TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    lib: ["es2023"],
    types: ["node"],
    // The scratch project has no @types/node of its own; the repository's is the same version.
    typeRoots: [bin("@types")],
  },
  files: ["program.ts"],
};

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
let sweeper: Sweeper;
let dir: string;
let webhookSecret: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  org = await createTestOrg(database.prisma, { mode: "test" });
  ({ webhookSecret } = await database.prisma.apiKey.findUniqueOrThrow({ where: { id: org.apiKeyId }, select: { webhookSecret: true } }));
  // Webhooks go out as in a running server: the local engine, woken by each commit.
  sweeper = createSweeper({
    deps: { db: database.prisma, clock: systemClock, webhooks: testWebhookSettings },
    kinds: [webhookDeliveryJob],
    intervalMs: 200,
    concurrency: 4,
  });
  sweeper.start();
  api = await startTestApi(database.prisma, systemClock, undefined, sweeper);
  // Outside the repository, so the program can only find the SDK where it was installed.
  dir = await mkdtemp(path.join(tmpdir(), "kuasa-sdk-"));
});

afterAll(async () => {
  await api?.close();
  await sweeper?.stop();
  await database?.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the SDK package", () => {
  it("builds, packs and installs from its tarball, compiles a strict program against its types, and drives a whole test order with files, a cost, a review, paged events and verified webhooks", async () => {
    // `npm pack` builds it first (prepack): the types and client from this tree's document.
    const packed = await run("npm", ["pack", "-w", "packages/sdk", "--pack-destination", dir, "--json"], { cwd: ROOT });
    const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as [{ filename: string }];
    await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "agent", private: true, type: "module" }));
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(dir, filename)], { cwd: dir });

    await writeFile(path.join(dir, "program.ts"), PROGRAM.replace("INTAKE", JSON.stringify(ndaOrder().intake)));
    await writeFile(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
    const compiled = await run(process.execPath, [bin("typescript/bin/tsc"), "--strict", "--noEmit", "-p", dir]).catch(
      (err: { stdout: string }) => err,
    );
    expect("stdout" in compiled ? compiled.stdout : "").toBe("");

    const { stdout } = await run(process.execPath, [bin("tsx/dist/cli.mjs"), "program.ts"], {
      cwd: dir,
      env: { ...process.env, KUASA_BASE_URL: api.url, KUASA_API_KEY: org.token, KUASA_WEBHOOK_SECRET: webhookSecret },
    });
    const out = JSON.parse(stdout) as Record<string, unknown> & {
      id: string;
      eventIds: string[];
      webhooks: Array<{ id: string; event: string }>;
    };

    expect(out).toMatchObject({
      replayedId: out.id,
      statuses: ["dibayar", "diambil", "dikerjakan", "butuh_input_klien", "dikerjakan", "diserahkan", "selesai"],
      nda: { code: "perjanjian_kerahasiaan" },
      attachments: ["draf-nda.txt"],
      cost: { created: "diajukan", approved: "disetujui", paid: "dilunasi" },
      receiptName: "kuitansi-meterai.txt",
      content: "NDA final, siap ditandatangani.\n",
      review: { order_id: out.id, rating: 5 },
      notFound: { code: "NOT_FOUND", status: 404, docUrl: `${TEST_PUBLIC_URL}/docs#section/Errors/NOT_FOUND` },
      listed: [out.id],
      refused: [],
      tamperedReason: "signature_mismatch",
    });
    expect((out.notFound as { requestId: string }).requestId).toMatch(/^req_/);
    // In the order they happened, read back through four pages of three.
    expect(out.events).toEqual([
      "order.dibayar",
      // The stand-in is offered the order as a practitioner would be, then takes it.
      "order.ditawarkan",
      "order.diambil",
      "order.dikerjakan",
      "order.butuh_input_klien",
      "order.dikerjakan",
      "cost.diajukan",
      "cost.disetujui",
      "cost.dilunasi",
      "order.diserahkan",
      "order.selesai",
    ]);
    expect(new Set(out.eventIds).size).toBe(11);
    // Every event came as a verified webhook with the same id, and nothing else came.
    expect(out.webhooks.map((webhook) => webhook.id).sort()).toEqual([...out.eventIds].sort());
  }, 120_000);
});
