import { z } from "zod";
import {
  assignBankLine,
  ignoreBankLine,
  importBankStatement,
  listBankImports,
  listBankLines,
  organizationsToCredit,
} from "@/server/services/books";
import { operatorProcedure } from "../portal-procedure";
import {
  assignBankLineInput,
  assignBankLineOutput,
  bankImportResultOutput,
  bankImportsOutput,
  bankLinesInput,
  bankLinesOutput,
  ignoreBankLineInput,
  importBankStatementInput,
  organizationsToCreditInput,
  organizationsToCreditOutput,
} from "../schemas/portal/bank-statements-portal";
import { portalPageOf, samePage } from "./paging";

/**
 * Deposits reconciled from the bank, in the operator's console (spread into operator.ts): the
 * statement upload (the file's text, read by the browser), the queue of credits no reference
 * matched, and the recent imports.
 */
export const operatorBankStatements = {
  importBankStatement: operatorProcedure
    .input(importBankStatementInput)
    .output(bankImportResultOutput)
    .mutation(({ ctx, input }) => importBankStatement(ctx, { actor: ctx.actor, fileName: input.fileName, content: input.content })),
  bankImports: operatorProcedure.output(bankImportsOutput).query(({ ctx }) => listBankImports(ctx, { actor: ctx.actor })),
  /** The queue (status menunggu, the default), the lines decided either way, or one import's lines. */
  bankLines: operatorProcedure
    .input(bankLinesInput)
    .output(bankLinesOutput)
    .query(async ({ ctx, input = {} }) =>
      samePage(
        await listBankLines(ctx, {
          actor: ctx.actor,
          filter: { status: input.status, importId: input.importId },
          page: portalPageOf(input.page),
        }),
      ),
    ),
  assignBankLine: operatorProcedure
    .input(assignBankLineInput)
    .output(assignBankLineOutput)
    .mutation(async ({ ctx, input }) => ({
      depositIdr: (
        await assignBankLine(ctx, { actor: ctx.actor, lineId: input.lineId, organizationId: input.organizationId, note: input.note })
      ).depositIdr,
    })),
  ignoreBankLine: operatorProcedure
    .input(ignoreBankLineInput)
    .output(z.void())
    .mutation(({ ctx, input }) => ignoreBankLine(ctx, { actor: ctx.actor, lineId: input.lineId, reason: input.reason })),
  /** Organisations to credit a line to, by name, id or transfer reference. */
  organizationsToCredit: operatorProcedure
    .input(organizationsToCreditInput)
    .output(organizationsToCreditOutput)
    .query(({ ctx, input }) => organizationsToCredit(ctx, { actor: ctx.actor, q: input.q })),
};
