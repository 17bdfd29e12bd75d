import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { practitionerActorOf } from "@/server/services/access";
import { accounts, balanceOf, platformRevenueTotal } from "@/server/services/money";
import { acceptOffer, ensureOffering } from "@/server/services/offers";
import { deliverResult, startWork } from "@/server/services/orders";
import { TEST_OPERATOR } from "@/test/actors";
import { bid, caseBody } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { startTestApi, type TestApi } from "@/test/http";
import {
  createTestPractitioner,
  escrowMismatches,
  LEDGER_SOUND,
  ledgerInvariants,
  NDA_CLIENT_PRICE_IDR,
  NDA_PRICE_IDR,
  ndaOrder,
} from "@/test/orders";
import { portalCaller, portalUser } from "@/test/portal";

/**
 * One complete money path through the real /v1 handler (and the portal for what only a person
 * does), on whichever database this project runs: an order paid, delivered and accepted; an order
 * paid and cancelled; a case bid on, selected, its invoice paid, delivered and accepted. After
 * every step the ledger sums to zero and every balance is exactly what the step moved.
 *
 * This is the one end-to-end money test of the `pglite` project (see src/test/vitest.config.ts):
 * it proves the embedded database carries the whole path; every other money test runs on PostgreSQL.
 */

let database: TestDatabase;
let api: TestApi;
let org: TestOrg;
const clock = fixedClock("2026-11-23T03:00:00Z");
const db = () => database.prisma;
const deps = () => ({ db: db(), clock });
const DEPOSIT = 30_000_000;

type Json = Record<string, unknown> & { id: string; status: string; error?: { code: string; message: string } };

