import type { Db } from "@/server/db/client";
import type { AgentActor } from "@/server/domain/access/actor";
import { pageRequestOf } from "@/server/domain/paging";
import { createCase, getCase, getSelection, listCases, type Selection, selectBid, withdrawCase } from "@/server/services/cases";
import { publicUrlOf } from "@/server/services/deps";
import { agentProcedure, idempotently } from "../agent-procedure";
import {
  caseSchema,
  caseStatusSchema,
  createCaseSchema,
  selectBidSchema,
  selectionSchema,
  serializeCase,
  serializeInvoiceSummary,
  toCreateCaseInput,
} from "../schemas/cases/case";
import { pathIdSchema } from "../schemas/ids";
import { createdWindow, listOf, listQuerySchema, metadataFilterOf, serializeList, withMetadataFilter } from "../schemas/list";
import { router } from "../trpc";

const caseId = pathIdSchema("The case's id (kas_…).");

/** What a replayed POST answers: the case as it is now. */
const reloadCase = (ctx: { db: Db; actor: AgentActor }) => (id: string) =>
  getCase(ctx, {
    actor: ctx.actor,
    caseId: id,
  });

export const casesRouter = router({
  create: agentProcedure
    .meta({
      scope: "kasus:buat",
      successStatus: 201,
      idempotent: true,
      openapi: {
        method: "POST",
        path: "/v1/cases",
        tags: ["Kasus"],
        summary: "Submit a case to the case board",
        description:
          "201 with the new case (`terbuka`, no bids yet). Practitioners in the case's area bid on it; read the bids with GET /v1/cases/{id}.",
        protect: true,
      },
    })
    .input(createCaseSchema)
    .output(caseSchema)
    .mutation(async ({ ctx, input }) =>
      serializeCase(
        await idempotently(
          ctx,
          input,
          (claim) =>
            createCase(ctx, {
              actor: ctx.actor,
              input: toCreateCaseInput(input),
              claim,
            }),
          reloadCase(ctx),
        ),
      ),
    ),

  list: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/cases",
        tags: ["Kasus"],
        summary: "This key's organisation's cases in this mode, newest first",
        description:
          "Full Case objects (with their bids), newest first (creation time, then id). `starting_after=<id>` pages to older cases, " +
          "`ending_before=<id>` to newer ones; a cursor must be a case of this organisation and mode (400 otherwise). " +
          "Filters: `status`, `created[gte]`, `created[lte]`, and `metadata[key]=value` (several AND together).",
        protect: true,
      },
    })
    .input(
      withMetadataFilter(
        listQuerySchema.extend({ status: caseStatusSchema.meta({ description: "Only cases in this status." }).optional() }),
      ),
    )
    .output(listOf(caseSchema, "CaseList"))
    .query(async ({ ctx, input }) => {
      const page = await listCases(ctx, {
        actor: ctx.actor,
        request: pageRequestOf(input),
        filter: {
          status: input.status,
          created: createdWindow(input),
          metadata: metadataFilterOf(input),
        },
      });
      return serializeList(page, serializeCase);
    }),

  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/cases/{id}",
        tags: ["Kasus"],
        summary: "One case with its bids",
        description:
          "The case in its current status with every bid received and what each would cost your organisation (client_pays). " +
          "Another organisation's case, or one of the other mode, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(caseId)
    .output(caseSchema)
    .query(async ({ ctx, input }) =>
      serializeCase(
        await getCase(ctx, {
          actor: ctx.actor,
          caseId: input.id,
        }),
      ),
    ),

  select: agentProcedure
    .meta({
      scope: "kasus:buat",
      idempotent: true,
      errors: ["INVALID_STATE", "CONFLICT", "BUDGET_EXCEEDED"],
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
      const selection: Selection = await idempotently(
        ctx,
        input,
        (claim) =>
          selectBid(ctx, {
            actor: ctx.actor,
            caseId: input.id,
            bidId: input.bid_id,
            claim,
          }),
        (id) =>
          getSelection(ctx, {
            actor: ctx.actor,
            caseId: id,
          }),
      );
      return { case: serializeCase(selection.case), invoice: serializeInvoiceSummary(selection.invoice, publicUrlOf(ctx)) };
    }),

  cancel: agentProcedure
    .meta({
      scope: "kasus:buat",
      idempotent: true,
      errors: ["INVALID_STATE"],
      openapi: {
        method: "POST",
        path: "/v1/cases/{id}/cancel",
        tags: ["Kasus"],
        summary: "Withdraw your own case before selecting a bid",
        description:
          "Only on a `terbuka` case (409 INVALID_STATE once a bid is selected or the case is closed): the case becomes `ditutup`, every live bid ends " +
          "(`tidak_dipilih`) and event `case.ditutup` is sent. Nothing was committed before a selection, so nothing moves.",
        protect: true,
      },
    })
    .input(caseId.strict())
    .output(caseSchema)
    .mutation(async ({ ctx, input }) =>
      serializeCase(
        await idempotently(
          ctx,
          input,
          (claim) =>
            withdrawCase(ctx, {
              actor: ctx.actor,
              caseId: input.id,
              claim,
            }),
          reloadCase(ctx),
        ),
      ),
    ),
});
