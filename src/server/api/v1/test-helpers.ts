import { z } from "zod";
import { BID_LIMITS } from "@/server/domain/cases/case-board";
import { getCase } from "@/server/services/cases";
import { publicUrlOf } from "@/server/services/deps";
import {
  addSimulatedBid,
  decideTestApproval,
  getTestPractitioner,
  payTestCost,
  payTestInvoice,
  practitionerViewOfTestOrder,
  requestTestCost,
  resetTestPractitioner,
  type SimulatedActionInput,
  type SimulatedOrderAction,
  setTestPractitioner,
  simulateOrderAction,
  TEST_TOP_UP_MAX_IDR,
  topUpTestDeposit,
} from "@/server/services/sandbox";
import { agentProcedure } from "../agent-procedure";
import { caseSchema, invoiceSummarySchema, serializeCase, serializeInvoiceSummary } from "../schemas/cases/case";
import { attachmentIdsSchema } from "../schemas/files/file";
import { pathIdSchema } from "../schemas/ids";
import { balanceSchema, serializeBalance } from "../schemas/money/balance";
import { costRequestInputSchema, costSchema, serializeCost } from "../schemas/orders/cost";
import { jsonNumber, orderSchema, orderTextSchema } from "../schemas/orders/order";
import { practitionerViewSchema, serializePractitionerView } from "../schemas/orders/practitioner-view";
import { serializeTestPractitioner, testPractitionerInputSchema, testPractitionerSchema } from "../schemas/sandbox/test-practitioner";
import { type Meta, router } from "../trpc";
import { orderAnswer } from "./order-answer";

/**
 * /v1/test_helpers: the sandbox. Only test keys (`kk_test_…`) are accepted; a live key gets
 * 403 TEST_MODE_ONLY. Each helper does what a person does in live mode, through the same code.
 */

const TAG = "Test helpers";
const byId = pathIdSchema("The test order's id (ord_…), made with a test key.");
const caseById = pathIdSchema("The test case's id (kas_…), made with a test key.");
const invoiceById = pathIdSchema("The test invoice's id (inv_…), of a case made with a test key.");

function helperMeta(
  scope: Meta["scope"],
  method: "GET" | "POST",
  path: string,
  summary: string,
  description: string,
  errors: Meta["errors"] = ["INVALID_STATE"],
): Meta {
  return {
    scope,
    errors,
    openapi: {
      method,
      path: `/v1/test_helpers${path}`,
      tags: [TAG],
      summary,
      description: `${description} Test keys only: a live key gets 403 TEST_MODE_ONLY.`,
      protect: true,
    },
  };
}

/** One procedure per simulated action on a test order; the action's own fields are added to `{ id }`. */
function orderAction(
  action: SimulatedOrderAction,
  summary: string,
  description: string,
  fields: z.ZodRawShape = {},
  errors: Meta["errors"] = ["INVALID_STATE"],
) {
  return agentProcedure
    .meta(helperMeta("order:buat", "POST", `/orders/{id}/${action}`, summary, description, errors))
    .input(byId.extend(fields).strict())
    .output(orderSchema)
    .mutation(async ({ ctx, input }) => {
      // The schema above is byId plus this action's fields, so the input has exactly this shape.
      const { id, ...fieldsOfAction } = input as unknown as { id: string } & SimulatedActionInput;
      return orderAnswer(
        ctx,
        await simulateOrderAction(ctx, {
          actor: ctx.actor,
          orderId: id,
          action,
          input: fieldsOfAction,
        }),
      );
    });
}