async function call(method: "GET" | "POST", path: string, json?: unknown): Promise<Json> {
  const res = await api.call(path, { method, token: org.token, json: method === "POST" ? (json ?? {}) : undefined });
  const body = (await res.json()) as Json;
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

/** The organisation's deposit as GET /v1/balance answers it, and as the ledger holds it. */
async function deposit(): Promise<number> {
  const answered = (await call("GET", "/v1/balance")).deposit_idr as number;
  expect(BigInt(answered)).toBe(await balanceOf(db(), accounts.orgDeposit(org.id, true)));
  return answered;
}
const escrow = async (orderId: string) =>
  Number(await balanceOf(db(), accounts.orderEscrow({ id: orderId, organizationId: org.id, livemode: true })));
const payable = async (practitionerId: string) => Number(await balanceOf(db(), accounts.practitionerPayable(practitionerId)));
const revenue = async () =>
  Number(
    await platformRevenueTotal(
      { db: db() },
      {
        actor: TEST_OPERATOR,
        livemode: true,
      },
    ),
  );

/** Every entry of every transfer sums to zero, cached balances equal their entries, escrows match statuses. */
async function ledgerBalances() {
  const [sum] = await db().$queryRaw<Array<{ total: bigint | null }>>`SELECT SUM("amountIdr") AS total FROM "LedgerEntry"`;
  expect(await db().ledgerEntry.count()).toBeGreaterThan(0);
  expect(BigInt(sum?.total ?? 0n)).toBe(0n);
  expect(await ledgerInvariants(db())).toEqual(LEDGER_SOUND);
  expect(await escrowMismatches(db())).toEqual([]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(db());
  api = await startTestApi(db(), clock);
  org = await createTestOrg(db(), { depositIdr: BigInt(DEPOSIT) });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await database?.destroy();
});

describe("the money path through /v1", () => {
  it("an order: paid into escrow, taken and delivered, accepted by the agent: escrow released to the practitioner and the fee", async () => {
    const practitionerId = await createTestPractitioner(db(), ["kontrak"]);
    await ledgerBalances();
    expect(await deposit()).toBe(DEPOSIT);

    const order = await call("POST", "/v1/orders", ndaOrder());
    expect(order.status).toBe("dibayar");
    expect(await deposit()).toBe(DEPOSIT - NDA_PRICE_IDR);
    expect(await escrow(order.id)).toBe(NDA_PRICE_IDR);
    await ledgerBalances();

    await ensureOffering(deps(), {
      actor: SWEEPER,
      orderId: order.id,
    });
    const offer = await db().offer.findFirstOrThrow({ where: { orderId: order.id, status: "aktif" } });
    expect(offer.practitionerId).toBe(practitionerId);
    await acceptOffer(deps(), { noConflict: true, actor: await practitionerActorOf(deps().db, practitionerId), offerId: offer.id });
    await startWork(deps(), { actor: await practitionerActorOf(deps().db, practitionerId), orderId: order.id });
    await deliverResult(deps(), {
      actor: await practitionerActorOf(deps().db, practitionerId),
      orderId: order.id,
      deliverable: "https://berkas.contoh.id/nda-final.pdf",
    });
    expect((await call("GET", `/v1/orders/${order.id}`)).status).toBe("diserahkan");
    expect(await escrow(order.id)).toBe(NDA_PRICE_IDR);
    expect(await payable(practitionerId)).toBe(0);
    await ledgerBalances();

    const revenueBefore = await revenue();
    expect((await call("POST", `/v1/orders/${order.id}/accept`)).status).toBe("selesai");
    expect(await escrow(order.id)).toBe(0);
    expect(await payable(practitionerId)).toBe(NDA_CLIENT_PRICE_IDR);
    expect((await revenue()) - revenueBefore).toBe(NDA_PRICE_IDR - NDA_CLIENT_PRICE_IDR);
    expect(await deposit()).toBe(DEPOSIT - NDA_PRICE_IDR);
    await ledgerBalances();
  });

  it("an order paid and then cancelled by the agent before anyone took it: the whole price back in the deposit", async () => {
    const before = await deposit();
    const order = await call("POST", "/v1/orders", ndaOrder());
    expect(await deposit()).toBe(before - NDA_PRICE_IDR);
    expect(await escrow(order.id)).toBe(NDA_PRICE_IDR);
    await ledgerBalances();

    expect((await call("POST", `/v1/orders/${order.id}/cancel`, { reason: "Klien berubah pikiran." })).status).toBe("dibatalkan");
    expect(await escrow(order.id)).toBe(0);
    expect(await deposit()).toBe(before);
    await ledgerBalances();
  });

  it("a case: bid on, selected, its invoice paid into escrow, delivered and accepted: the bid to the practitioner, the fee to the platform", async () => {
    const practitionerId = await createTestPractitioner(db(), ["properti"]);
    const created = await call("POST", "/v1/cases", caseBody());
    const offered = await bid(db(), clock, practitionerId, created.id, 8_000_000);
    const before = await deposit();
    await ledgerBalances();

    const selected = await call("POST", `/v1/cases/${created.id}/select`, { bid_id: offered.id });
    const invoice = selected.invoice as { id: string; total_idr: number };
    expect(invoice.total_idr).toBe(9_000_000);
    // Selecting moves no money: the invoice waits for an administrator to pay it.
    expect(await deposit()).toBe(before);
    await ledgerBalances();

    const admin = portalCaller(deps(), await portalUser(db(), "org_admin", org.id));
    const paid = await admin.organization.payInvoice({ invoiceId: invoice.id });
    expect(paid).toMatchObject({ status: "dibayar", totalIdr: 9_000_000 });
    const orderId = paid.orderId!;
    expect((await call("GET", `/v1/invoices/${invoice.id}`)).status).toBe("dibayar");
    expect(await deposit()).toBe(before - 9_000_000);
    expect(await escrow(orderId)).toBe(9_000_000);
    await ledgerBalances();

    await startWork(deps(), { actor: await practitionerActorOf(deps().db, practitionerId), orderId });
    await deliverResult(deps(), {
      actor: await practitionerActorOf(deps().db, practitionerId),
      orderId,
      deliverable: "https://berkas.contoh.id/somasi.pdf",
    });
    const revenueBefore = await revenue();
    expect((await call("POST", `/v1/orders/${orderId}/accept`)).status).toBe("selesai");
    expect(await escrow(orderId)).toBe(0);
    expect(await payable(practitionerId)).toBe(8_000_000);
    expect((await revenue()) - revenueBefore).toBe(1_000_000);
    expect(await deposit()).toBe(before - 9_000_000);
    await ledgerBalances();
  });
});
