import { z } from "zod";
import { createCase, getCase, selectBid } from "@/server/services/cases";
import { caseSchema, createCaseSchema, selectBidSchema, selectionSchema, serializeCase, serializeInvoiceSummary, toCreateCaseInput } from "../schemas/case";
import { agentProcedure, router } from "../trpc";

const caseId = z.object({ id: z.string().min(1).max(64) });

export const casesRouter = router({
  create: agentProcedure
    .meta({
      scope: "kasus:buat",
      successStatus: 201,
      openapi: {
        method: "POST",
        path: "/v1/cases",
        tags: ["Kasus"],
        summary: "Submit a case to the case board",
        description: "201 with the new case (`terbuka`, no bids yet). Practitioners in the case's area bid on it; read the bids with GET /v1/cases/{id}.",
        protect: true,
      },
    })
    .input(createCaseSchema)
    .output(caseSchema)
    .mutation(async ({ ctx, input }) => serializeCase(await createCase(ctx.db, ctx.clock, ctx.apiKey, toCreateCaseInput(input)))),

  get: agentProcedure
    .meta({ scope: "status:baca", openapi: { method: "GET", path: "/v1/cases/{id}", tags: ["Kasus"], summary: "One case with its bids", protect: true } })
    .input(caseId)
    .output(caseSchema)
    .query(async ({ ctx, input }) => serializeCase(await getCase(ctx.db, ctx.apiKey, input.id))),

  select: agentProcedure
    .meta({
      scope: "kasus:buat",
      openapi: {
        method: "POST",
        path: "/v1/cases/{id}/select",
        tags: ["Kasus"],
        summary: "Select a bid; an invoice is created",
        description:
          "Only on a `terbuka` case (409 INVALID_STATE otherwise) and only a `diajukan` bid of that case (409 CONFLICT otherwise). " +
          "The invoice total is the bid's `client_pays` and counts against the key's per-order maximum and monthly budget (402 BUDGET_EXCEEDED).",
        protect: true,
      },
    })
    .input(selectBidSchema.extend(caseId.shape))
    .output(selectionSchema)
    .mutation(async ({ ctx, input }) => {
      const selection = await selectBid(ctx.db, ctx.clock, ctx.apiKey, input.id, input.bid_id);
      return { case: serializeCase(selection.case), invoice: serializeInvoiceSummary(selection.invoice) };
    }),
});
