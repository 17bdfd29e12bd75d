import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED, SWEEPER } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { statementMonthOf } from "@/server/domain/books/month";
import { systemClock } from "@/server/domain/clock";
import { issueAllDocuments } from "@/server/services/books";
import { topUpDeposit } from "@/server/services/organizations";
import { bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog } from "@/test/fixtures";
import { createTestPractitioner } from "@/test/orders";
import { portalCaller, portalUser, practitionerUser } from "@/test/portal";
import { documentDownload, invoiceDownload, statementDownload } from "./portal-books-http";

/**
 * The books' downloads (src/app/api/keuangan): each answers the PDF or CSV to the user the session
 * stands for, an attachment that is never sniffed or cached, and 404 for another organisation's
 * document or invoice, or one of the other mode, as if it did not exist.
 */

let database: TestDatabase;
const clock = systemClock;
const deps = () => ({ db: database.prisma, clock });
let admin: PortalUser;
let otherAdmin: PortalUser;
let operator: PortalUser;
let practitioner: PortalUser;
let liveDocument: { id: string; number: string };
let testDocument: { id: string; number: string };
let invoiceId: string;
const month = () => statementMonthOf(clock.now());

const url = (path: string) => `http://kuasa.test${path}`;
const documentOf = (user: PortalUser | null, id: string, query = "") =>
  documentDownload(new Request(url(`/api/keuangan/dokumen/${id}${query}`)), deps(), user, id);
const invoiceOf = (user: PortalUser | null, id: string, query = "") =>
  invoiceDownload(new Request(url(`/api/keuangan/tagihan/${id}${query}`)), deps(), user, id);
const statementOf = (user: PortalUser | null, month: string, query = "") =>
  statementDownload(new Request(url(`/api/keuangan/laporan/${month}${query}`)), deps(), user, month);

/** A download's headers as the browser is told to treat it, and the start of its bytes. */
async function downloaded(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    disposition: res.headers.get("content-disposition"),
    length: Number(res.headers.get("content-length")),
    cache: res.headers.get("cache-control"),
    nosniff: res.headers.get("x-content-type-options"),
    bytes,
    start: new TextDecoder().decode(bytes.slice(0, 5)),
  };
}

const code = async (res: Response) => ({ status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code });

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  const org = await createTestOrg(database.prisma, { depositIdr: 30_000_000n });
  const other = await createTestOrg(database.prisma);
  await topUpDeposit(deps(), { actor: SEED, organizationId: org.id, amountIdr: 2_000_000n, reference: "uji", livemode: false });
  [admin, otherAdmin, operator, practitioner] = await Promise.all([
    portalUser(database.prisma, "org_admin", org.id),
    portalUser(database.prisma, "org_admin", other.id),
    portalUser(database.prisma, "operator"),
    practitionerUser(database.prisma),
  ]);
  // A case whose invoice the admin pays: an invoice and its receipt.
  const kasus = await createTestCase(database.prisma, clock, org);
  const offered = await bid(
    database.prisma,
    clock,
    await createTestPractitioner(database.prisma, ["kontrak", "properti"]),
    kasus.id,
    8_000_000,
  );
  const selected = await portalCaller(deps(), admin).organization.selectBid({ caseId: kasus.id, bidId: offered.id });
  invoiceId = selected.invoiceId;
  await portalCaller(deps(), admin).organization.payInvoice({ invoiceId });
  await issueAllDocuments(deps(), { actor: SWEEPER });
  const documents = portalCaller(deps(), admin).organization.documents;
  liveDocument = (await documents({ kind: "bukti_setoran" })).data[0]!;
  testDocument = (await documents({ mode: "test" })).data[0]!;
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe("a document's PDF", () => {
  it("is its organisation's admin's to download, as an attachment named by its number", async () => {
    const pdf = await downloaded(await documentOf(admin, liveDocument.id));
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", start: "%PDF-", cache: "private, no-store", nosniff: "nosniff" });
    expect(pdf.length).toBe(pdf.bytes.byteLength);
    expect(pdf.disposition).toContain(`attachment; filename="${liveDocument.number.replaceAll("/", "-")}.pdf"`);
  });

  it("of test money is downloaded in test mode only", async () => {
    expect(await code(await documentOf(admin, testDocument.id))).toEqual({ status: 404, code: "NOT_FOUND" });
    const pdf = await downloaded(await documentOf(admin, testDocument.id, "?mode=test"));
    expect(pdf).toMatchObject({ status: 200, start: "%PDF-" });
    expect(pdf.disposition).toContain(`${testDocument.number.replaceAll("/", "-")}.pdf`);
  });

  it("is the operator's to download whatever its organisation or mode", async () => {
    for (const document of [liveDocument, testDocument])
      expect((await downloaded(await documentOf(operator, document.id))).start).toBe("%PDF-");
  });

  it("is another organisation's admin's as if it did not exist, and refuses a practitioner and nobody", async () => {
    expect(await code(await documentOf(otherAdmin, liveDocument.id))).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(await code(await documentOf(admin, "doc_tidakada"))).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(await code(await documentOf(practitioner, liveDocument.id))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await code(await documentOf(null, liveDocument.id))).toEqual({ status: 401, code: "UNAUTHENTICATED" });
  });
});

