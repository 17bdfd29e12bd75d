import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCOPES } from "@/server/domain/access/api-key";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";
import { type ProcedurePath, TOOLS, toolsFor } from "@/server/mcp/tools";
import { type AccessWorld, buildAccessWorld, costPathOf, type Owned } from "@/test/access-world";
import { caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, TEST_PUBLIC_URL, type TestApi } from "@/test/http";
import { startTestMcp, type TestMcp, toolJson } from "@/test/mcp";
import { ndaOrder } from "@/test/orders";
import { changedTables, snapshotTables } from "@/test/table-snapshot";
import { portalRouter } from "./portal";
import { handlePortalRequest } from "./portal-http";
import { REST_ROUTES, type RestRoute } from "./routes";

/*
 * Who may call what, on whose objects: every /v1 operation, every MCP tool and every portal
 * procedure, read from the route tables, is called by every caller that must be refused (another
 * organisation, the other mode of the same organisation, another practitioner, another role,
 * nobody) on every object id of the fixture, and every refusal must carry the expected code while
 * every table stays exactly as it was. A procedure the recipes below do not know fails the test.
 */

type Input = Record<string, unknown>;

/**
 * How to call a /v1 operation (and the MCP tool that mirrors it):
 * - `object`: its inputs address objects of an owner; anyone else gets NOT_FOUND;
 * - `cursor`: a list; another owner's ids as cursors are VALIDATION, and its answer carries none of them;
 * - `nothing`: names no object (the catalog, the balance, creating); a read's answer is checked for leaks
 *   (`testOnly`: a test helper's read, which a live key is refused with TEST_MODE_ONLY).
 */
type V1Recipe =
  | { names: "object"; inputs: (owner: Owned) => Input[] }
  | { names: "cursor"; of: keyof Owned }
  | { names: "nothing"; input: Input; writes?: true; testOnly?: true };

const byOrder = (fields: Input = {}): V1Recipe => ({ names: "object", inputs: (o) => o.orders.map((id) => ({ id, ...fields })) });
const byCase = (fields: Input = {}): V1Recipe => ({ names: "object", inputs: (o) => o.cases.map((id) => ({ id, ...fields })) });
const byInvoice: V1Recipe = { names: "object", inputs: (o) => o.invoices.map((id) => ({ id })) };
const byCost = (fields: Input = {}): V1Recipe => ({
  names: "object",
  inputs: (o) =>
    o.costs.map((cost) => {
      const { orderId, costId } = costPathOf(cost);
      return { id: orderId, cost_id: costId, ...fields };
    }),
});
const byFile: V1Recipe = { names: "object", inputs: (o) => o.files.map((id) => ({ id })) };
const byDocument: V1Recipe = { names: "object", inputs: (o) => o.documents.map((id) => ({ id })) };
const REASON = { reason: "Uji akses." };

const V1_RECIPES: Record<ProcedurePath, V1Recipe> = {
  "catalog.list": { names: "nothing", input: {} },
  "catalog.get": { names: "nothing", input: { code: "perjanjian_kerahasiaan" } },
  "balance.get": { names: "nothing", input: {} },
  "orders.create": { names: "nothing", input: ndaOrder(), writes: true },
  "orders.list": { names: "cursor", of: "orders" },
  "orders.get": byOrder(),
  "orders.accept": byOrder(),
  "orders.message": byOrder({ body: "Pesan uji akses." }),
  "orders.cancel": byOrder(REASON),
  "orders.revision": byOrder(REASON),
  "orders.dispute": byOrder(REASON),
  "orders.review": byOrder({ rating: 5 }),
  "orders.approveCost": byCost(),
  "orders.rejectCost": byCost(REASON),
  "cases.create": { names: "nothing", input: caseBody(), writes: true },
  "cases.list": { names: "cursor", of: "cases" },
  "cases.get": byCase(),
  "cases.cancel": byCase(),
  "cases.select": { names: "object", inputs: (o) => o.cases.flatMap((id) => o.bids.map((bid_id) => ({ id, bid_id }))) },
  "invoices.list": { names: "cursor", of: "invoices" },
  "invoices.get": byInvoice,
  "invoices.pdf": byInvoice,
  "receipts.list": { names: "cursor", of: "documents" },
  "receipts.get": byDocument,
  "receipts.pdf": byDocument,
  "statements.get": { names: "nothing", input: { month: "2026-11" } },
  "statements.pdf": { names: "nothing", input: { month: "2026-11" } },
  "statements.csv": { names: "nothing", input: { month: "2026-11" } },
  "events.list": { names: "cursor", of: "events" },
  "events.get": { names: "object", inputs: (o) => o.events.map((id) => ({ id })) },
  "files.create": { names: "nothing", input: { filename: "uji.txt", content_base64: "VWppIGFrc2VzLgo=" }, writes: true },
  "files.get": byFile,
  "files.content": byFile,
  "files.createLink": { names: "object", inputs: (o) => o.files.map((file) => ({ file })) },
  "contentChecks.create": { names: "nothing", input: { text: "Kasus Anda pasti menang." } },
  "testHelpers.practitionerView": byOrder(),
  "testHelpers.topUpDeposit": { names: "nothing", input: { amount_idr: 1_000 }, writes: true },
  "testHelpers.getPractitioner": { names: "nothing", input: {}, testOnly: true },
  "testHelpers.setPractitioner": { names: "nothing", input: { credentials: [{ kind: "advokat" }] }, writes: true },
  "testHelpers.resetPractitioner": { names: "nothing", input: {}, writes: true },
  "testHelpers.approveOrder": byOrder(),
  "testHelpers.rejectOrder": byOrder(),
  "testHelpers.expireOffer": byOrder(),
  "testHelpers.acceptOffer": byOrder(),
  "testHelpers.startWork": byOrder(),
  "testHelpers.requestInput": byOrder({ question: "Pertanyaan uji akses?" }),
  "testHelpers.deliver": byOrder({ deliverable: "https://berkas.contoh.id/uji-akses.pdf" }),
  "testHelpers.release": byOrder(),
  "testHelpers.dispute": byOrder(),
  "testHelpers.refund": byOrder(),
  "testHelpers.settleDispute": byOrder(),
  "testHelpers.resumeWork": byOrder(),
  "testHelpers.stallOffering": byOrder(),
  "testHelpers.refundStalled": byOrder(),
  "testHelpers.autoAccept": byOrder(),
  "testHelpers.breachSla": byOrder(),
  "testHelpers.addBid": byCase({ price_idr: 5_000_000 }),
  "testHelpers.payInvoice": byInvoice,
  "testHelpers.requestCost": byOrder({ kind: "lainnya", description: "Biaya uji akses", amount_idr: 10_000, basis: "Uji akses" }),
  "testHelpers.payCost": byCost({ file: "file_uji_akses" }),
};

