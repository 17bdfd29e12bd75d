import type { Db } from "@/server/db/client";
import { adminActor, agentActor, practitionerActor, SWEEPER } from "@/server/domain/access/actor";
import { SCOPES, type Scope } from "@/server/domain/access/api-key";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { type Clock, systemClock } from "@/server/domain/clock";
import { practitionerActorOf, revokeApiKey } from "@/server/services/access";
import { issueAllDocuments } from "@/server/services/books";
import { selectBid } from "@/server/services/cases";
import { requestCost } from "@/server/services/costs";
import { ensureOffering } from "@/server/services/offers";
import { acceptOrderResult, cancelOrder, openDispute } from "@/server/services/orders";
import { setBankAccount } from "@/server/services/practitioners";
import { addSimulatedBid, requestTestCost, simulateOrderAction, topUpTestDeposit } from "@/server/services/sandbox";
import { agentKey, bid, createTestCase } from "./cases";
import { uploadTestFile } from "./files";
import { addTestKey, createTestOrg, type TestOrg } from "./fixtures";
import { createPaidOrder, driveOrder } from "./orders";
import { portalUser, practitionerUser } from "./portal";

/** The objects of one owner (an organisation in one mode, or a practitioner), by kind. */
export interface Owned {
  orders: string[];
  cases: string[];
  bids: string[];
  invoices: string[];
  /** Webhook event ids. */
  events: string[];
  offers: string[];
  /** ApiKey row ids (what the portal names a key by). */
  apiKeys: string[];
  /** The keys' public ids: never in another owner's answer either. */
  keyIds: string[];
  files: string[];
  /** Costs on the owner's orders, each as "<order id>/<cost id>" (split with costPathOf). */
  costs: string[];
  /** A practitioner's bank accounts. */
  bankAccounts: string[];
  /** Receipts, credit notes and deposit receipts (FinancialDocument ids). */
  documents: string[];
}

const NO_OBJECTS: Owned = {
  orders: [],
  cases: [],
  bids: [],
  invoices: [],
  events: [],
  offers: [],
  apiKeys: [],
  keyIds: [],
  files: [],
  costs: [],
  bankAccounts: [],
  documents: [],
};

/** An organisation's live and test keys (every scope), each usable as a TestOrg. */
interface WorldOrg {
  id: string;
  live: TestOrg;
  test: TestOrg;
}

/**
 * Two organisations A and B with a live and a test key each; A's orders in every state a client
 * or practitioner can act in, in both modes, its cases, bids, invoices and events; practitioners
 * P1 (holding A's live offer and orders, bidding on A's cases) and P2; admins of A and B and an
 * operator; and, for each scope, a live and a test key of A holding every scope but that one.
 */
export interface AccessWorld {
  a: WorldOrg;
  b: WorldOrg;
  /** A's live objects, A's test objects, and P1's own (offers, taken orders, bids). */
  aLive: Owned;
  aTest: Owned;
  /** B's own live order and open case. */
  bLive: Owned;
  p1Work: Owned;
  users: {
    adminA: PortalUser;
    adminB: PortalUser;
    operator: PortalUser;
    p1: PortalUser;
    p2: PortalUser;
    /** An admin of a suspended organisation, and a practitioner the operator deactivated: sessions that outlived their rights. */
    suspendedAdmin: PortalUser;
    deactivated: PortalUser;
  };
  /** A's keys lacking one scope each, by that scope. */
  lacking: Record<Scope, { live: TestOrg; test: TestOrg }>;
  /** A live key of A (every scope) that A revoked. */
  revoked: TestOrg;
}

async function worldOrg(db: Db): Promise<WorldOrg> {
  const live = await createTestOrg(db, { depositIdr: 100_000_000n });
  const test = await addTestKey(db, live.id, { mode: "test" });
  return { id: live.id, live, test: { id: live.id, token: test.token, keyId: test.keyId, apiKeyId: test.apiKeyId } };
}

/** The organisation's documents in one mode. */
async function documentsOf(db: Db, organizationId: string, livemode: boolean): Promise<string[]> {
  return (await db.financialDocument.findMany({ where: { organizationId, livemode }, select: { id: true } })).map((d) => d.id);
}

/** One event of each type: events are read by id alike whatever their type. */
async function eventsOf(db: Db, organizationId: string, livemode: boolean): Promise<string[]> {
  return (await db.webhookEvent.findMany({ where: { organizationId, livemode }, distinct: ["type"], select: { id: true } })).map(
    (e) => e.id,
  );
}

