import { z } from "zod";
import type { DepositStatementView } from "@/server/domain/books/views";
import { livemodeSchema } from "../livemode";
import { describedRupiah } from "../rupiah";

/** The `{month}` of a statement's path (and its MCP tool's argument). */
export const statementMonthSchema = z.object({
  month: z
    .string()
    .min(1)
    .max(16)
    .meta({
      description:
        "A calendar month in Jakarta time (WIB), `YYYY-MM`, e.g. `2026-11`: from 00:00 WIB on its 1st to 00:00 WIB on the next month's. " +
        "The current month is the month so far; a month that has not begun is 400 VALIDATION.",
      example: "2026-11",
    }),
});

const statementLineSchema = z
  .object({
    at: z.iso.datetime().meta({ description: "When the money moved." }),
    kind: z.string().meta({
      description:
        "What moved it: deposit_topup, order_payment, order_refund, cost_payment, cost_refund, split_refund (a dispute's split), …",
    }),
    label: z.string().meta({ description: "The kind in words, as the PDF prints it (Indonesian)." }),
    reference: z
      .string()
      .nullable()
      .meta({ description: "What it concerns: the order (ord_…), the cost (cost_…), or a top-up's bank reference." }),
    document_number: z.string().nullable().meta({
      description:
        "The receipt, credit note or deposit receipt issued for it (GET /v1/receipts lists them); null only in the seconds before Kuasa issues it.",
    }),
    amount_idr: describedRupiah("Signed: positive into the deposit, negative out of it."),
    balance_idr: describedRupiah("The deposit right after this movement."),
  })
  .meta({ id: "StatementLine" });

export const statementSchema = z
  .object({
    month: z.string().meta({ description: "`YYYY-MM`, a Jakarta calendar month." }),
    month_so_far: z.boolean().meta({ description: "The month is not over: the closing balance is the deposit now." }),
    livemode: livemodeSchema,
    opening_balance_idr: describedRupiah("The deposit at 00:00 WIB on the month's 1st: the previous month's closing balance."),
    closing_balance_idr: describedRupiah("The deposit at the month's end (or now): opening_balance_idr plus every line's amount_idr."),
    total_in_idr: describedRupiah("The sum of the lines into the deposit."),
    total_out_idr: describedRupiah("The sum of the lines out of it, as a positive figure."),
    lines: z.array(statementLineSchema).meta({ description: "Every movement of the month, oldest first." }),
  })
  .meta({ id: "Statement" });

export function serializeStatement(view: DepositStatementView): z.input<typeof statementSchema> {
  return {
    month: view.month,
    month_so_far: view.monthSoFar,
    livemode: view.livemode,
    opening_balance_idr: view.openingBalanceIdr,
    closing_balance_idr: view.closingBalanceIdr,
    total_in_idr: view.totalInIdr,
    total_out_idr: view.totalOutIdr,
    lines: view.lines.map((line) => ({
      at: line.at.toISOString(),
      kind: line.kind,
      label: line.label,
      reference: line.reference,
      document_number: line.documentNumber,
      amount_idr: line.amountIdr,
      balance_idr: line.balanceIdr,
    })),
  };
}