/**
 * How to call a portal procedure: `valid` is a well-formed input on the fixture's own objects
 * (absent: the procedure takes none, or only a page), what another role is refused; `foreign`
 * names the objects of an owner the caller must not reach, refused with `refusal` (NOT_FOUND
 * unless said), or, with `filters`, narrows a list to them (answered, with nothing of theirs in it).
 */
interface PortalRecipe {
  valid?: (w: AccessWorld) => Input;
  foreign?: (o: Owned) => Input[];
  refusal?: ErrorCode;
  filters?: true;
}

/** A paged list: another owner's ids as the cursor are VALIDATION, as on /v1. */
const pageOf = (kind: keyof Owned): PortalRecipe => ({
  foreign: (o) => o[kind].map((starting_after) => ({ starting_after })),
  refusal: "VALIDATION",
});
const orderOf = (fields: Input = {}): PortalRecipe => ({
  valid: (w) => ({ orderId: w.aLive.orders[0], ...fields }),
  foreign: (o) => o.orders.map((orderId) => ({ orderId, ...fields })),
});
const workOf = (fields: Input = {}): PortalRecipe => ({
  valid: (w) => ({ orderId: w.p1Work.orders[0], ...fields }),
  foreign: (o) => o.orders.map((orderId) => ({ orderId, ...fields })),
});
const offerOf: PortalRecipe = { valid: (w) => ({ offerId: w.p1Work.offers[0] }), foreign: (o) => o.offers.map((offerId) => ({ offerId })) };
const takeOfferOf: PortalRecipe = {
  valid: (w) => ({ offerId: w.p1Work.offers[0], noConflict: true }),
  foreign: (o) => o.offers.map((offerId) => ({ offerId, noConflict: true })),
};
const KEY_SETTINGS = { name: "uji", scopes: ["katalog:baca"], maxOrderIdr: 1, monthlyBudgetIdr: 1, webhookUrl: null };
const BID = { scope: "Somasi dan negosiasi.", etaDays: 7, priceIdr: 5_000_000, noConflict: true };

