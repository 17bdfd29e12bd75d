import { SWEEPER } from "@/server/domain/access/actor";
import { issueAllDocuments, undocumentedTransfers } from "@/server/services/books";
import type { JobKind } from "./types";

/**
 * Receipts, credit notes and deposit receipts for the deposit transfers that have none
 * (services/books/issue.ts). Whichever row woke it, it documents every one still missing, oldest
 * first, so a credit note never comes before the receipt it corrects.
 */
export const booksIssueJob: JobKind = {
  name: "books-issue",
  findDue: undocumentedTransfers,
  handle: async (deps) => {
    await issueAllDocuments(deps, { actor: SWEEPER });
  },
  handleBatch: async (deps) => {
    await issueAllDocuments(deps, { actor: SWEEPER });
  },
};
