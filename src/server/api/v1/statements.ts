import { depositStatement, depositStatementFile, type StatementFormat } from "@/server/services/books";
import { generatedContent } from "@/server/services/files";
import { type AgentContext, agentProcedure } from "../agent-procedure";
import { serializeStatement, statementMonthSchema, statementSchema } from "../schemas/books/statement";
import { bytesOutput } from "../schemas/files/file";
import { router } from "../trpc";

const MONTH_SEMANTICS =
  "`{month}` is a Jakarta calendar month (`YYYY-MM`); the current month is the month so far, its closing balance the deposit " +
  "now; a month not yet begun is 400 VALIDATION, as is anything but `YYYY-MM`. A test key reads its test deposit, marked as test.";

/** The month's statement as a file, for the agent's own deposit in its key's mode. */
const statementFile = async (ctx: AgentContext, month: string, format: StatementFormat) =>
  generatedContent(await depositStatementFile(ctx, { actor: ctx.actor, month, format }));

export const statementsRouter = router({
  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/statements/{month}",
        tags: ["Pembukuan"],
        summary: "The deposit's monthly statement",
        description:
          "The deposit of this key's organisation in this key's mode over one month: the opening balance, every movement with the " +
          "number of the document issued for it, and the closing balance. It is the ledger itself, to the rupiah: " +
          `opening_balance_idr plus every line's amount_idr is closing_balance_idr. ${MONTH_SEMANTICS}`,
        protect: true,
      },
    })
    .input(statementMonthSchema)
    .output(statementSchema)
    .query(async ({ ctx, input }) => serializeStatement(await depositStatement(ctx, { actor: ctx.actor, month: input.month }))),

  pdf: agentProcedure
    .meta({
      scope: "status:baca",
      answer: "application/pdf",
      openapi: {
        method: "GET",
        path: "/v1/statements/{month}/pdf",
        tags: ["Pembukuan"],
        summary: "The deposit's monthly statement as PDF",
        description: `The statement of GET /v1/statements/{month} as printed, \`Content-Disposition: attachment\` (\`kuasa-laporan-deposit-2026-11.pdf\`). ${MONTH_SEMANTICS}`,
        protect: true,
      },
    })
    .input(statementMonthSchema)
    .output(bytesOutput("The PDF's bytes."))
    .query(({ ctx, input }) => statementFile(ctx, input.month, "pdf")),

  csv: agentProcedure
    .meta({
      scope: "status:baca",
      answer: "text/csv",
      openapi: {
        method: "GET",
        path: "/v1/statements/{month}/csv",
        tags: ["Pembukuan"],
        summary: "The deposit's monthly statement as CSV",
        description:
          "The statement of GET /v1/statements/{month} for a spreadsheet: UTF-8 with a byte order mark, `;` between cells, CRLF; " +
          "columns waktu_wib, kode_jenis, jenis, referensi, nomor_dokumen, jumlah_idr, saldo_idr; an opening line (kode_jenis " +
          "`saldo_awal`), every movement, a closing line (`saldo_akhir`); amounts as plain signed integers of rupiah, times in WIB. " +
          MONTH_SEMANTICS,
        protect: true,
      },
    })
    .input(statementMonthSchema)
    .output(bytesOutput("The CSV's bytes."))
    .query(({ ctx, input }) => statementFile(ctx, input.month, "csv")),
});