const PORTAL_RECIPES: Record<string, PortalRecipe> = {
  // The OAuth consent page: an authorization request names no object of anyone's (an unknown client here).
  "oauthConsent.request": { valid: () => ({ params: {} }) },
  "oauthConsent.approve": {
    valid: () => ({
      params: {},
      name: "uji",
      mode: "test",
      scopes: ["katalog:baca"],
      maxOrderIdr: 1,
      monthlyBudgetIdr: 1,
      webhookUrl: null,
    }),
  },
  "oauthConsent.deny": { valid: () => ({ params: {} }) },
  "organization.overview": {},
  "organization.setThreshold": { valid: () => ({ thresholdIdr: 1_000_000 }) },
  "organization.orders": { valid: () => ({}) },
  "organization.attention": { valid: () => ({}) },
  "organization.topUpInstructions": {},
  "operator.topUpInstructions": {},
  "operator.setTopUpInstructions": {
    valid: () => ({ bankCode: "bca", accountNumber: "1234567890", accountHolder: "PT Kuasa Uji", referenceRule: "KUASA {organisasi}" }),
  },
  "organization.order": orderOf(),
  "organization.acceptResult": orderOf(),
  "organization.sendMessage": orderOf({ body: "Pesan uji akses." }),
  "organization.reviewOrder": orderOf({ rating: 5 }),
  "organization.requestRevision": orderOf(REASON),
  "organization.openDispute": orderOf(REASON),
  "organization.cancel": orderOf(REASON),
  "organization.decide": orderOf({ approve: true }),
  "organization.orderCosts": orderOf(),
  "organization.pendingCosts": {},
  "organization.undecidedCosts": { valid: () => ({ mode: "live" }) },
  "organization.decideCost": orderOf({ costId: "cost_uji_akses", approve: true }),
  "organization.keys": {},
  "organization.createKey": {
    valid: () => ({ name: "uji", scopes: ["katalog:baca"], maxOrderIdr: 1, monthlyBudgetIdr: 1, webhookUrl: null }),
  },
  "organization.revokeKey": {
    valid: (w) => ({ apiKeyId: w.a.live.apiKeyId }),
    foreign: (o) => o.apiKeys.map((apiKeyId) => ({ apiKeyId })),
  },
  "organization.rotateWebhookSecret": {
    valid: (w) => ({ apiKeyId: w.a.live.apiKeyId }),
    foreign: (o) => o.apiKeys.map((apiKeyId) => ({ apiKeyId })),
  },
  "organization.keyRequests": {
    valid: (w) => ({ apiKeyId: w.a.live.apiKeyId }),
    foreign: (o) => o.apiKeys.map((apiKeyId) => ({ apiKeyId })),
  },
  "organization.upgradeKeyVersion": {
    valid: (w) => ({ apiKeyId: w.a.live.apiKeyId }),
    foreign: (o) => o.apiKeys.map((apiKeyId) => ({ apiKeyId })),
  },
  "organization.webhookDeliveries": { valid: () => ({}), foreign: (o) => o.orders.map((orderId) => ({ orderId })), filters: true },
  "organization.redeliver": { valid: (w) => ({ eventId: w.aLive.events[0] }), foreign: (o) => o.events.map((eventId) => ({ eventId })) },
  "organization.cases": {},
  "organization.statement": { valid: () => ({}) },
  "organization.spend": { valid: () => ({}) },
  "organization.pendingApprovals": {},
  "organization.keyDefaults": {},
  "organization.updateKey": {
    valid: (w) => ({ apiKeyId: w.a.live.apiKeyId, ...KEY_SETTINGS }),
    foreign: (o) => o.apiKeys.map((apiKeyId) => ({ apiKeyId, ...KEY_SETTINGS })),
  },
  "organization.team": {},
  "organization.invite": { valid: () => ({ email: "uji-akses@contoh.id" }) },
  "organization.revokeInvitation": { valid: () => ({ invitationId: "ivt_uji_akses" }) },
  "organization.selectBid": {
    valid: (w) => ({ caseId: w.aLive.cases[1], bidId: w.aLive.bids[1] }),
    foreign: (o) => o.cases.map((caseId, i) => ({ caseId, bidId: o.bids[i] ?? "bid_uji_akses" })),
  },
  "organization.payInvoice": {
    valid: (w) => ({ invoiceId: w.aLive.invoices[0] }),
    foreign: (o) => o.invoices.map((invoiceId) => ({ invoiceId })),
  },
  "practitioner.offers": pageOf("offers"),
  "practitioner.withdrawnOffers": pageOf("offers"),
  "practitioner.acceptOffer": takeOfferOf,
  "practitioner.declineOffer": offerOf,
  "practitioner.orders": pageOf("orders"),
  "practitioner.order": workOf(),
  "practitioner.startWork": workOf(),
  "practitioner.askClient": workOf({ question: "Pertanyaan uji akses?" }),
  "practitioner.deliver": workOf({ deliverable: "https://berkas.contoh.id/uji-akses.pdf" }),
  "practitioner.release": workOf(),
  "practitioner.orderCosts": workOf(),
  "practitioner.requestCost": workOf({ kind: "lainnya", feeCode: null, description: "Uji akses", amountIdr: 1_000, basis: "Uji akses" }),
  "practitioner.payCost": workOf({ costId: "cost_uji_akses", receiptFileId: "file_uji_akses" }),
  "practitioner.costs": {},
  "practitioner.earnings": {},
  "practitioner.deliveryStats": {},
  "practitioner.cases": {},
  "practitioner.myBids": {},
  "practitioner.case": { valid: (w) => ({ caseId: w.aLive.cases[0] }), foreign: (o) => o.cases.map((caseId) => ({ caseId })) },
  "practitioner.submitBid": {
    valid: (w) => ({ caseId: w.aLive.cases[0], ...BID }),
    foreign: (o) => o.cases.map((caseId) => ({ caseId, ...BID })),
  },
  "practitioner.statement": { valid: () => ({}) },
  "practitioner.profile": {},
  "practitioner.credentials": {},
  "practitioner.conflicts": {},
  "practitioner.declareConflict": { valid: () => ({ name: "PT Bekas Kantor" }) },
  "practitioner.removeConflict": { valid: () => ({ conflictId: "knf_tidakada" }) },
  "practitioner.declineOfferForConflict": { valid: () => ({ offerId: "ofr_tidakada", party: "PT Pihak Lawan" }) },
  "practitioner.submitCredential": {
    valid: () => ({ kind: "konsultan_ki", issuer: "DJKI", number: "KI-uji", validUntil: null, province: null }),
  },
  "practitioner.reviews": {},
  "practitioner.updateProfile": { valid: () => ({ available: true }) },
  "practitioner.bankAccount": {},
  "practitioner.setBankAccount": { valid: () => ({ bankCode: "bca", accountNumber: "9876543210", holderName: "Penyusup" }) },
  "practitioner.changePassword": { valid: () => ({ currentPassword: "rahasia-sekali-123", newPassword: "kata-sandi-baru-456" }) },
  "practitioner.withdrawBid": { valid: (w) => ({ bidId: w.p1Work.bids[0] }), foreign: (o) => o.bids.map((bidId) => ({ bidId })) },
  "operator.organizations": {},
  "operator.overview": {},
  "operator.organization": { valid: (w) => ({ organizationId: w.a.id }) },
  "operator.createOrganization": { valid: () => ({ name: "PT Uji Akses", status: "aktif" }) },
  "operator.orders": {},
  "operator.order": { valid: (w) => ({ orderId: w.aLive.orders[0] }) },
  "operator.revealClientData": { valid: (w) => ({ orderId: w.aLive.orders[0] }) },
  "operator.auditLog": {},
  "operator.auditVocabulary": {},
  "operator.setOrganizationStatus": { valid: (w) => ({ organizationId: w.a.id, status: "ditangguhkan" }) },
  "operator.team": { valid: (w) => ({ organizationId: w.a.id }) },
  "operator.revokeInvitation": { valid: (w) => ({ organizationId: w.a.id, invitationId: "ivt_uji_akses" }) },
  "operator.inviteAdmin": { valid: (w) => ({ organizationId: w.a.id, email: "uji-akses-operator@contoh.id" }) },
  "operator.topUp": { valid: (w) => ({ organizationId: w.a.id, amountIdr: 1_000, reference: "uji akses" }) },
  "operator.stalledOrders": {},
  "operator.disputes": {},
  "operator.slaBreaches": {},
  "operator.orderCosts": { valid: (w) => ({ orderId: w.aLive.orders[0] }) },
  "operator.lateReceipts": {},
  "operator.cancelCost": { valid: (w) => ({ orderId: w.aLive.orders[0], costId: "cost_uji_akses", reason: "Uji akses." }) },
  "operator.restartOffering": { valid: (w) => ({ orderId: w.aLive.orders[1] }) },
  "operator.sendMessage": { valid: (w) => ({ orderId: w.aLive.orders[2], body: "Pesan uji akses." }) },
  "operator.practitionersForOrder": { valid: (w) => ({ orderId: w.aLive.orders[2] }) },
  "operator.offerToPractitioner": { valid: (w) => ({ orderId: w.aLive.orders[2], practitionerId: w.users.p1.practitionerId }) },
  "operator.orderAction": { valid: (w) => ({ orderId: w.aLive.orders[1], action: "refund" }) },
  "operator.contentFindingsOverview": {},
  "operator.organizationContentFindings": { valid: (w) => ({ organizationId: w.a.id }) },
  "operator.contentFindings": { valid: (w) => ({ organizationId: w.a.id }) },
  "operator.cases": {},
  "operator.closeCase": { valid: (w) => ({ caseId: w.aLive.cases[0] }) },
  "operator.practitioners": {},
  "operator.createPractitioner": {
    valid: () => ({ name: "Praktisi Uji", email: "uji-akses@contoh.id", password: "rahasia-sekali-123", categories: [] }),
  },
  "operator.updatePractitioner": { valid: (w) => ({ practitionerId: w.users.p1.practitionerId, categories: [] }) },
  "operator.setPractitionerActive": { valid: (w) => ({ practitionerId: w.users.p1.practitionerId, active: false }) },
  "operator.endSessions": { valid: (w) => ({ userId: w.users.p1.id }) },
  "operator.recordPayout": { valid: (w) => ({ practitionerId: w.users.p1.practitionerId, amountIdr: 1_000, reference: "uji akses" }) },
  "operator.bankAccounts": { valid: (w) => ({ practitionerId: w.users.p1.practitionerId }) },
  "operator.verifyBankAccount": {
    valid: (w) => ({ practitionerId: w.users.p1.practitionerId, bankAccountId: w.p1Work.bankAccounts[0] }),
  },
  "operator.services": {},
  "operator.service": { valid: () => ({ code: "perjanjian_kerahasiaan" }) },
  "operator.updateService": { valid: () => ({ code: "perjanjian_kerahasiaan", active: false }) },
  "operator.practitionerProfile": { valid: (w) => ({ practitionerId: w.users.p1.practitionerId }) },
  "operator.credentialQueue": {},
  "operator.practitionerCredentials": { valid: (w) => ({ practitionerId: w.users.p1.practitionerId }) },
  "operator.addCredential": {
    valid: (w) => ({
      practitionerId: w.users.p1.practitionerId,
      kind: "penerjemah_tersumpah",
      issuer: "Kementerian Hukum",
      number: "PT-uji",
      validUntil: null,
      province: null,
    }),
  },
  "operator.decideCredential": { valid: () => ({ credentialId: "krd_tidakada", approve: false, reason: "Uji akses." }) },
  // The books (portal/books.ts).
  "organization.documents": { valid: () => ({}) },
  "organization.orderDocuments": orderOf(),
  "organization.depositStatement": { valid: () => ({}) },
  "organization.billingDetails": {},
  "organization.setBillingDetails": { valid: () => ({ legalName: "PT Penyusup", billingAddress: "", npwp: "" }) },
  "practitioner.earningsStatement": { valid: () => ({}) },
  "operator.findDocument": { valid: () => ({ number: "KWT/2026/000001" }) },
  "operator.orderDocuments": { valid: (w) => ({ orderId: w.aLive.orders[0] }) },
  "operator.taxSettings": {},
  "operator.addTaxSetting": {
    valid: () => ({
      effectiveFrom: "2099-01-01",
      vatRateBasisPoints: 1200,
      vatBaseNumerator: 11,
      vatBaseDenominator: 12,
      platformName: "PT Penyusup",
      platformNpwp: "0012345678901234",
      platformAddress: "Jakarta",
    }),
  },
  // Deposits reconciled from the bank (portal/bank-statements.ts).
  "operator.importBankStatement": {
    valid: () => ({
      fileName: "mutasi.csv",
      content:
        "No. rekening : 0613009988\nTanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo\n03/11/2026,SETORAN KSA7F3K9Q2M,0000,1000.00,CR,1000.00",
    }),
  },
  "operator.bankImports": {},
  "operator.bankLines": {},
  "operator.assignBankLine": { valid: (w) => ({ lineId: "bln_uji_akses", organizationId: w.a.id }) },
  "operator.ignoreBankLine": { valid: () => ({ lineId: "bln_uji_akses", reason: "Uji akses." }) },
  "operator.organizationsToCredit": { valid: () => ({ q: "PT" }) },
};

