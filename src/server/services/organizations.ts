import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import type { Db } from "@/server/db/client";
import type { OrganizationStatus } from "@/generated/prisma/enums";
import { invalidateApiKeyCache } from "./api-keys";
import { audit, type AuditEntry } from "./audit";
import { accounts, balanceOf, transfer } from "./ledger";

export interface CreateOrganizationInput {
  name: string;
  /** Orders priced above this need an org admin's approval; null: never. */
  approvalThresholdIdr?: bigint | null;
  depositIdr?: bigint;
  status?: OrganizationStatus;
}

export async function createOrganization(db: Db, input: CreateOrganizationInput, actor: Pick<AuditEntry, "actorType" | "actorId">) {
  const name = input.name.trim();
  if (!name) throw new AppError("VALIDATION", "An organisation needs a name.");
  if (input.approvalThresholdIdr != null && input.approvalThresholdIdr < 0n) {
    throw new AppError("VALIDATION", "The approval threshold cannot be negative.");
  }
  const id = newId("organization");
  await db.$transaction(async (tx) => {
    await tx.organization.create({
      data: { id, name, status: input.status ?? "aktif", approvalThresholdIdr: input.approvalThresholdIdr ?? null },
    });
    await audit(tx, { ...actor, action: "organization.create", subjectType: "organization", subjectId: id, data: { name } });
  });
  if (input.depositIdr && input.depositIdr > 0n) await topUpDeposit(db, id, input.depositIdr, "initial deposit", actor);
  return { id };
}

/**
 * Records money received from the organisation (e.g. a bank transfer) into its deposit; with
 * `livemode: false`, test money into its test deposit (the sandbox's top-up helper).
 */
export async function topUpDeposit(
  db: Db,
  organizationId: string,
  amountIdr: bigint,
  reference: string,
  actor: Pick<AuditEntry, "actorType" | "actorId">,
  livemode = true,
): Promise<{ depositIdr: bigint }> {
  if (amountIdr <= 0n) throw new AppError("VALIDATION", "A top-up must be a positive amount of rupiah.");
  if (!reference.trim()) throw new AppError("VALIDATION", "A top-up needs a reference (e.g. the bank transfer number).");
  return db.$transaction(async (tx) => {
    const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
    if (!org) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
    await transfer(tx, {
      from: accounts.externalFunding(livemode),
      to: accounts.orgDeposit(organizationId, livemode),
      amountIdr,
      kind: "deposit_topup",
      reference,
    });
    await audit(tx, {
      ...actor,
      action: livemode ? "deposit.topup" : "test_deposit.topup",
      subjectType: "organization",
      subjectId: organizationId,
      data: { amount_idr: amountIdr.toString(), reference },
    });
    return { depositIdr: await balanceOf(tx, accounts.orgDeposit(organizationId, livemode)) };
  });
}

export async function setOrganizationStatus(
  db: Db,
  organizationId: string,
  status: OrganizationStatus,
  actor: Pick<AuditEntry, "actorType" | "actorId">,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const updated = await tx.organization.updateMany({ where: { id: organizationId }, data: { status } });
    if (updated.count !== 1) throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
    await audit(tx, { ...actor, action: `organization.${status}`, subjectType: "organization", subjectId: organizationId });
  });
  // Its keys stop (or start) working at once in this process.
  invalidateApiKeyCache(db);
}

export async function setApprovalThreshold(
  db: Db,
  organizationId: string,
  thresholdIdr: bigint | null,
  actor: Pick<AuditEntry, "actorType" | "actorId">,
): Promise<void> {
  if (thresholdIdr !== null && thresholdIdr < 0n) throw new AppError("VALIDATION", "The approval threshold cannot be negative.");
  await db.$transaction(async (tx) => {
    await tx.organization.update({ where: { id: organizationId }, data: { approvalThresholdIdr: thresholdIdr } });
    await audit(tx, { ...actor, action: "organization.set_threshold", subjectType: "organization", subjectId: organizationId, data: { threshold_idr: thresholdIdr?.toString() ?? null } });
  });
}

/** Every organisation with its (live) deposit and live orders, for the operator. */
export async function listOrganizations(db: Db) {
  const [orgs, deposits] = await Promise.all([
    db.organization.findMany({ orderBy: { createdAt: "desc" }, include: { _count: { select: { apiKeys: true, orders: { where: { livemode: true } } } } } }),
    db.ledgerAccount.findMany({ where: { kind: "org_deposit", livemode: true }, select: { organizationId: true, balanceIdr: true } }),
  ]);
  const depositByOrg = new Map(deposits.map((d) => [d.organizationId, d.balanceIdr]));
  return orgs.map((o) => ({
    id: o.id,
    name: o.name,
    status: o.status,
    approvalThresholdIdr: o.approvalThresholdIdr === null ? null : Number(o.approvalThresholdIdr),
    depositIdr: Number(depositByOrg.get(o.id) ?? 0n),
    apiKeys: o._count.apiKeys,
    orders: o._count.orders,
    createdAt: o.createdAt,
  }));
}
