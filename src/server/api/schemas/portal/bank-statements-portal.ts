import { z } from "zod";
import { BankLineStatus, OrganizationStatus } from "@/generated/prisma/enums";
import { MAX_STATEMENT_BYTES } from "@/server/domain/books/bank-statements/common";
import { pageSchema, portalPageInput } from "../../portal/paging";
import { idSchema } from "../ids";
import { rupiahSchema } from "../rupiah";

/** The operator's bank statement import (services/books/bank-import.ts): the upload, the queue, the imports. */

export const importBankStatementInput = z.object({
  fileName: z.string().max(1_000),
  // The file's text as the browser read it; the service refuses a file over MAX_STATEMENT_BYTES in words.
  content: z.string().max(MAX_STATEMENT_BYTES + 1),
});

const layoutSchema = z.enum(["bca", "mandiri"]);

export const bankImportResultOutput = z.object({
  importId: z.string(),
  layout: layoutSchema,
  accountNumber: z.string(),
  credited: z.number().int(),
  queued: z.number().int(),
  duplicates: z.number().int(),
  debits: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.enum(["pending", "sen"]), description: z.string(), amount: z.string() })),
});

export const bankImportsOutput = z.array(
  z.object({
    id: z.string(),
    fileName: z.string(),
    layout: z.string(),
    importedBy: z.string(),
    createdAt: z.date(),
    credited: z.number().int(),
    queued: z.number().int(),
    duplicates: z.number().int(),
  }),
);

export const bankLinesInput = z
  .object({ status: z.enum(BankLineStatus).optional(), importId: idSchema.optional(), page: portalPageInput })
  .optional();

export const bankLinesOutput = pageSchema(
  z.object({
    id: z.string(),
    bookedOn: z.string(),
    description: z.string(),
    amountIdr: rupiahSchema,
    status: z.enum(BankLineStatus),
    importId: z.string(),
    fileName: z.string(),
    organization: z.object({ id: z.string(), name: z.string() }).nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.date().nullable(),
    note: z.string().nullable(),
    named: z.array(z.object({ id: z.string(), name: z.string(), transferReference: z.string() })),
  }),
);

export const assignBankLineInput = z.object({ lineId: idSchema, organizationId: idSchema, note: z.string().max(1_000).optional() });
export const assignBankLineOutput = z.object({ depositIdr: rupiahSchema });
export const ignoreBankLineInput = z.object({ lineId: idSchema, reason: z.string().max(1_000) });

export const organizationsToCreditInput = z.object({ q: z.string().max(200) });
export const organizationsToCreditOutput = z.array(
  z.object({ id: z.string(), name: z.string(), status: z.enum(OrganizationStatus), transferReference: z.string() }),
);