/** Each portal's procedures belong to one role, named by the router they sit in. */
const ROLE_OF_PORTAL = {
  organization: "org_admin",
  practitioner: "practitioner",
  operator: "operator",
  oauthConsent: "org_admin",
} as const;

const ALL_PORTAL_PROCEDURES = portalRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" } }>;
/** Session-less: an invitation link's authority is its one-time token, checked below on its own. */
const TOKEN_PROCEDURES: Record<string, Input> = {
  "invitation.show": { token: "kk-unknown-invitation-token" },
  "invitation.accept": { token: "kk-unknown-invitation-token", name: "Penyusup", password: "kata-sandi-panjang-123" },
  "passwordReset.show": { token: "kk-unknown-reset-token" },
  "passwordReset.complete": { token: "kk-unknown-reset-token", password: "kata-sandi-panjang-123" },
};
/**
 * Session-less and naming no account it could reach: asking for a reset link. Answered the same
 * for an address without an account, whoever calls, and nothing is written (password-reset.db.test.ts
 * covers an address with one).
 */
const VISITOR_PROCEDURES: Record<string, Input> = {
  "passwordReset.request": { email: "tidak-terdaftar@contoh.id" },
};
const PORTAL_PROCEDURES = Object.fromEntries(
  Object.entries(ALL_PORTAL_PROCEDURES).filter(([name]) => !(name in TOKEN_PROCEDURES) && !(name in VISITOR_PROCEDURES)),
);

let database: TestDatabase;
let api: TestApi;
let mcp: TestMcp;
let world: AccessWorld;
const clock = fixedClock("2026-11-23T03:00:00Z");
/** The key matrices make over a thousand calls; a loaded two-core machine needs more than the default. */
const MATRIX_TIMEOUT_MS = 180_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  world = await buildAccessWorld(database.prisma, clock);
  api = await startTestApi(database.prisma, clock);
  mcp = await startTestMcp(database.prisma, clock);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await api?.close();
  await database?.destroy();
});

