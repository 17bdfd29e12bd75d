import type { Prisma } from "@/generated/prisma/client";
import type { OrganizationStatus } from "@/generated/prisma/enums";
import type { DbOrTx, Tx } from "@/server/db/client";
import { type Actor, type AdminActor, type OperatorActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { newTransferReference } from "@/server/domain/books/transfer-reference";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { cursorRow, keyset, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { invalidateApiKeyCache } from "../access";
import { audit } from "../audit";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { recordDepositEvent } from "../events";
import { accounts, balanceOf, transfer } from "../money";
import { notifyDepositTopUp } from "../notifications";

export interface CreateOrganizationInput {
  name: string;
  /** Orders priced above this need an org admin's approval; null: never. */
  approvalThresholdIdr?: bigint | null;
  depositIdr?: bigint;
  status?: OrganizationStatus;
}

export async function createOrganization(
  deps: Pick<ServiceDeps, "db">,
  { actor, input }: { actor: Actor; input: CreateOrganizationInput },
) {
  const { db } = deps;
  const name = input.name.trim();
  if (!name) throw new AppError("VALIDATION", "An organisation needs a name.");
  if (input.approvalThresholdIdr != null && input.approvalThresholdIdr < 0n) {
    throw new AppError("VALIDATION", "The approval threshold cannot be negative.");
  }
  const id = newId("organization");
  await db.$transaction(async (tx) => {
    // A new reference meets a taken one with odds of (organisations ÷ 32^8), one in a million at a
    // million organisations: the unique index then fails the creation, which the operator repeats.
    await tx.organization.create({
      data: {
        id,
        name,
        status: input.status ?? "aktif",
        approvalThresholdIdr: input.approvalThresholdIdr ?? null,
        transferReference: newTransferReference(),
      },
    });
    await audit(tx, { actor, action: "organization.create", subjectType: "organization", subjectId: id, data: { name } });
  });
  if (input.depositIdr && input.depositIdr > 0n)
    await topUpDeposit(deps, { actor, organizationId: id, amountIdr: input.depositIdr, reference: "setoran awal" });
  return { id };
}

/**
 * Records money received from the organisation (e.g. a bank transfer) into its deposit; with
 * `livemode: false`, test money into its test deposit (the sandbox's top-up helper).
 */
export async function topUpDeposit(
  deps: Pick<ServiceDeps, "db" | "publicUrl">,
  {
    actor,
    organizationId,
    amountIdr,
    reference,
    livemode = true,
  }: { actor: Actor; organizationId: string; amountIdr: bigint; reference: string; livemode?: boolean },
): Promise<{ depositIdr: bigint }> {
  const { db } = deps;
  if (amountIdr <= 0n) throw new AppError("VALIDATION", "A top-up must be a positive amount of rupiah.");
  if (!reference.trim()) throw new AppError("VALIDATION", "A top-up needs a reference (e.g. the bank transfer number).");
  return db.$transaction(async (tx) => {
    const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
    if (!org) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
    const { depositIdr } = await creditDeposit(tx, { actor, organizationId, amountIdr, reference, livemode, publicUrl: publicUrlOf(deps) });
    return { depositIdr };
  });
}

/**
 * Money received for an organisation, in the caller's transaction (the operator's top-up, a bank
 * statement's credit): the `deposit_topup` transfer from the outside world and its audit row; for
 * live money also the `deposit.topped_up` event to the organisation's live keys and an e-mail to
 * each of its admins. Test money is only ever added by the sandbox's agent itself
 * (POST /v1/test_helpers/deposit/top_up answers the balance), so it tells nobody.
 * The organisation must exist (the caller read it).
 */
export async function creditDeposit(
  tx: Tx,
  input: {
    actor: Actor;
    organizationId: string;
    amountIdr: bigint;
    reference: string;
    livemode: boolean;
    publicUrl: string;
    /** More for the audit row (e.g. the bank statement line). */
    auditData?: Record<string, string>;
  },
): Promise<{ transferId: string; depositIdr: bigint }> {
  const { actor, organizationId, amountIdr, reference, livemode } = input;
  const deposit = accounts.orgDeposit(organizationId, livemode);
  const [transferId] = await transfer(tx, {
    from: accounts.externalFunding(livemode),
    to: deposit,
    amountIdr,
    kind: "deposit_topup",
    reference,
  });
  await audit(tx, {
    actor,
    action: livemode ? "deposit.topup" : "test_deposit.topup",
    subjectType: "organization",
    subjectId: organizationId,
    data: { amount_idr: amountIdr.toString(), reference, ...input.auditData },
  });
  // The ledger's time is the top-up's time everywhere it is told.
  const depositIdr = await balanceOf(tx, deposit);
  const { createdAt: at } = await tx.ledgerTransfer.findUniqueOrThrow({ where: { id: transferId! }, select: { createdAt: true } });
  if (livemode) {
    const topUp = { amountIdr, balanceIdr: depositIdr, reference, at };
    await recordDepositEvent(tx, { organizationId, livemode }, topUp);
    await notifyDepositTopUp(tx, input.publicUrl, { organizationId, transferId: transferId!, ...topUp });
  }
  return { transferId: transferId!, depositIdr };
}

/** The organisation's transfer reference (every row has one: given at creation, or by the database's default). */
export async function transferReferenceOf(db: DbOrTx, organizationId: string): Promise<string> {
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { transferReference: true } });
  if (!org) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
  return org.transferReference;
}

