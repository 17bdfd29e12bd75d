import { inMode } from "@/server/domain/access/actor";
import { parseStatementMonth, statementMonthOf } from "@/server/domain/books/month";
import {
  addTaxSetting,
  depositStatement,
  documentView,
  findDocumentByNumber,
  getBillingDetails,
  listOrganizationDocuments,
  listTaxSettings,
  monthlyEarningsStatement,
  orderDocuments,
  setBillingDetails,
} from "@/server/services/books";
import { adminOnOrder } from "@/server/services/orders";
import { operatorProcedure, orgAdminProcedure, practitionerProcedure } from "../portal-procedure";
import {
  addedTaxSettingOutput,
  addTaxSettingInput,
  billingDetailsInput,
  billingDetailsOutput,
  byOrder,
  depositStatementOutput,
  documentsInput,
  documentsOutput,
  earningsMonthInput,
  earningsStatementOutput,
  findDocumentInput,
  foundDocumentOutput,
  foundDocumentView,
  orderDocumentsOutput,
  statementMonthInput,
  taxSettingsOutput,
  taxSettingsView,
} from "../schemas/portal/books-portal";
import { portalPageOf, samePage } from "./paging";

/**
 * The books in the portals, one group per role, spread into that role's router
 * (organization.ts, practitioner.ts, operator.ts): the documents issued after each payment, the
 * monthly statements, the organisation's billing data and the operator's tax settings. Downloads
 * (PDF, CSV) go through portal-books-http.ts.
 */

/** The month asked for, or the current Jakarta month. */
const monthOr = (month: string | undefined, now: Date) => month ?? statementMonthOf(now);

export const organizationBooks = {
  /** "Dokumen keuangan": the organisation's receipts, credit notes and deposit receipts in one mode, newest first. */
  documents: orgAdminProcedure
    .input(documentsInput)
    .output(documentsOutput)
    .query(async ({ ctx, input }) => {
      const month = input.month ? parseStatementMonth(input.month) : undefined;
      return samePage(
        await listOrganizationDocuments(ctx, {
          actor: inMode(ctx.actor, input.mode === "live"),
          page: portalPageOf(input.page),
          kind: input.kind,
          paidFrom: month?.from,
          paidTo: month?.to,
        }),
      );
    }),
  /** The documents of one of the organisation's orders, in that order's mode, oldest first. */
  orderDocuments: orgAdminProcedure
    .input(byOrder)
    .output(orderDocumentsOutput)
    .query(async ({ ctx, input }) =>
      orderDocuments(ctx, {
        actor: await adminOnOrder(ctx, { actor: ctx.actor, orderId: input.orderId }),
        orderId: input.orderId,
      }),
    ),
  /** The deposit's statement of one Jakarta month in one mode (the current month so far by default). */
  depositStatement: orgAdminProcedure
    .input(statementMonthInput)
    .output(depositStatementOutput)
    .query(({ ctx, input }) =>
      depositStatement(ctx, {
        actor: inMode(ctx.actor, input.mode === "live"),
        month: monthOr(input.month, ctx.clock.now()),
      }),
    ),
  billingDetails: orgAdminProcedure.output(billingDetailsOutput).query(({ ctx }) =>
    getBillingDetails(ctx, {
      actor: ctx.actor,
    }),
  ),
  /** What the next documents print as the buyer; those issued keep what they froze. */
  setBillingDetails: orgAdminProcedure
    .input(billingDetailsInput)
    .output(billingDetailsOutput.omit({ name: true }))
    .mutation(({ ctx, input }) => setBillingDetails(ctx, { actor: ctx.actor, input })),
};

export const practitionerBooks = {
  /** The practitioner's earnings statement of one Jakarta month (the current month so far by default). */
  earningsStatement: practitionerProcedure
    .input(earningsMonthInput)
    .output(earningsStatementOutput)
    .query(({ ctx, input }) =>
      monthlyEarningsStatement(ctx, {
        actor: ctx.actor,
        month: monthOr(input.month, ctx.clock.now()),
      }),
    ),
};

export const operatorBooks = {
  /** Any document by its number, typed loosely ("kwt/2026/123"); null when none has it. */
  findDocument: operatorProcedure
    .input(findDocumentInput)
    .output(foundDocumentOutput)
    .query(async ({ ctx, input }) => {
      const document = await findDocumentByNumber(ctx, { actor: ctx.actor, number: input.number });
      return { document: document && foundDocumentView(document, await documentView(ctx, document)) };
    }),
  /** Every document of an order, oldest first. */
  orderDocuments: operatorProcedure
    .input(byOrder)
    .output(orderDocumentsOutput)
    .query(({ ctx, input }) =>
      orderDocuments(ctx, {
        actor: ctx.actor,
        orderId: input.orderId,
      }),
    ),
  /** The tax rules and platform details, newest first, each with where it stands now. */
  taxSettings: operatorProcedure
    .output(taxSettingsOutput)
    .query(async ({ ctx }) => taxSettingsView(await listTaxSettings(ctx, { actor: ctx.actor }), ctx.clock.now())),
  /** A rule from a future day on (00:00 WIB); payments before it keep the rule they were made under. */
  addTaxSetting: operatorProcedure
    .input(addTaxSettingInput)
    .output(addedTaxSettingOutput)
    .mutation(({ ctx, input }) => addTaxSetting(ctx, { actor: ctx.actor, input })),
};