/** Runs `attack` and fails if any table's rows differ afterwards. */
async function expectNothingChanged(attack: () => Promise<string[]>) {
  const before = await snapshotTables(database.prisma);
  const holes = await attack();
  expect(holes, "calls that were not refused as expected").toEqual([]);
  expect(changedTables(before, await snapshotTables(database.prisma)), "tables changed by refused calls").toEqual([]);
}

/** Every id (and public key id) of `owner`: none may appear in another caller's answer. */
function leaksOf(answer: unknown, owner: Owned): string[] {
  const text = JSON.stringify(answer);
  return Object.values(owner)
    .flat()
    .filter((id) => text.includes(id));
}

/** `fn` over `items`, a few at a time (the machine and PGlite are small). */
async function eachInTurn<T>(items: T[], fn: (item: T) => Promise<void>, width = 4) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

interface Outcome {
  status: number;
  /** The error code of a refusal; null on success. */
  code: string | null;
  body: unknown;
}

function describeCall(face: string, name: string, caller: string, input: unknown): string {
  return `${face} ${name} as ${caller} with ${JSON.stringify(input)}`;
}

/** A refusal must carry `code` with its table status and the spec's error body, nothing else. */
function refusalHole(what: string, outcome: Outcome, code: ErrorCode, expectStatus = true): string | null {
  if (outcome.code === code && (!expectStatus || outcome.status === ERROR_CODES[code].status)) return null;
  return `${what}: expected ${code} (${ERROR_CODES[code].status}), got ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 300)}`;
}

// ---------------------------------------------------------------- /v1 over loopback HTTP

const routeOf = (path: string): RestRoute => REST_ROUTES.find((r) => r.procedurePath === path)!;
const recipeOf = (path: string): V1Recipe => V1_RECIPES[path as ProcedurePath];

/** The input of a procedure as its REST request: path parameters from the template, the rest as query or JSON body. */
async function callRest(route: RestRoute, input: Input, token: string | null): Promise<Outcome> {
  const rest = { ...input };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const headers: Record<string, string> = route.meta.idempotent ? { "Idempotency-Key": randomUUID() } : {};
  const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
  const res =
    route.method === "GET"
      ? await api.call(query ? `${path}?${query}` : path, { token: token ?? undefined, headers })
      : await api.call(path, { method: route.method, token: token ?? undefined, headers, json: rest });
  // A PDF or CSV answer is read as text: its leaks are looked for all the same.
  const text = await res.text();
  const body = (res.headers.get("content-type")?.startsWith("application/json") ? JSON.parse(text) : text) as {
    error?: { code: string; message: string; request_id?: string; doc_url?: string };
  };
  // Exactly code, message, request_id (the answer's X-Request-Id) and doc_url (the code's heading), with param only on VALIDATION.
  const errorKeys =
    body.error?.code === "VALIDATION"
      ? ["code,doc_url,message,request_id", "code,doc_url,message,param,request_id"]
      : ["code,doc_url,message,request_id"];
  const wellFormed =
    res.status < 400 ||
    (Object.keys(body).join() === "error" &&
      errorKeys.includes(Object.keys(body.error!).sort().join()) &&
      body.error!.request_id === res.headers.get("x-request-id") &&
      body.error!.doc_url === `${TEST_PUBLIC_URL}/docs#section/Errors/${body.error!.code}`);
  return { status: res.status, code: res.status >= 400 ? (wellFormed ? body.error!.code : "MALFORMED_ERROR_BODY") : null, body };
}

/** The refusal a key gets on another owner's object: NOT_FOUND, but a live key is turned away from the sandbox first. */
function expectedV1Refusal(procedurePath: string, recipe: V1Recipe, attacker: Attacker): ErrorCode {
  if (procedurePath.startsWith("testHelpers.") && attacker.livemode) return "TEST_MODE_ONLY";
  return recipe.names === "cursor" ? "VALIDATION" : "NOT_FOUND";
}

interface Attacker {
  name: string;
  key: TestOrg;
  livemode: boolean;
}

/** Each owner's objects against every key that is not theirs: the other organisation's two keys, and their own other mode. */
function keyAttacks(): Array<{ victim: string; owned: Owned; attackers: Attacker[] }> {
  const { a, b } = world;
  const bKeys: Attacker[] = [
    { name: "B live key", key: b.live, livemode: true },
    { name: "B test key", key: b.test, livemode: false },
  ];
  return [
    { victim: "A's live objects", owned: world.aLive, attackers: [...bKeys, { name: "A test key", key: a.test, livemode: false }] },
    { victim: "A's test objects", owned: world.aTest, attackers: [...bKeys, { name: "A live key", key: a.live, livemode: true }] },
  ];
}

/** The inputs that name the victim's objects (for lists: as cursors). */
function attackInputs(recipe: V1Recipe, owned: Owned): Input[] {
  if (recipe.names === "object") return recipe.inputs(owned);
  if (recipe.names === "cursor") return owned[recipe.of].flatMap((id) => [{ starting_after: id }, { ending_before: id }]);
  return [];
}

/** A valid call on the key owner's own objects, for the function-level checks. */
function ownInput(recipe: V1Recipe, owned: Owned): Input {
  if (recipe.names === "nothing") return recipe.input;
  if (recipe.names === "cursor") return {};
  const [first] = recipe.inputs(owned);
  if (!first) throw new Error("the fixture has no object for this recipe");
  return first;
}

