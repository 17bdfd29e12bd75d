import { z } from "zod";
import type { KeyBalance } from "@/server/services/money";
import { livemodeSchema } from "../livemode";
import { describedRupiah, rupiahSchema } from "../rupiah";

export const balanceSchema = z
  .object({
    livemode: livemodeSchema,
    deposit_idr: describedRupiah("The organisation's deposit in this key's mode: a test key sees the test deposit."),
    key: z.object({
      max_order_budget: rupiahSchema,
      monthly_budget: rupiahSchema,
      spent_this_month: describedRupiah(
        "Orders of this key this calendar month (Asia/Jakarta), except cancelled and refunded ones, plus invoices of its cases created this month, except cancelled ones, plus third-party costs approved on its orders this month, except cancelled or refused ones.",
      ),
      scopes: z.array(z.string()),
    }),
  })
  .meta({ id: "Balance" });

export function serializeBalance(balance: KeyBalance): z.input<typeof balanceSchema> {
  return {
    livemode: balance.livemode,
    deposit_idr: balance.depositIdr,
    key: {
      max_order_budget: balance.maxOrderIdr,
      monthly_budget: balance.monthlyBudgetIdr,
      spent_this_month: balance.spentThisMonthIdr,
      scopes: balance.scopes,
    },
  };
}