export async function setOrganizationStatus(
  deps: Pick<ServiceDeps, "db">,
  { actor, organizationId, status }: { actor: Actor; organizationId: string; status: OrganizationStatus },
): Promise<void> {
  const { db } = deps;
  await db.$transaction(async (tx) => {
    const updated = await tx.organization.updateMany({ where: { id: organizationId }, data: { status } });
    if (updated.count !== 1) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
    await audit(tx, { actor, action: `organization.${status}`, subjectType: "organization", subjectId: organizationId });
  });
  // Its keys stop (or start) working at once in this process.
  invalidateApiKeyCache(deps);
}

export async function setApprovalThreshold(
  deps: Pick<ServiceDeps, "db">,
  { actor, organizationId, thresholdIdr }: { actor: Actor; organizationId: string; thresholdIdr: bigint | null },
): Promise<void> {
  const { db } = deps;
  if (thresholdIdr !== null && thresholdIdr < 0n) throw new AppError("VALIDATION", "The approval threshold cannot be negative.");
  await db.$transaction(async (tx) => {
    await tx.organization.update({ where: { id: organizationId }, data: { approvalThresholdIdr: thresholdIdr } });
    await audit(tx, {
      actor,
      action: "organization.set_threshold",
      subjectType: "organization",
      subjectId: organizationId,
      data: { threshold_idr: thresholdIdr?.toString() ?? null },
    });
  });
}

export interface OrganizationSearch {
  /** Part of the name, or the id. */
  q?: string;
  status?: OrganizationStatus;
}

/** Organisations for the operator, newest first and keyset-paged, with their live deposit, keys and live orders. */
export async function searchOrganizations(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    search,
    page,
  }: {
    actor: OperatorActor | SystemActor;
    search: OrganizationSearch;
    page: PageRequest;
  },
) {
  // The operator in the portal, or at the shell (`npm run ops`).
  requireActor(actor, "operator", "system");
  const { db } = deps;
  const q = search.q?.trim();
  const where: Prisma.OrganizationWhereInput = {
    ...(search.status ? { status: search.status } : {}),
    ...(q ? { OR: [{ id: q }, { name: { contains: q, mode: "insensitive" } }] } : {}),
  };
  const at = await cursorRow(page, "organisations", (id) =>
    db.organization.findFirst({ where: { AND: [where, { id }] }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(page, "createdAt", at);
  const orgs = await db.organization.findMany({
    where: { AND: [where, ...after] },
    orderBy,
    take: rowsToRead(page),
    include: { _count: { select: { apiKeys: { where: { revokedAt: null } }, orders: { where: { livemode: true } } } } },
  });
  const deposits = await db.ledgerAccount.findMany({
    where: { kind: "org_deposit", livemode: true, organizationId: { in: orgs.map((o) => o.id) } },
    select: { organizationId: true, balanceIdr: true },
  });
  const depositByOrg = new Map(deposits.map((d) => [d.organizationId, d.balanceIdr]));
  return pageFrom(
    orgs.map((o) => ({
      id: o.id,
      name: o.name,
      status: o.status,
      approvalThresholdIdr: o.approvalThresholdIdr,
      depositIdr: depositByOrg.get(o.id) ?? 0n,
      apiKeys: o._count.apiKeys,
      orders: o._count.orders,
      createdAt: o.createdAt,
    })),
    page,
  );
}

const RECENT_ORDERS = 10;

/** One organisation for the operator: deposits (live and test), keys, admins and its latest orders; 404 when unknown. */
export async function organizationDetail(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    organizationId,
  }: {
    actor: OperatorActor;
    organizationId: string;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    include: {
      memberships: {
        orderBy: { createdAt: "asc" },
        select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
      },
      orders: {
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: RECENT_ORDERS,
        select: {
          id: true,
          status: true,
          livemode: true,
          priceIdr: true,
          createdAt: true,
          service: { select: { code: true, name: true } },
        },
      },
    },
  });
  if (!org) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
  const [keys, deposits, orderCount] = await Promise.all([
    db.apiKey.groupBy({ by: ["mode"], where: { organizationId, revokedAt: null }, _count: { _all: true } }),
    db.ledgerAccount.findMany({ where: { kind: "org_deposit", organizationId }, select: { livemode: true, balanceIdr: true } }),
    db.order.count({ where: { organizationId, livemode: true } }),
  ]);
  const keyCount = (mode: "live" | "test") => keys.find((k) => k.mode === mode)?._count._all ?? 0;
  const deposit = (livemode: boolean) => deposits.find((d) => d.livemode === livemode)?.balanceIdr ?? 0n;
  return {
    id: org.id,
    name: org.name,
    status: org.status,
    approvalThresholdIdr: org.approvalThresholdIdr,
    createdAt: org.createdAt,
    depositIdr: deposit(true),
    testDepositIdr: deposit(false),
    liveKeys: keyCount("live"),
    testKeys: keyCount("test"),
    liveOrders: orderCount,
    admins: org.memberships.map((m) => ({ ...m.user, role: m.role, since: m.createdAt })),
    recentOrders: org.orders,
  };
}

/** An org admin's own organisation: its name, status, approval threshold and both deposits. */
export async function organizationOverview(deps: Pick<ServiceDeps, "db">, { actor }: { actor: AdminActor }) {
  requireActor(actor, "admin");
  const { organizationId } = actor;
  const { db } = deps;
  const org = await db.organization.findUniqueOrThrow({ where: { id: organizationId } });
  const [live, test] = await Promise.all([
    balanceOf(db, accounts.orgDeposit(organizationId, true)),
    balanceOf(db, accounts.orgDeposit(organizationId, false)),
  ]);
  return { name: org.name, status: org.status, approvalThresholdIdr: org.approvalThresholdIdr, depositIdr: { live, test } };
}
