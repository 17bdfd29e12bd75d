import { z } from "zod";
import { livemodeSchema } from "./livemode";
import type { KeyBalance } from "@/server/services/money";

export const balanceSchema = z
  .object({
    livemode: livemodeSchema,
    deposit_idr: z.number().int().meta({ description: "The organisation's deposit in this key's mode: a test key sees the test deposit." }),
    key: z.object({
      max_order_budget: z.number().int(),
      monthly_budget: z.number().int(),
      spent_this_month: z
        .number()
        .int()
        .meta({ description: "Orders of this key this calendar month (Asia/Jakarta), except cancelled and refunded ones, plus invoices of its cases created this month, except cancelled ones." }),
      scopes: z.array(z.string()),
    }),
  })
  .meta({ id: "Balance" });

export function serializeBalance(balance: KeyBalance): z.infer<typeof balanceSchema> {
  return {
    livemode: balance.livemode,
    deposit_idr: Number(balance.depositIdr),
    key: {
      max_order_budget: Number(balance.maxOrderIdr),
      monthly_budget: Number(balance.monthlyBudgetIdr),
      spent_this_month: Number(balance.spentThisMonthIdr),
      scopes: balance.scopes,
    },
  };
}