describe("a case invoice's PDF", () => {
  it("is its organisation's admin's alone", async () => {
    const pdf = await downloaded(await invoiceOf(admin, invoiceId));
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", start: "%PDF-", nosniff: "nosniff" });
    expect(pdf.disposition).toContain(`kuasa-tagihan-${invoiceId}.pdf`);
    expect(await code(await invoiceOf(otherAdmin, invoiceId))).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(await code(await invoiceOf(admin, invoiceId, "?mode=test"))).toEqual({ status: 404, code: "NOT_FOUND" });
    expect(await code(await invoiceOf(operator, invoiceId))).toEqual({ status: 403, code: "FORBIDDEN" });
  });
});

describe("a monthly statement", () => {
  it("is the admin's deposit as PDF, or as Excel-ready CSV from the opening to the closing balance, in the mode asked", async () => {
    const pdf = await downloaded(await statementOf(admin, month()));
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", start: "%PDF-" });
    expect(pdf.disposition).toContain(`kuasa-laporan-deposit-${month()}.pdf`);
    const csv = await downloaded(await statementOf(admin, month(), "?format=csv"));
    expect(csv).toMatchObject({ status: 200, type: "text/csv; charset=utf-8" });
    expect(csv.disposition).toContain(`kuasa-laporan-deposit-${month()}.csv`);
    expect([...csv.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder()
      .decode(csv.bytes.slice(3))
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(";"));
    expect(rows[0]).toEqual(["waktu_wib", "kode_jenis", "jenis", "referensi", "nomor_dokumen", "jumlah_idr", "saldo_idr"]);
    expect(rows.slice(1).map((cells) => cells[1])).toEqual(["saldo_awal", "deposit_topup", "order_payment", "saldo_akhir"]);
    expect(rows.at(-1)![6]).toBe(String(30_000_000 - 9_000_000));
    const test = await downloaded(await statementOf(admin, month(), "?mode=test&format=csv"));
    expect(test.disposition).toContain(`kuasa-laporan-deposit-uji-${month()}.csv`);
    expect(new TextDecoder().decode(test.bytes)).toContain(testDocument.number);
  });

  it("is the practitioner's own earnings", async () => {
    const pdf = await downloaded(await statementOf(practitioner, month()));
    expect(pdf).toMatchObject({ status: 200, start: "%PDF-" });
    expect(pdf.disposition).toContain(`kuasa-laporan-pendapatan-${month()}.pdf`);
    const csv = await downloaded(await statementOf(practitioner, month(), "?format=csv"));
    expect(new TextDecoder().decode(csv.bytes.slice(3)).split("\r\n")[0]).toBe(
      "waktu_wib;kode_jenis;jenis;id_pesanan;referensi_bank;jumlah_idr;saldo_idr",
    );
  });

  it("refuses a month not begun, a format it does not make, the operator and nobody", async () => {
    expect(await code(await statementOf(admin, "2999-01"))).toEqual({ status: 400, code: "VALIDATION" });
    expect(await code(await statementOf(admin, "november"))).toEqual({ status: 400, code: "VALIDATION" });
    expect(await code(await statementOf(admin, month(), "?format=xlsx"))).toEqual({ status: 400, code: "VALIDATION" });
    expect(await code(await statementOf(operator, month()))).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await code(await statementOf(null, month()))).toEqual({ status: 401, code: "UNAUTHENTICATED" });
  });
});
