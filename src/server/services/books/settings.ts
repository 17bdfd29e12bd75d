import type { TaxSetting } from "@/generated/prisma/client";
import { type AdminActor, type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { normalizeNpwp } from "@/server/domain/books/npwp";
import { assertRule, type TaxRule } from "@/server/domain/books/tax";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";

/**
 * The books' settings: the operator's tax rule and platform details (TaxSetting rows, each from a
 * date on), and each organisation's billing data printed on its documents.
 */

export interface TaxSettingInput extends TaxRule {
  effectiveFrom: Date;
  platformName: string;
  platformNpwp: string;
  platformAddress: string;
}

/** Every rule, newest first: the one in force now is the first whose date has passed. */
export async function listTaxSettings(deps: Pick<ServiceDeps, "db">, { actor }: { actor: OperatorActor }): Promise<TaxSetting[]> {
  requireActor(actor, "operator");
  return deps.db.taxSetting.findMany({ orderBy: { effectiveFrom: "desc" } });
}

/**
 * A new rule from a date on. The date is in the future: payments made before it keep the rule
 * they were made under, and a document already issued never changes (issue.ts reads the rule at
 * the payment's date). Two rules never start at the same instant.
 */
export async function addTaxSetting(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, input }: { actor: OperatorActor; input: TaxSettingInput },
): Promise<TaxSetting> {
  requireActor(actor, "operator");
  const now = deps.clock.now();
  if (!(input.effectiveFrom > now))
    throw new AppError(
      "VALIDATION",
      "effectiveFrom: berlaku mulai harus setelah saat ini; pembayaran yang sudah terjadi memakai aturan lamanya.",
      "effectiveFrom",
    );
  try {
    assertRule(input);
  } catch (err) {
    throw new AppError("VALIDATION", `vatRateBasisPoints: ${(err as Error).message}`, "vatRateBasisPoints");
  }
  const platformName = input.platformName.trim();
  const platformAddress = input.platformAddress.trim().replace(/\s+/g, " ");
  if (!platformName) throw new AppError("VALIDATION", "platformName: nama badan usaha platform wajib diisi.", "platformName");
  if (!platformAddress) throw new AppError("VALIDATION", "platformAddress: alamat platform wajib diisi.", "platformAddress");
  const platformNpwp = normalizeNpwp(input.platformNpwp, "platformNpwp");
  return deps.db.$transaction(async (tx) => {
    if (await tx.taxSetting.findUnique({ where: { effectiveFrom: input.effectiveFrom } }))
      throw new AppError("CONFLICT", "Sudah ada aturan pajak yang berlaku mulai saat yang sama.");
    const row = await tx.taxSetting.create({
      data: {
        id: newId("taxSetting"),
        effectiveFrom: input.effectiveFrom,
        vatRateBasisPoints: input.vatRateBasisPoints,
        vatBaseNumerator: input.vatBaseNumerator,
        vatBaseDenominator: input.vatBaseDenominator,
        platformName,
        platformNpwp,
        platformAddress,
        createdBy: actor.id,
        createdAt: now,
      },
    });
    await audit(tx, {
      actor,
      action: "settings.tax",
      subjectType: "settings",
      subjectId: row.id,
      data: {
        effective_from: input.effectiveFrom.toISOString(),
        vat_rate_basis_points: input.vatRateBasisPoints,
        vat_base: `${input.vatBaseNumerator}/${input.vatBaseDenominator}`,
        platform_npwp: platformNpwp,
      },
    });
    return row;
  });
}

export interface BillingDetails {
  legalName: string | null;
  billingAddress: string | null;
  npwp: string | null;
}

/** The organisation's billing data as its admins keep it. */
export async function getBillingDetails(
  deps: Pick<ServiceDeps, "db">,
  { actor }: { actor: AdminActor },
): Promise<BillingDetails & { name: string; transferReference: string }> {
  requireActor(actor, "admin");
  const row = await deps.db.organization.findUnique({
    where: { id: actor.organizationId },
    select: { name: true, legalName: true, billingAddress: true, npwp: true, transferReference: true },
  });
  if (!row) throw new AppError("NOT_FOUND", `No organisation ${actor.organizationId}.`);
  return row;
}

/** Sets what the next documents print (issued ones keep what they froze); audited. Empty clears a field. */
export async function setBillingDetails(
  deps: Pick<ServiceDeps, "db">,
  { actor, input }: { actor: AdminActor; input: { legalName?: string; billingAddress?: string; npwp?: string } },
): Promise<BillingDetails> {
  requireActor(actor, "admin");
  const text = (value: string | undefined, max: number, param: string) => {
    const cleaned = value?.trim().replace(/\s+/g, " ") ?? "";
    if (cleaned.length > max) throw new AppError("VALIDATION", `${param}: paling banyak ${max} karakter.`, param);
    return cleaned || null;
  };
  const details: BillingDetails = {
    legalName: text(input.legalName, 200, "legalName"),
    billingAddress: text(input.billingAddress, 500, "billingAddress"),
    npwp: input.npwp?.trim() ? normalizeNpwp(input.npwp) : null,
  };
  await deps.db.$transaction(async (tx) => {
    await tx.organization.update({ where: { id: actor.organizationId }, data: details });
    await audit(tx, {
      actor,
      action: "organization.billing_details",
      subjectType: "organization",
      subjectId: actor.organizationId,
      data: { legal_name: details.legalName, billing_address: details.billingAddress, npwp: details.npwp },
    });
  });
  return details;
}