describe("the access recipes cover every route", () => {
  it("knows how to call every /v1 operation (and so every MCP tool), and nothing that is gone", () => {
    const routes = REST_ROUTES.map((r) => r.procedurePath);
    const unknown = routes.filter((p) => !(p in V1_RECIPES));
    expect(unknown, "a /v1 operation without an access recipe: add one to V1_RECIPES in access-matrix.db.test.ts").toEqual([]);
    expect(
      Object.keys(V1_RECIPES).filter((p) => !routes.includes(p)),
      "recipes for operations that no longer exist",
    ).toEqual([]);
    expect(TOOLS.filter((t) => !(t.procedure in V1_RECIPES)).map((t) => t.name)).toEqual([]);
  });

  it("knows how to call every portal procedure, and which role owns it", () => {
    const procedures = Object.keys(PORTAL_PROCEDURES);
    const unknown = procedures.filter((p) => !(p in PORTAL_RECIPES));
    expect(unknown, "a portal procedure without an access recipe: add one to PORTAL_RECIPES in access-matrix.db.test.ts").toEqual([]);
    expect(
      Object.keys(PORTAL_RECIPES).filter((p) => !procedures.includes(p)),
      "recipes for procedures that no longer exist",
    ).toEqual([]);
    expect(
      procedures.filter((p) => !(p.split(".")[0]! in ROLE_OF_PORTAL)),
      "a portal router whose role the matrix does not know",
    ).toEqual([]);
    expect(
      Object.keys(ALL_PORTAL_PROCEDURES).filter((p) => !(p in PORTAL_PROCEDURES) && !(p in TOKEN_PROCEDURES) && !(p in VISITOR_PROCEDURES)),
    ).toEqual([]);
    expect(Object.keys(VISITOR_PROCEDURES).filter((p) => !(p in ALL_PORTAL_PROCEDURES))).toEqual([]);
  });

  it("answers a token procedure with an unknown token NOT_FOUND, whoever calls, and changes nothing", async () => {
    await expectNothingChanged(async () => {
      const { adminA, operator, p1 } = world.users;
      const holes: string[] = [];
      for (const [procedure, input] of Object.entries(TOKEN_PROCEDURES)) {
        for (const user of [null, adminA, operator, p1]) {
          const answer = await callPortal(user, procedure, input);
          if (answer.status !== 404 || answer.code !== "NOT_FOUND")
            holes.push(`${procedure} as ${user?.role ?? "nobody"}: ${answer.status} ${answer.code}`);
        }
      }
      return holes;
    });
  });

  it("answers a visitor procedure on an address without an account as on any other, whoever calls, and changes nothing", async () => {
    await expectNothingChanged(async () => {
      const { adminA, operator, p1 } = world.users;
      const holes: string[] = [];
      for (const [procedure, input] of Object.entries(VISITOR_PROCEDURES)) {
        for (const user of [null, adminA, operator, p1]) {
          const answer = await callPortal(user, procedure, input);
          if (answer.status !== 200 || answer.code !== null)
            holes.push(`${procedure} as ${user?.role ?? "nobody"}: ${answer.status} ${answer.code}`);
        }
      }
      return holes;
    });
  });
});

describe("/v1: another organisation's keys, and the other mode's key, on every object", () => {
  it(
    "refuses every operation on every object with NOT_FOUND (TEST_MODE_ONLY for a live key on a helper), changes nothing and leaks nothing",
    async () => {
      await expectNothingChanged(async () => {
        const holes: string[] = [];
        for (const { victim, owned, attackers } of keyAttacks()) {
          for (const attacker of attackers) {
            const calls = REST_ROUTES.flatMap((route) => {
              const recipe = recipeOf(route.procedurePath);
              const inputs = attackInputs(recipe, owned);
              // A list, or a read naming nothing, is answered with the caller's own data only.
              if (recipe.names === "cursor" || (recipe.names === "nothing" && !recipe.writes))
                inputs.push(recipe.names === "nothing" ? recipe.input : {});
              return inputs.map((input) => ({ route, recipe, input }));
            });
            await eachInTurn(calls, async ({ route, recipe, input }) => {
              const what = `${describeCall("REST", `${route.method} ${route.path}`, attacker.name, input)} on ${victim}`;
              const outcome = await callRest(route, input, attacker.key.token);
              const namesObject = recipe.names === "object" || (recipe.names === "cursor" && Object.keys(input).length > 0);
              if (namesObject) {
                const hole = refusalHole(what, outcome, expectedV1Refusal(route.procedurePath, recipe, attacker));
                if (hole) holes.push(hole);
              } else if (
                outcome.code !== null &&
                !(recipe.names === "nothing" && recipe.testOnly && attacker.livemode && outcome.code === "TEST_MODE_ONLY")
              )
                holes.push(`${what}: expected an answer, got ${outcome.status} ${JSON.stringify(outcome.body)}`);
              else if (leaksOf(outcome.body, owned).length)
                holes.push(`${what}: the answer carries ${leaksOf(outcome.body, owned).join(", ")}`);
            });
          }
        }
        return holes;
      });
    },
    MATRIX_TIMEOUT_MS,
  );

  it("refuses every operation to a key of the owner lacking its scope (403 INSUFFICIENT_SCOPE), to its revoked key and to no key at all (401)", async () => {
    await expectNothingChanged(async () => {
      const holes: string[] = [];
      await eachInTurn([...REST_ROUTES], async (route) => {
        const recipe = recipeOf(route.procedurePath);
        const helper = route.procedurePath.startsWith("testHelpers.");
        const input = ownInput(recipe, helper ? world.aTest : world.aLive);
        const lacking = world.lacking[route.meta.scope!][helper ? "test" : "live"];
        const scoped = await callRest(route, input, lacking.token);
        const hole = refusalHole(
          describeCall("REST", `${route.method} ${route.path}`, `A key without ${route.meta.scope}`, input),
          scoped,
          "INSUFFICIENT_SCOPE",
        );
        if (hole) holes.push(hole);
        for (const [caller, token] of [
          ["A's revoked key", world.revoked.token],
          ["nobody", null],
        ] as const) {
          const unauthenticated = refusalHole(
            describeCall("REST", `${route.method} ${route.path}`, caller, input),
            await callRest(route, input, token),
            "UNAUTHENTICATED",
          );
          if (unauthenticated) holes.push(unauthenticated);
        }
      });
      expect(
        SCOPES.every((scope) => REST_ROUTES.some((r) => r.meta.scope === scope)),
        "every scope guards some route",
      ).toBe(true);
      return holes;
    });
  });
});