export async function buildAccessWorld(db: Db, clock: Clock): Promise<AccessWorld> {
  const deps = { db, clock };
  const [a, b] = [await worldOrg(db), await worldOrg(db)];
  // A webhook URL on A's live key, so A's events have deliveries in the portal's log.
  await db.apiKey.update({ where: { id: a.live.apiKeyId }, data: { webhookUrl: "https://agen-a.contoh.id/kuasa" } });
  const aLiveKey = await agentKey(db, clock, a.live);
  const aTestKey = await agentKey(db, clock, a.test);
  await topUpTestDeposit(deps, {
    actor: agentActor(aTestKey),
    amountIdr: 100_000_000,
  });
  await topUpTestDeposit(deps, {
    actor: agentActor(await agentKey(db, clock, b.test)),
    amountIdr: 10_000_000,
  });

  // P1 alone takes contract work (NDA orders are offered to P1); both take property cases.
  const p1 = await practitionerUser(db, ["kontrak", "properti"]);
  const p1Account = await setBankAccount(deps, {
    actor: practitionerActor(p1.id, p1.practitionerId!),
    input: {
      bankCode: "bca",
      accountNumber: "0123456789",
      holderName: p1.name,
    },
  });
  const p2 = await practitionerUser(db, ["properti"]);
  const p1Id = p1.practitionerId!;

  const order = async (owner: TestOrg) => (await createPaidOrder(db, clock, owner)).id;
  await db.organization.update({ where: { id: a.id }, data: { approvalThresholdIdr: 1_000_000n } });
  const waiting = await order(a.live);
  const waitingTest = await order(a.test);
  await db.organization.update({ where: { id: a.id }, data: { approvalThresholdIdr: null } });

  // Live orders: offered to P1, then taken by P1 in each state of the work.
  const paid = await order(a.live);
  const offered = await order(a.live);
  await ensureOffering(deps, {
    actor: SWEEPER,
    orderId: offered,
  });
  const offer = await db.offer.findFirstOrThrow({ where: { orderId: offered, status: "aktif" } });
  if (offer.practitionerId !== p1Id) throw new Error("the live offer should have gone to P1");
  const taken: string[] = [];
  for (const until of ["diambil", "dikerjakan", "butuh_input_klien", "diserahkan", "diambil", "diserahkan"] as const) {
    const id = await order(a.live);
    await driveOrder(db, id, p1Id, until, clock.now());
    taken.push(id);
  }
  await openDispute(deps, {
    actor: agentActor(aLiveKey),
    orderId: taken[4]!,
    reason: "Hasil tidak sesuai.",
  });
  await acceptOrderResult(deps, {
    actor: agentActor(aLiveKey),
    orderId: taken[5]!,
  });
  const cancelled = await order(a.live);
  await cancelOrder(deps, {
    actor: agentActor(aLiveKey),
    orderId: cancelled,
  });

  // Test orders, worked by the sandbox's simulated practitioner.
  const paidTest = await order(a.test);
  const offeredTest = await order(a.test);
  await ensureOffering(deps, {
    actor: SWEEPER,
    orderId: offeredTest,
  });
  const testOffer = await db.offer.findFirstOrThrow({ where: { orderId: offeredTest, status: "aktif" } });
  const takenTest: string[] = [];
  for (const steps of [["accept"], ["accept", "start", "deliver"], ["accept", "dispute"]] as const) {
    const id = await order(a.test);
    for (const step of steps)
      await simulateOrderAction(deps, {
        actor: agentActor(aTestKey),
        orderId: id,
        action: step,
        input: step === "deliver" ? { deliverable: "https://berkas.contoh.id/uji.pdf" } : {},
      });
    takenTest.push(id);
  }

  // A cost asked for on an order P1 holds, and one on a test order by the simulated practitioner.
  const otherCost = {
    kind: "lainnya",
    feeCode: null,
    description: "Biaya legalisasi",
    amountIdr: 50_000n,
    basis: "Tarif kantor notaris",
  } as const;
  const liveCost = await requestCost(deps, {
    actor: await practitionerActorOf(db, p1Id),
    orderId: taken[0]!,
    input: otherCost,
  });
  const testCost = await requestTestCost(deps, {
    actor: agentActor(aTestKey),
    orderId: takenTest[0]!,
    request: otherCost,
  });

  // Cases: one open with P1's bid, one whose P1 bid was selected (an unpaid invoice); the same in test mode.
  const openCase = (await createTestCase(db, clock, a.live)).id;
  const openBid = (await bid(db, clock, p1Id, openCase)).id;
  const chosenCase = (await createTestCase(db, clock, a.live)).id;
  const chosenBid = (await bid(db, clock, p1Id, chosenCase)).id;
  const { invoice } = await selectBid(
    { db, clock },
    {
      actor: agentActor(aLiveKey),
      caseId: chosenCase,
      bidId: chosenBid,
    },
  );
  const simulatedBid = { priceIdr: 5_000_000, scope: "Somasi dan negosiasi.", etaDays: 7, note: null };
  const openTestCase = (await createTestCase(db, clock, a.test)).id;
  const openTestBid = (
    await addSimulatedBid(deps, {
      actor: agentActor(aTestKey),
      caseId: openTestCase,
      input: simulatedBid,
    })
  ).id;
  const chosenTestCase = (await createTestCase(db, clock, a.test)).id;
  const chosenTestBid = (
    await addSimulatedBid(deps, {
      actor: agentActor(aTestKey),
      caseId: chosenTestCase,
      input: simulatedBid,
    })
  ).id;
  const { invoice: testInvoice } = await selectBid(
    { db, clock },
    {
      actor: agentActor(aTestKey),
      caseId: chosenTestCase,
      bidId: chosenTestBid,
    },
  );

  // A document in each mode, as the agent uploads it.
  const liveFile = (await uploadTestFile(deps, { organizationId: a.id, livemode: true, apiKeyId: a.live.apiKeyId })).id;
  const testFile = (await uploadTestFile(deps, { organizationId: a.id, livemode: false, apiKeyId: a.test.apiKeyId })).id;

  // B's own data, so B's lists and boards are not trivially empty.
  const bOrder = await order(b.live);
  await order(b.test);
  const bCase = (await createTestCase(db, clock, b.live)).id;

  // Every movement so far gets its document, as the books-issue job does seconds after it (the
  // ledger stamps rows with the database's time, which may be later than the test's clock).
  await issueAllDocuments({ db, clock: systemClock }, { actor: SWEEPER });

  const lacking = {} as AccessWorld["lacking"];
  for (const scope of SCOPES) {
    const scopes = SCOPES.filter((s) => s !== scope);
    const [live, test] = [await addTestKey(db, a.id, { scopes }), await addTestKey(db, a.id, { scopes, mode: "test" })];
    lacking[scope] = { live: { id: a.id, ...live }, test: { id: a.id, ...test } };
  }
  const suspended = await createTestOrg(db, { status: "ditangguhkan" });
  const deactivated = await practitionerUser(db, ["kontrak"]);
  await db.practitioner.update({ where: { id: deactivated.practitionerId! }, data: { active: false } });
  const revoked = await addTestKey(db, a.id);
  await revokeApiKey({ db, clock }, { actor: adminActor("usr_seed_admin", a.id), apiKeyId: revoked.apiKeyId });

  return {
    a,
    b,
    aLive: {
      orders: [waiting, paid, offered, ...taken, cancelled],
      cases: [openCase, chosenCase],
      bids: [openBid, chosenBid],
      invoices: [invoice.id],
      events: await eventsOf(db, a.id, true),
      offers: [offer.id],
      apiKeys: [a.live.apiKeyId],
      keyIds: [a.live.keyId],
      files: [liveFile],
      costs: [`${taken[0]}/${liveCost.id}`],
      bankAccounts: [],
      documents: await documentsOf(db, a.id, true),
    },
    aTest: {
      orders: [waitingTest, paidTest, offeredTest, ...takenTest],
      cases: [openTestCase, chosenTestCase],
      bids: [openTestBid, chosenTestBid],
      invoices: [testInvoice.id],
      events: await eventsOf(db, a.id, false),
      offers: [testOffer.id],
      apiKeys: [a.test.apiKeyId],
      keyIds: [a.test.keyId],
      files: [testFile],
      costs: [`${takenTest[0]}/${testCost.id}`],
      bankAccounts: [],
      documents: await documentsOf(db, a.id, false),
    },
    bLive: { ...NO_OBJECTS, orders: [bOrder], cases: [bCase] },
    p1Work: {
      ...NO_OBJECTS,
      orders: taken,
      bids: [openBid, chosenBid],
      offers: [offer.id],
      costs: [`${taken[0]}/${liveCost.id}`],
      bankAccounts: [p1Account.id],
    },
    users: {
      adminA: await portalUser(db, "org_admin", a.id),
      adminB: await portalUser(db, "org_admin", b.id),
      operator: await portalUser(db, "operator"),
      p1,
      p2,
      suspendedAdmin: await portalUser(db, "org_admin", suspended.id),
      deactivated,
    },
    lacking,
    revoked: { id: a.id, ...revoked },
  };
}

/** A cost of Owned.costs as its order's and its own id. */
export function costPathOf(cost: string): { orderId: string; costId: string } {
  const [orderId, costId] = cost.split("/");
  return { orderId: orderId!, costId: costId! };
}