export const testHelpersRouter = router({
  requestCost: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/orders/{id}/costs",
        "The simulated practitioner asks for a third-party cost",
        "As the practitioner holding the order would in the portal, while it is `diambil`, `dikerjakan` or `butuh_input_klien`: one of the service's `third_party_fees` " +
          "(`fee_code`, at most its official amount) or another official cost with its `basis` → a Cost `diajukan` on the order, event `cost.diajukan`. " +
          "Then approve or reject it with POST /v1/orders/{id}/costs/{cost_id}/approve or /reject.",
      ),
    )
    .input(costRequestInputSchema.extend(byId.shape))
    .output(costSchema)
    .mutation(async ({ ctx, input }) =>
      serializeCost(
        await requestTestCost(ctx, {
          actor: ctx.actor,
          orderId: input.id,
          request: {
            kind: input.kind,
            feeCode: input.fee_code ?? null,
            description: input.description,
            amountIdr: BigInt(input.amount_idr),
            basis: input.basis ?? "",
          },
        }),
      ),
    ),

  payCost: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/orders/{id}/costs/{cost_id}/receipt",
        "The simulated practitioner pays a cost and uploads its receipt",
        "As the practitioner would after paying the office: an approved (`disetujui`) cost → `dilunasi` with `file` (uploaded with POST /v1/files, a test key) as its receipt; " +
          "the amount moves from the order's escrow to the practitioner's balance. Event `cost.dilunasi`.",
      ),
    )
    .input(
      byId
        .extend({
          cost_id: z.string().min(1).max(64).meta({ description: "The cost's id (cost_…)." }),
          file: z.string().min(1).max(64).meta({ description: "The receipt: a file id from POST /v1/files." }),
        })
        .strict(),
    )
    .output(costSchema)
    .mutation(async ({ ctx, input }) =>
      serializeCost(
        await payTestCost(ctx, {
          actor: ctx.actor,
          orderId: input.id,
          costId: input.cost_id,
          receiptFileId: input.file,
        }),
      ),
    ),

  practitionerView: agentProcedure
    .meta(
      helperMeta(
        "status:baca",
        "GET",
        "/orders/{id}/practitioner_view",
        "See the test order as the practitioner sees it",
        "What the practitioner holding the order, or its live offer, is shown in the practitioner portal, read by the same code: the intake and the messages, masked (e-mail addresses, phone numbers, NIK) while `taken` is false, and the files (name, type and size only while `taken` is false). Use it to check what leaves your hands. 409 INVALID_STATE while nobody holds the order or an offer on it.",
      ),
    )
    .input(byId.strict())
    .output(practitionerViewSchema)
    .query(async ({ ctx, input }) =>
      serializePractitionerView(
        await practitionerViewOfTestOrder(ctx, {
          actor: ctx.actor,
          orderId: input.id,
        }),
      ),
    ),

  getPractitioner: agentProcedure
    .meta(
      helperMeta(
        "status:baca",
        "GET",
        "/practitioner",
        "Who takes your test orders",
        "The stand-in offered your test orders: the one you set with POST /v1/test_helpers/practitioner, or the simulated practitioner, who holds a verified credential of every kind for every province.",
        [],
      ),
    )
    .input(z.object({}))
    .output(testPractitionerSchema)
    .query(async ({ ctx }) => serializeTestPractitioner(await getTestPractitioner(ctx, { actor: ctx.actor }))),

  setPractitioner: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/practitioner",
        "Choose the credentials and conflicts of whoever takes your test orders",
        "From now on your test orders are offered to one stand-in holding exactly these verified `credentials` and declaring these `conflicts`, checked as a live practitioner is: " +
          "an order of a service requiring a kind it lacks, a notarial or land deed in a province outside its working area, an order naming one of its `conflicts` as the other side (`pihak`), " +
          "or a credential past its `valid_until`, stalls with the reason a live order would give (`offering.stalled_reason`); follow with refund_stalled. " +
          "Replaces what the stand-in held; POST /v1/test_helpers/practitioner/reset gives your test orders back to the simulated practitioner.",
        [],
      ),
    )
    .input(testPractitionerInputSchema)
    .output(testPractitionerSchema)
    .mutation(async ({ ctx, input }) =>
      serializeTestPractitioner(
        await setTestPractitioner(ctx, {
          actor: ctx.actor,
          input: {
            credentials: input.credentials.map((c) => ({ kind: c.kind, province: c.province ?? null, validUntil: c.valid_until ?? null })),
            conflicts: input.conflicts ?? [],
          },
        }),
      ),
    ),

  resetPractitioner: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/practitioner/reset",
        "Give your test orders back to the simulated practitioner",
        "Test orders are offered again to the simulated practitioner, who qualifies for every service. Orders your stand-in holds stay with it.",
        [],
      ),
    )
    .input(z.object({}).strict())
    .output(testPractitionerSchema)
    .mutation(async ({ ctx }) => serializeTestPractitioner(await resetTestPractitioner(ctx, { actor: ctx.actor }))),

  topUpDeposit: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/deposit/top_up",
        "Top up the test deposit",
        `Adds test money to the organisation's test deposit (at most Rp ${TEST_TOP_UP_MAX_IDR.toLocaleString("id-ID")} per call). Live deposits are topped up by the operator only.`,
        [],
      ),
    )
    .input(
      z
        .object({ amount_idr: jsonNumber(z.number().int().positive().max(TEST_TOP_UP_MAX_IDR)).meta({ description: "Rupiah to add." }) })
        .strict(),
    )
    .output(balanceSchema)
    .mutation(async ({ ctx, input }) =>
      serializeBalance(
        await topUpTestDeposit(ctx, {
          actor: ctx.actor,
          amountIdr: input.amount_idr,
        }),
      ),
    ),

  approveOrder: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/orders/{id}/approve",
        "Approve a test order waiting for approval",
        "As an org admin would in the portal: `menunggu_bayar` → `dibayar`, paid from the test deposit.",
        ["INVALID_STATE", "INSUFFICIENT_DEPOSIT"],
      ),
    )
    .input(byId.strict())
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await decideTestApproval(ctx, {
          actor: ctx.actor,
          orderId: input.id,
          approve: true,
        }),
      ),
    ),

  rejectOrder: agentProcedure
    .meta(
      helperMeta(
        "order:buat",
        "POST",
        "/orders/{id}/reject",
        "Reject a test order waiting for approval",
        "As an org admin would in the portal: `menunggu_bayar` → `dibatalkan`; nothing was paid.",
      ),
    )
    .input(byId.strict())
    .output(orderSchema)
    .mutation(async ({ ctx, input }) =>
      orderAnswer(
        ctx,
        await decideTestApproval(ctx, {
          actor: ctx.actor,
          orderId: input.id,
          approve: false,
        }),
      ),
    ),

  expireOffer: orderAction(
    "expire_offer",
    "Let the simulated practitioner's offer time out",
    "As if its 30 minutes had passed. The order stays `ditawarkan` and is offered again at once (in the sandbox a new round starts, so offering never stalls).",
  ),
  acceptOffer: orderAction(
    "accept",
    "The simulated practitioner takes the order",
    "`dibayar`/`ditawarkan` → `diambil` (offering starts first if it has not yet).",
  ),
  startWork: orderAction("start", "The simulated practitioner starts work", "`diambil` → `dikerjakan`."),
  requestInput: orderAction(
    "request_input",
    "The simulated practitioner asks the client a question",
    "`dikerjakan` → `butuh_input_klien`; the question is a message with role `practitioner`. Answer it with POST /v1/orders/{id}/messages.",
    {
      question: orderTextSchema.meta({ description: "The question." }),
    },
    ["INVALID_STATE", "CONFLICT"],
  ),
  deliver: orderAction(
    "deliver",
    "The simulated practitioner delivers the result",
    "→ `diserahkan` with `deliverable` set and, when `files` are given, `deliverable_files`. Accept it with POST /v1/orders/{id}/accept.",
    {
      deliverable: orderTextSchema.meta({ description: "The practitioner's note on the result." }),
      files: attachmentIdsSchema
        .optional()
        .meta({ description: "Files uploaded with POST /v1/files (a test key), delivered as the result's files." }),
    },
  ),
  release: orderAction("release", "The simulated practitioner gives the order back", "→ `ditawarkan`: offered again at once."),
  dispute: orderAction(
    "dispute",
    "Open a dispute on the test order as the operator",
    "As the operator would: a taken or delivered order → `sengketa`. An agent opens its own with POST /v1/orders/{id}/dispute.",
  ),
  refund: orderAction(
    "refund",
    "Refund the test order",
    "As the operator would: `dibayar`, `ditawarkan` or `sengketa` → `direfund`, the escrow back to the test deposit.",
  ),
  settleDispute: orderAction(
    "settle_dispute",
    "Settle the dispute for the practitioner",
    "As the operator would: `sengketa` → `selesai`, the escrow released to the simulated practitioner.",
  ),
  resumeWork: orderAction(
    "resume_work",
    "End the dispute by sending the order back to work",
    "As the operator would: `sengketa` → `dikerjakan`.",
  ),
  stallOffering: orderAction(
    "stall_offering",
    "Let offering stall, as if every practitioner had passed",
    "The live offer ends and the order stays `ditawarkan` with `offering.stalled_since` and `offering.refund_at` set, as a live order whose eligible practitioners all passed. Follow with refund_stalled.",
  ),
  refundStalled: orderAction(
    "refund_stalled",
    "Make a stalled order's refund time come now",
    "A stalled order → `direfund` with the escrow back in the test deposit and a `system` message saying why, as happens to a live order OFFER_STALL_HOURS after it stalled.",
  ),
  autoAccept: orderAction(
    "auto_accept",
    "Make a delivered order's auto-acceptance come now",
    "`diserahkan` → `selesai` with the escrow released and a `system` message, as happens at `auto_accept_at` when the client neither accepts, revises nor disputes.",
  ),
  breachSla: orderAction(
    "breach_sla",
    "Make the order's SLA pass now",
    "Sets `sla_due_at` to now and lets the SLA timer run: `sla_breached_at` is set, as for a live order still not delivered at its due time.",
  ),

  addBid: agentProcedure
    .meta(
      helperMeta(
        "kasus:buat",
        "POST",
        "/cases/{id}/bids",
        "Add a simulated bid to a test case",
        "A bid (`diajukan`) from the next of five simulated practitioners; `client_pays` is priced as for a real bid. Answers the case with all its bids. 409 CONFLICT once all five have bid.",
        ["INVALID_STATE", "CONFLICT"],
      ),
    )
    .input(
      caseById
        .extend({
          price_idr: jsonNumber(z.number().int().positive().max(BID_LIMITS.priceIdrMax)).meta({
            description: "The practitioner's price; the client pays it plus the platform fee.",
          }),
          scope: z
            .string()
            .trim()
            .min(1)
            .max(BID_LIMITS.scope)
            .default("Simulated bid: review and advice on the case.")
            .meta({ description: "What the bid covers." }),
          eta_days: jsonNumber(z.number().int().min(1).max(BID_LIMITS.etaDaysMax))
            .default(7)
            .meta({ description: "Working days the simulated practitioner promises (default 7)." }),
          note: z.string().max(BID_LIMITS.note).optional().meta({ description: "A note to the client on the bid." }),
        })
        .strict(),
    )
    .output(caseSchema)
    .mutation(async ({ ctx, input }) => {
      await addSimulatedBid(ctx, {
        actor: ctx.actor,
        caseId: input.id,
        input: {
          priceIdr: input.price_idr,
          scope: input.scope,
          etaDays: input.eta_days,
          note: input.note ?? null,
        },
      });
      return serializeCase(
        await getCase(ctx, {
          actor: ctx.actor,
          caseId: input.id,
        }),
      );
    }),

  payInvoice: agentProcedure
    .meta(
      helperMeta(
        "kasus:buat",
        "POST",
        "/invoices/{id}/pay",
        "Pay a test invoice from the test deposit",
        "As an org admin pays a live invoice in the portal: `belum_dibayar` → `dibayar`.",
        ["INVALID_STATE", "INSUFFICIENT_DEPOSIT"],
      ),
    )
    .input(invoiceById.strict())
    .output(invoiceSummarySchema)
    .mutation(async ({ ctx, input }) =>
      serializeInvoiceSummary(
        await payTestInvoice(ctx, {
          actor: ctx.actor,
          invoiceId: input.id,
        }),
        publicUrlOf(ctx),
      ),
    ),
});