describe("/v1: ids and keys of one owner mixed into another owner's requests", () => {
  it("selecting another organisation's bid on one's own open case is 409 CONFLICT and selects nothing", async () => {
    await expectNothingChanged(async () => {
      const holes: string[] = [];
      for (const bid_id of world.aLive.bids) {
        const input = { id: world.bLive.cases[0], bid_id };
        const hole = refusalHole(
          describeCall("REST", "POST /v1/cases/{id}/select", "B live key", input),
          await callRest(routeOf("cases.select"), input, world.b.live.token),
          "CONFLICT",
        );
        if (hole) holes.push(hole);
      }
      return holes;
    });
  });

  it("an Idempotency-Key A used, sent with A's very request by any other owner's key, replays nothing of A's", async () => {
    const { a, b } = world;
    const others = [b.live, b.test, a.test];
    const send = (token: string, path: string, key: string, json: Input) =>
      api.call(path, { method: "POST", token, headers: { "Idempotency-Key": key }, json });

    const messageKey = randomUUID();
    const messagePath = `/v1/orders/${world.aLive.orders[1]}/messages`;
    expect((await send(a.live.token, messagePath, messageKey, { body: "Catatan dari A." })).status).toBe(200);
    for (const other of others) {
      const res = await send(other.token, messagePath, messageKey, { body: "Catatan dari A." });
      expect(res.status).toBe(404);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
    }

    const createKey = randomUUID();
    const mine = (await (await send(a.live.token, "/v1/orders", createKey, ndaOrder())).json()) as { id: string };
    for (const other of others) {
      const res = await send(other.token, "/v1/orders", createKey, ndaOrder());
      expect(res.status).toBe(201);
      const theirs = (await res.json()) as { id: string };
      expect(theirs.id).not.toBe(mine.id);
    }
  });
});

// ---------------------------------------------------------------- MCP through the real /mcp handler

/** A tool result's outcome; a JSON-RPC error (an unknown tool) is code `JSON-RPC <code>`. */
async function callTool(client: Client, tool: (typeof TOOLS)[number], input: Input): Promise<Outcome> {
  const args = tool.route.meta.idempotent ? { ...input, idempotency_key: randomUUID() } : input;
  const result = await client.callTool({ name: tool.name, arguments: args }).catch((err: { code: number; message: string }) => err);
  if (!("content" in result)) return { status: 0, code: `JSON-RPC ${result.code}`, body: result.message };
  const body = toolJson(result) as { error?: { code: string } };
  return { status: result.isError ? 0 : 200, code: result.isError ? (body.error?.code ?? "MALFORMED_ERROR_BODY") : null, body };
}

describe("MCP: another organisation's keys, and the other mode's key, on every object", () => {
  it(
    "refuses every tool on every object with NOT_FOUND (a sandbox tool to a live key as an unknown tool), changes nothing and leaks nothing",
    async () => {
      await expectNothingChanged(async () => {
        const holes: string[] = [];
        for (const { victim, owned, attackers } of keyAttacks()) {
          for (const attacker of attackers) {
            const client = await mcp.connect(attacker.key.token);
            const shown = toolsFor(attacker.livemode).byName;
            const calls = TOOLS.flatMap((tool) => {
              const recipe = recipeOf(tool.procedure);
              const inputs = attackInputs(recipe, owned).map((input) => ({ tool, recipe, input, namesObject: true }));
              if (recipe.names === "cursor" || (recipe.names === "nothing" && !recipe.writes))
                inputs.push({ tool, recipe, input: recipe.names === "nothing" ? recipe.input : {}, namesObject: false });
              return inputs;
            });
            await eachInTurn(calls, async ({ tool, recipe, input, namesObject }) => {
              const what = `${describeCall("MCP", tool.name, attacker.name, input)} on ${victim}`;
              const outcome = await callTool(client, tool, input);
              if (!shown.has(tool.name)) {
                if (outcome.code !== "JSON-RPC -32602")
                  holes.push(`${what}: expected the unknown tool's error, got ${JSON.stringify(outcome)}`);
              } else if (namesObject) {
                const hole = refusalHole(what, outcome, expectedV1Refusal(tool.procedure, recipe, attacker), false);
                if (hole) holes.push(hole);
              } else if (outcome.code !== null) holes.push(`${what}: expected an answer, got ${JSON.stringify(outcome.body)}`);
              else if (leaksOf(outcome.body, owned).length)
                holes.push(`${what}: the answer carries ${leaksOf(outcome.body, owned).join(", ")}`);
            });
          }
        }
        return holes;
      });
    },
    MATRIX_TIMEOUT_MS,
  );

  it("refuses every tool to a key of the owner lacking its scope with INSUFFICIENT_SCOPE", async () => {
    await expectNothingChanged(async () => {
      const holes: string[] = [];
      for (const scope of SCOPES) {
        const clients = {
          live: await mcp.connect(world.lacking[scope].live.token),
          test: await mcp.connect(world.lacking[scope].test.token),
        };
        for (const tool of TOOLS.filter((t) => t.route.meta.scope === scope)) {
          const input = ownInput(recipeOf(tool.procedure), tool.sandbox ? world.aTest : world.aLive);
          const hole = refusalHole(
            describeCall("MCP", tool.name, `A key without ${scope}`, input),
            await callTool(clients[tool.sandbox ? "test" : "live"], tool, input),
            "INSUFFICIENT_SCOPE",
            false,
          );
          if (hole) holes.push(hole);
        }
      }
      return holes;
    });
  });
});

// ---------------------------------------------------------------- the portals through the real /api/trpc handler

