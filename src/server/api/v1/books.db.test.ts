import { execFileSync } from "node:child_process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, SWEEPER } from "@/server/domain/access/actor";
import { depositStatementCsv } from "@/server/domain/books/statement-csv";
import { fixedClock } from "@/server/domain/clock";
import { depositStatement, issueAllDocuments } from "@/server/services/books";
import { payInvoice } from "@/server/services/cases";
import { accounts } from "@/server/services/money";
import { topUpDeposit } from "@/server/services/organizations";
import { TEST_OPERATOR } from "@/test/actors";
import { bid, caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { addTestKey, createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { moveTransfersAfter } from "@/test/ledger-time";
import { startTestMcp, type TestMcp, toolJson } from "@/test/mcp";
import { createTestPractitioner, NDA_PRICE_IDR, ndaOrder } from "@/test/orders";

/**
 * The books through the real /v1 handler and /mcp: an order's receipts, a receipt's breakdown and
 * PDF, the deposit's monthly statement as JSON, PDF and CSV, an invoice's PDF, each read only by
 * its own organisation in its own mode. The services run on a clock in late November 2026; the
 * ledger's rows (stamped with the database's time) are moved into November before the issuer runs.
 */

let database: TestDatabase;
let api: TestApi;
let mcp: TestMcp;
let org: TestOrg;
let other: TestOrg;
let testKey: TestOrg;
const clock = fixedClock("2026-11-26T03:00:00Z");
const db = () => database.prisma;
const deps = () => ({ db: db(), clock });
const NOVEMBER_AT = new Date("2026-11-10T02:00:00Z");

type Json = Record<string, unknown>;
interface Receipt {
  id: string;
  number: string;
  kind: string;
  amount_idr: number;
  practitioner_fee_idr: number;
  platform_fee_idr: number;
  vat_idr: number;
  pass_through_idr: number;
  order: string | null;
  livemode: boolean;
  pdf_url: string;
}

async function get(
  path: string,
  token = org.token,
): Promise<{ status: number; body: Json & { error?: { code: string; param?: string } } }> {
  const res = await api.call(path, { token });
  return { status: res.status, body: (await res.json()) as Json };
}

async function ok<T = Json>(path: string, token = org.token): Promise<T> {
  const { status, body } = await get(path, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as T;
}

/** A binary answer: its headers and bytes. */
async function download(path: string, token = org.token) {
  const res = await api.call(path, { token });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** The PDF's text as poppler reads it. */
const pdfText = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", "-", "-"], { input: pdf, encoding: "utf8" });

/** "Rp 1.700.000" as the PDFs print an amount. */
const printed = (amount: number) => `Rp ${amount.toLocaleString("id-ID")}`;

/**
 * Moves what the ledger did since the last call into November, a minute after what it did before
 * (the database stamps it later than the test's clock), and issues its documents, as the
 * books-issue job would.
 */
async function issueNow() {
  const [last] = await db().$queryRaw<Array<{ at: Date | null }>>`
    SELECT max("createdAt") AS "at" FROM "LedgerTransfer" WHERE "createdAt" < ${clock.now().toISOString()}::timestamp`;
  const after = last?.at ?? new Date(0);
  await moveTransfersAfter(db(), after, new Date(Math.max(after.getTime() + 60_000, NOVEMBER_AT.getTime())));
  await issueAllDocuments(deps(), { actor: SWEEPER });
}

let orderId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  org = await createTestOrg(db(), { depositIdr: 30_000_000n });
  other = await createTestOrg(db(), { depositIdr: 5_000_000n });
  const test = await addTestKey(db(), org.id, { mode: "test" });
  testKey = { ...org, token: test.token, keyId: test.keyId, apiKeyId: test.apiKeyId };
  api = await startTestApi(db(), clock);
  mcp = await startTestMcp(db(), clock);
  // Both organisations' opening top-ups go to November first, so the orders after them are later.
  await moveTransfersAfter(db(), new Date(0), new Date(NOVEMBER_AT.getTime() - 3_600_000));
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

describe("Order.receipts and /v1/receipts", () => {
  it("shows an order's receipts once Kuasa issued them, with their PDF address, on the order and in the list", async () => {
    const created = await api.call("/v1/orders", { method: "POST", token: org.token, json: ndaOrder() });
    const order = (await created.json()) as Json & { id: string; receipts: unknown[] };
    expect(created.status).toBe(201);
    orderId = order.id;
    // Issued by the job seconds after the payment: not yet.
    expect(order.receipts).toEqual([]);
    await issueNow();

    const read = await ok<{ receipts: Array<Json> }>(`/v1/orders/${orderId}`);
    expect(read.receipts).toEqual([
      {
        id: expect.stringMatching(/^doc_/),
        number: expect.stringMatching(/^KWT\/2026\/\d{6}$/),
        kind: "kuitansi",
        amount_idr: NDA_PRICE_IDR,
        issued_at: expect.any(String),
        pdf_url: `${TEST_PUBLIC_URL}/v1/receipts/${read.receipts[0]!.id}/pdf`,
      },
    ]);
    const list = await ok<{ data: Array<{ id: string; receipts: unknown[] }> }>("/v1/orders");
    expect(list.data.find((o) => o.id === orderId)?.receipts).toEqual(read.receipts);
  });

  it("answers one receipt with its breakdown, which adds up to its amount, and lists receipts by order, kind and month", async () => {
    const [summary] = (await ok<{ receipts: Array<{ id: string }> }>(`/v1/orders/${orderId}`)).receipts;
    const receipt = await ok<Receipt>(`/v1/receipts/${summary!.id}`);
    expect(receipt).toMatchObject({ kind: "kuitansi", order: orderId, livemode: true, corrects: null, amount_idr: NDA_PRICE_IDR });
    expect(receipt.practitioner_fee_idr + receipt.platform_fee_idr + receipt.pass_through_idr).toBe(receipt.amount_idr);
    expect(receipt.vat_idr).toBeGreaterThan(0);
    expect(receipt.vat_idr).toBeLessThan(receipt.platform_fee_idr);

    const byOrder = await ok<{ data: Receipt[]; has_more: boolean }>(`/v1/receipts?order=${orderId}`);
    expect(byOrder).toEqual({ data: [receipt], has_more: false });
    const topUps = await ok<{ data: Receipt[] }>("/v1/receipts?kind=bukti_setoran");
    expect(topUps.data.map((r) => [r.kind, r.amount_idr])).toEqual([["bukti_setoran", 30_000_000]]);
    expect((await ok<{ data: Receipt[] }>("/v1/receipts?month=2026-10")).data).toEqual([]);
    expect((await ok<{ data: Receipt[] }>("/v1/receipts?month=2026-11")).data.map((r) => r.id)).toEqual([receipt.id, topUps.data[0]!.id]);
    const paged = await ok<{ data: Receipt[]; has_more: boolean }>("/v1/receipts?limit=1");
    expect(paged).toEqual({ data: [receipt], has_more: true });
    expect((await ok<{ data: Receipt[] }>(`/v1/receipts?starting_after=${receipt.id}`)).data.map((r) => r.kind)).toEqual(["bukti_setoran"]);
  });

  it("answers a receipt's PDF as an attachment named after its number, printing the number and the amounts", async () => {
    const receipt = (await ok<{ data: Receipt[] }>(`/v1/receipts?order=${orderId}`)).data[0]!;
    const pdf = await download(new URL(receipt.pdf_url).pathname);
    expect([pdf.status, pdf.type]).toEqual([200, "application/pdf"]);
    expect(pdf.disposition).toContain(`filename="${receipt.number.replaceAll("/", "-")}.pdf"`);
    const text = pdfText(pdf.bytes);
    for (const shown of [receipt.number, printed(receipt.amount_idr), printed(receipt.platform_fee_idr), printed(receipt.vat_idr)])
      expect(text).toContain(shown);
    expect(text).not.toContain("MODE UJI");
  });

  it("is 404 NOT_FOUND for another organisation's receipt and for the other mode's, its PDF too", async () => {
    const receipt = (await ok<{ data: Receipt[] }>(`/v1/receipts?order=${orderId}`)).data[0]!;
    for (const token of [other.token, testKey.token]) {
      for (const path of [`/v1/receipts/${receipt.id}`, `/v1/receipts/${receipt.id}/pdf`]) {
        const { status, body } = await get(path, token);
        expect([status, body.error?.code], path).toEqual([404, "NOT_FOUND"]);
      }
      expect((await ok<{ data: Receipt[] }>("/v1/receipts", token)).data.map((r) => r.id)).not.toContain(receipt.id);
    }
    const cursor = await get(`/v1/receipts?starting_after=${receipt.id}`, other.token);
    expect([cursor.status, cursor.body.error?.code]).toEqual([400, "VALIDATION"]);
    const month = await get("/v1/receipts?month=november");
    expect([month.status, month.body.error?.code, month.body.error?.param]).toEqual([400, "VALIDATION", "month"]);
  });

  it("gives a test key test mode's documents only, numbered and marked as test", async () => {
    await topUpDeposit(deps(), { actor: TEST_OPERATOR, organizationId: org.id, amountIdr: 4_000_000n, reference: "uji", livemode: false });
    const created = await api.call("/v1/orders", { method: "POST", token: testKey.token, json: ndaOrder() });
    expect(created.status).toBe(201);
    await issueNow();
    const test = await ok<{ data: Receipt[] }>("/v1/receipts", testKey.token);
    expect(test.data.map((r) => [r.kind, r.livemode, /^(KWT|BST)-UJI\/2026\/\d{6}$/.test(r.number)])).toEqual([
      ["kuitansi", false, true],
      ["bukti_setoran", false, true],
    ]);
    expect((await ok<{ data: Receipt[] }>("/v1/receipts")).data.every((r) => r.livemode && !r.number.includes("UJI"))).toBe(true);
    const pdf = await download(`/v1/receipts/${test.data[0]!.id}/pdf`, testKey.token);
    expect(pdf.status).toBe(200);
    expect(pdfText(pdf.bytes)).toContain("MODE UJI");
  });
});

interface Statement {
  month: string;
  month_so_far: boolean;
  livemode: boolean;
  opening_balance_idr: number;
  closing_balance_idr: number;
  lines: Array<{ kind: string; reference: string | null; document_number: string | null; amount_idr: number; balance_idr: number }>;
}

describe("/v1/statements/{month}", () => {
  it("answers the month so far equal to the ledger: opening plus every line is the closing balance, which is the deposit now", async () => {
    const statement = await ok<Statement>("/v1/statements/2026-11");
    expect(statement).toMatchObject({ month: "2026-11", month_so_far: true, livemode: true, opening_balance_idr: 0 });
    const entries = await db().ledgerEntry.findMany({
      where: { account: { code: accounts.orgDeposit(org.id, true).code } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { amountIdr: true, transfer: { select: { kind: true, reference: true, document: { select: { number: true } } } } },
    });
    expect(statement.lines.map((l) => [l.kind, l.reference, l.document_number, l.amount_idr])).toEqual(
      entries.map((e) => [e.transfer.kind, e.transfer.reference, e.transfer.document?.number, Number(e.amountIdr)]),
    );
    expect(statement.lines.reduce((sum, l) => sum + l.amount_idr, statement.opening_balance_idr)).toBe(statement.closing_balance_idr);
    expect(statement.lines.at(-1)?.balance_idr).toBe(statement.closing_balance_idr);
    expect(statement.closing_balance_idr).toBe((await ok<{ deposit_idr: number }>("/v1/balance")).deposit_idr);

    const test = await ok<Statement>("/v1/statements/2026-11", testKey.token);
    expect(test.livemode).toBe(false);
    expect(test.closing_balance_idr).toBe((await ok<{ deposit_idr: number }>("/v1/balance", testKey.token)).deposit_idr);
    expect(test.lines.map((l) => l.kind)).toEqual(["deposit_topup", "order_payment"]);
  });

  it("answers the same statement as CSV and as PDF, attachments named after the month", async () => {
    const csv = await download("/v1/statements/2026-11/csv");
    expect([csv.status, csv.type]).toEqual([200, "text/csv; charset=utf-8"]);
    expect(csv.disposition).toContain('filename="kuasa-laporan-deposit-2026-11.csv"');
    const view = await depositStatement(deps(), { actor: adminActor("usr_x", org.id), month: "2026-11" });
    expect(csv.bytes.toString("utf8")).toBe(depositStatementCsv(view));

    const pdf = await download("/v1/statements/2026-11/pdf");
    expect([pdf.status, pdf.type]).toEqual([200, "application/pdf"]);
    expect(pdf.disposition).toContain('filename="kuasa-laporan-deposit-2026-11.pdf"');
    const text = pdfText(pdf.bytes);
    for (const line of view.lines) expect(text).toContain(line.documentNumber);
    expect(text).toContain(printed(Number(view.closingBalanceIdr)));
    const testPdf = await download("/v1/statements/2026-11/pdf", testKey.token);
    expect(testPdf.disposition).toContain('filename="kuasa-laporan-deposit-uji-2026-11.pdf"');
    expect(pdfText(testPdf.bytes)).toContain("MODE UJI");
  });

  it("refuses a malformed month and one that has not begun with 400 VALIDATION naming month, on every format", async () => {
    for (const path of ["/v1/statements/2026-13", "/v1/statements/11-2026/pdf", "/v1/statements/2026-12", "/v1/statements/2026-12/csv"]) {
      const { status, body } = await get(path);
      expect([status, body.error?.code, body.error?.param], path).toEqual([400, "VALIDATION", "month"]);
    }
  });
});

describe("/v1/invoices/{id}/pdf", () => {
  it("carries pdf_url on the invoice, prints it with the receipt's number once paid, and is 404 to another organisation", async () => {
    const practitionerId = await createTestPractitioner(db(), ["properti"]);
    const created = (await (await api.call("/v1/cases", { method: "POST", token: org.token, json: caseBody() })).json()) as { id: string };
    const offer = await bid(db(), clock, practitionerId, created.id, 3_000_000);
    const selected = await api.call(`/v1/cases/${created.id}/select`, { method: "POST", token: org.token, json: { bid_id: offer.id } });
    const { invoice } = (await selected.json()) as { invoice: { id: string; pdf_url: string; total_idr: number } };
    expect(invoice.pdf_url).toBe(`${TEST_PUBLIC_URL}/v1/invoices/${invoice.id}/pdf`);
    const unpaid = await download(`/v1/invoices/${invoice.id}/pdf`);
    expect([unpaid.status, unpaid.type]).toEqual([200, "application/pdf"]);
    expect(unpaid.disposition).toContain(`filename="kuasa-tagihan-${invoice.id}.pdf"`);
    expect(pdfText(unpaid.bytes)).toContain(printed(invoice.total_idr));

    const paid = await payInvoice(deps(), { actor: adminActor("usr_admin", org.id), invoiceId: invoice.id });
    await issueNow();
    const [receipt] = (await ok<{ data: Receipt[] }>(`/v1/receipts?order=${paid.orderId}`)).data;
    expect(receipt?.amount_idr).toBe(invoice.total_idr);
    expect(pdfText((await download(`/v1/invoices/${invoice.id}/pdf`)).bytes)).toContain(receipt!.number);
    for (const token of [other.token, testKey.token]) {
      const { status, body } = await get(`/v1/invoices/${invoice.id}/pdf`, token);
      expect([status, body.error?.code]).toEqual([404, "NOT_FOUND"]);
    }
  });
});

describe("MCP: daftar_kuitansi, detail_kuitansi and laporan_deposit", () => {
  let agent: Client;
  beforeAll(async () => {
    agent = await mcp.connect(org.token);
  });

  it("answer what REST answers: an order's documents, one document, a month's statement", async () => {
    const listed = await agent.callTool({ name: "daftar_kuitansi", arguments: { order: orderId } });
    expect(listed.isError).toBeFalsy();
    const rest = await ok<{ data: Receipt[] }>(`/v1/receipts?order=${orderId}`);
    expect(toolJson(listed)).toEqual(rest);
    const one = await agent.callTool({ name: "detail_kuitansi", arguments: { id: rest.data[0]!.id } });
    expect(toolJson(one)).toEqual(rest.data[0]);
    const statement = await agent.callTool({ name: "laporan_deposit", arguments: { month: "2026-11" } });
    expect(statement.isError).toBeFalsy();
    expect(toolJson(statement)).toEqual(await ok("/v1/statements/2026-11"));
  });

  it("refuses a month that is not YYYY-MM and another organisation's document as REST does", async () => {
    const bad = await agent.callTool({ name: "laporan_deposit", arguments: { month: "2026/11" } });
    expect(bad.isError).toBe(true);
    expect((toolJson(bad) as { error: { code: string; param: string } }).error).toMatchObject({ code: "VALIDATION", param: "month" });
    const theirs = await mcp.connect(other.token);
    const receipt = (await ok<{ data: Receipt[] }>(`/v1/receipts?order=${orderId}`)).data[0]!;
    const refused = await theirs.callTool({ name: "detail_kuitansi", arguments: { id: receipt.id } });
    expect((toolJson(refused) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });
});
