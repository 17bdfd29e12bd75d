import { z } from "zod";
import { getBalance } from "@/server/services/money";
import { agentProcedure } from "../agent-procedure";
import { balanceSchema, serializeBalance } from "../schemas/money/balance";
import { router } from "../trpc";

export const balanceRouter = router({
  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/balance",
        tags: ["Saldo"],
        summary: "Deposit and this key's limits",
        description:
          "The organisation's deposit in this key's mode (live or test money, never both), this key's budgets, what it spent this " +
          "month and its scopes: enough to tell before ordering whether an order would be refused with BUDGET_EXCEEDED.",
        protect: true,
      },
    })
    .input(z.object({}))
    .output(balanceSchema)
    .query(async ({ ctx }) =>
      serializeBalance(
        await getBalance(ctx, {
          actor: ctx.actor,
        }),
      ),
    ),
});
