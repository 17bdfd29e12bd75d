import { z } from "zod";
import type { FinancialDocument, TaxSetting } from "@/generated/prisma/client";
import { FinancialDocumentKind } from "@/generated/prisma/enums";
import type { FinancialDocumentView } from "@/server/domain/books/views";
import { jakartaDay } from "@/server/domain/clock";
import { pageSchema, portalPageInput } from "../../portal/paging";
import { idSchema } from "../ids";
import { rupiahSchema } from "../rupiah";

/** The portals' books (services/books): documents, monthly statements, billing data and tax settings. */

const modeInput = z.enum(["live", "test"]).default("live");
/** A Jakarta calendar month, "2026-11"; absent is the current one. */
const monthInput = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Bulan ditulis YYYY-MM, mis. 2026-11.")
  .optional();

export const documentsInput = z.object({
  mode: modeInput,
  kind: z.enum(FinancialDocumentKind).optional(),
  month: monthInput,
  page: portalPageInput,
});
export const statementMonthInput = z.object({ mode: modeInput, month: monthInput });
export const earningsMonthInput = z.object({ month: monthInput });
export const byOrder = z.object({ orderId: idSchema });

export const billingDetailsInput = z.object({
  // The service cuts each to its own length with a message of its own; these only bound the request.
  legalName: z.string().max(2_000),
  billingAddress: z.string().max(5_000),
  npwp: z.string().max(100),
});

export const findDocumentInput = z.object({ number: z.string().trim().min(1).max(100) });

/** A new tax rule from a WIB calendar day on; the service checks the rule and the details. */
export const addTaxSettingInput = z.object({
  /** The first instant of that day in Jakarta (00:00 WIB). */
  effectiveFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Tanggal ditulis YYYY-MM-DD.")
    .transform((day, ctx) => {
      const at = new Date(`${day}T00:00:00+07:00`);
      if (Number.isNaN(at.getTime()) || jakartaDay(at) !== day) {
        ctx.addIssue({ code: "custom", message: `Tanggal ${day} tidak ada di kalender.` });
        return z.NEVER;
      }
      return at;
    }),
  vatRateBasisPoints: z.number().int(),
  vatBaseNumerator: z.number().int(),
  vatBaseDenominator: z.number().int(),
  platformName: z.string().max(1_000),
  platformNpwp: z.string().max(100),
  platformAddress: z.string().max(5_000),
});

const party = z.object({ name: z.string(), address: z.string().nullable(), npwp: z.string().nullable() });
const taxRule = z.object({
  vatRateBasisPoints: z.number().int(),
  vatBaseNumerator: z.number().int(),
  vatBaseDenominator: z.number().int(),
});

const documentRow = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(FinancialDocumentKind),
  livemode: z.boolean(),
  paidAt: z.date(),
  issuedAt: z.date(),
  description: z.string(),
  amountIdr: rupiahSchema,
  orderId: z.string().nullable(),
});

export const documentsOutput = pageSchema(documentRow);
export const orderDocumentsOutput = z.array(documentRow);

/** One document as the operator reads it: what its PDF prints, and whose it is. */
export const foundDocumentOutput = z.object({
  document: documentRow
    .extend({
      organizationId: z.string(),
      transferKind: z.string(),
      practitionerFeeIdr: rupiahSchema,
      platformFeeIdr: rupiahSchema,
      vatBaseIdr: rupiahSchema,
      vatIdr: rupiahSchema,
      passThroughIdr: rupiahSchema,
      tax: taxRule.nullable(),
      buyer: party,
      seller: party,
      corrects: z.object({ number: z.string(), issuedAt: z.date() }).nullable(),
    })
    .nullable(),
});

export const foundDocumentView = (document: FinancialDocument, view: FinancialDocumentView) => ({
  ...document,
  tax: view.tax,
  buyer: view.buyer,
  seller: view.seller,
  corrects: view.corrects,
});

export const depositStatementOutput = z.object({
  month: z.string(),
  monthSoFar: z.boolean(),
  livemode: z.boolean(),
  generatedAt: z.date(),
  openingBalanceIdr: rupiahSchema,
  closingBalanceIdr: rupiahSchema,
  totalInIdr: rupiahSchema,
  totalOutIdr: rupiahSchema,
  lines: z.array(
    z.object({
      at: z.date(),
      kind: z.string(),
      label: z.string(),
      reference: z.string().nullable(),
      documentNumber: z.string().nullable(),
      amountIdr: rupiahSchema,
      balanceIdr: rupiahSchema,
    }),
  ),
});

export const earningsStatementOutput = z.object({
  month: z.string(),
  monthSoFar: z.boolean(),
  generatedAt: z.date(),
  openingBalanceIdr: rupiahSchema,
  feesEarnedIdr: rupiahSchema,
  reimbursedCostsIdr: rupiahSchema,
  payoutsIdr: rupiahSchema,
  balanceDueIdr: rupiahSchema,
  lines: z.array(
    z.object({
      at: z.date(),
      kind: z.string(),
      label: z.string(),
      orderId: z.string().nullable(),
      bankReference: z.string().nullable(),
      amountIdr: rupiahSchema,
      balanceIdr: rupiahSchema,
    }),
  ),
});

export const billingDetailsOutput = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  npwp: z.string().nullable(),
});

/** Where a rule stands at the time asked: in force, scheduled, or replaced by a later one. */
const TAX_SETTING_STATES = ["berlaku", "terjadwal", "lampau"] as const;

const taxSettingRow = taxRule.extend({
  id: z.string(),
  effectiveFrom: z.date(),
  platformName: z.string(),
  platformNpwp: z.string(),
  platformAddress: z.string(),
  createdAt: z.date(),
  state: z.enum(TAX_SETTING_STATES),
});

export const taxSettingsOutput = z.array(taxSettingRow);

/**
 * The rules newest first, each with its state at `now`: the first whose date has passed is in
 * force, those after it are scheduled, those before it replaced.
 */
export function taxSettingsView(rows: readonly TaxSetting[], now: Date) {
  const inForce = rows.find((row) => row.effectiveFrom <= now);
  return rows.map((row) => ({
    id: row.id,
    effectiveFrom: row.effectiveFrom,
    vatRateBasisPoints: row.vatRateBasisPoints,
    vatBaseNumerator: row.vatBaseNumerator,
    vatBaseDenominator: row.vatBaseDenominator,
    platformName: row.platformName,
    platformNpwp: row.platformNpwp,
    platformAddress: row.platformAddress,
    createdAt: row.createdAt,
    state: row === inForce ? ("berlaku" as const) : row.effectiveFrom > now ? ("terjadwal" as const) : ("lampau" as const),
  }));
}

export const addedTaxSettingOutput = z.object({ id: z.string(), effectiveFrom: z.date() });