/** One portal call over HTTP as the browser's client sends it: a query as GET ?input=, a mutation as a POST. */
async function callPortal(user: PortalUser | null, procedure: string, input: Input | undefined): Promise<Outcome> {
  const url = `http://localhost/api/trpc/${procedure}`;
  const headers = { "content-type": "application/json", origin: "http://localhost", "sec-fetch-site": "same-origin" };
  const req =
    ALL_PORTAL_PROCEDURES[procedure]!._def.type === "query"
      ? new Request(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : new Request(url, { method: "POST", headers, body: JSON.stringify(input ?? {}) });
  const res = await handlePortalRequest(req, { db: database.prisma, clock }, user);
  const body = (await res.json()) as { result?: { data: unknown }; error?: { data?: { apiError?: { code: string } } } };
  return {
    status: res.status,
    code: body.error ? (body.error.data?.apiError?.code ?? "MALFORMED_ERROR_BODY") : null,
    body: body.result?.data ?? body,
  };
}

/**
 * Who must be kept from whose objects in the portals; `byDesign` names the procedures through
 * which this caller may reach these objects after all (and why, in docs/decisions/proof-by-tests.md).
 */
function portalAttacks(): Array<{
  portal: keyof typeof ROLE_OF_PORTAL;
  caller: string;
  user: PortalUser;
  victim: string;
  owned: Owned;
  byDesign?: string[];
}> {
  const { users, aLive, aTest, p1Work } = world;
  return [
    { portal: "organization", caller: "admin of B", user: users.adminB, victim: "A's live objects", owned: aLive },
    // An admin manages both modes: the keys, the delivery log and (with the live/test switch) the test orders.
    {
      portal: "organization",
      caller: "admin of A",
      user: users.adminA,
      victim: "A's test objects",
      owned: aTest,
      byDesign: [
        "organization.keys",
        "organization.revokeKey",
        "organization.rotateWebhookSecret",
        "organization.updateKey",
        "organization.upgradeKeyVersion",
        "organization.keyRequests",
        "organization.webhookDeliveries",
        "organization.redeliver",
        "organization.order",
        "organization.acceptResult",
        "organization.sendMessage",
        "organization.reviewOrder",
        "organization.requestRevision",
        "organization.openDispute",
        "organization.cancel",
        "organization.decide",
        "organization.orderCosts",
        "organization.decideCost",
        "organization.orderDocuments",
      ],
    },
    // The case board is shared: P2 may read and bid on A's open case; P1's offers, orders and bids are P1's.
    { portal: "practitioner", caller: "P2", user: users.p2, victim: "P1's offers, orders and bids", owned: p1Work },
    // Test orders and cases belong to the sandbox's simulated practitioners, never to a real one.
    { portal: "practitioner", caller: "P1", user: users.p1, victim: "A's test objects", owned: aTest },
  ];
}

describe("portals: another organisation's admin, another practitioner, and live-only portals on test data", () => {
  it("refuses every procedure on every object with NOT_FOUND, changes nothing and leaks nothing", async () => {
    await expectNothingChanged(async () => {
      const holes: string[] = [];
      for (const { portal, caller, user, victim, owned, byDesign = [] } of portalAttacks()) {
        const calls = Object.keys(PORTAL_RECIPES)
          .filter((procedure) => procedure.startsWith(`${portal}.`) && !byDesign.includes(procedure))
          .flatMap((procedure): Array<{ procedure: string; input: Input | undefined; refusal: ErrorCode | null }> => {
            const recipe = PORTAL_RECIPES[procedure]!;
            const named = (recipe.foreign?.(owned) ?? []).map((input) => ({
              procedure,
              input,
              refusal: recipe.filters ? null : (recipe.refusal ?? "NOT_FOUND"),
            }));
            // A query that needs no input answers the caller's own data (a mutation without one acts on the caller's own).
            const plain =
              !recipe.valid && PORTAL_PROCEDURES[procedure]!._def.type === "query" ? [{ procedure, input: undefined, refusal: null }] : [];
            return [...named, ...plain];
          });
        await eachInTurn(calls, async ({ procedure, input, refusal }) => {
          const what = `${describeCall("portal", procedure, caller, input)} on ${victim}`;
          const outcome = await callPortal(user, procedure, input);
          if (refusal) {
            const hole = refusalHole(what, outcome, refusal);
            if (hole) holes.push(hole);
          } else if (outcome.code !== null)
            holes.push(`${what}: expected an answer, got ${outcome.status} ${JSON.stringify(outcome.body)}`);
          else if (leaksOf(outcome.body, owned).length)
            holes.push(`${what}: the answer carries ${leaksOf(outcome.body, owned).join(", ")}`);
        });
      }
      return holes;
    });
  });

  it("refuses every procedure to every other role (403), to nobody signed in and to a deactivated practitioner (401), and every organisation mutation to a suspended organisation's admin", async () => {
    await expectNothingChanged(async () => {
      const holes: string[] = [];
      const { adminA, operator, p1, suspendedAdmin, deactivated } = world.users;
      await eachInTurn(Object.keys(PORTAL_PROCEDURES), async (procedure) => {
        const portal = procedure.split(".")[0] as keyof typeof ROLE_OF_PORTAL;
        const input = PORTAL_RECIPES[procedure]!.valid?.(world);
        const refusals: Array<[string, PortalUser | null, ErrorCode]> = [
          ...[adminA, p1, operator]
            .filter((u) => u.role !== ROLE_OF_PORTAL[portal])
            .map((u): [string, PortalUser, ErrorCode] => [u.role, u, "FORBIDDEN"]),
          ["nobody", null, "UNAUTHENTICATED"],
          ["a deactivated practitioner", deactivated, "UNAUTHENTICATED"],
        ];
        // A suspended organisation's admins may look, not act.
        if (portal === "organization" && PORTAL_PROCEDURES[procedure]!._def.type === "mutation")
          refusals.push(["an admin of a suspended organisation", suspendedAdmin, "ORGANIZATION_NOT_ACTIVE"]);
        for (const [caller, user, code] of refusals) {
          const hole = refusalHole(describeCall("portal", procedure, caller, input), await callPortal(user, procedure, input), code);
          if (hole) holes.push(hole);
        }
      });
      return holes;
    });
  });
});
