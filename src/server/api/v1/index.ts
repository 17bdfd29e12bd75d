import { router } from "../trpc";
import { balanceRouter } from "./balance";
import { casesRouter } from "./cases";
import { catalogRouter } from "./catalog";
import { contentChecksRouter } from "./content-checks";
import { eventsRouter } from "./events";
import { filesRouter } from "./files";
import { invoicesRouter } from "./invoices";
import { ordersRouter } from "./orders";
import { receiptsRouter } from "./receipts";
import { statementsRouter } from "./statements";
import { testHelpersRouter } from "./test-helpers";

/** Every agent operation, served as /v1 REST (and, from the MCP tool table, as MCP tools). */
export const v1Router = router({
  catalog: catalogRouter,
  balance: balanceRouter,
  orders: ordersRouter,
  cases: casesRouter,
  invoices: invoicesRouter,
  receipts: receiptsRouter,
  statements: statementsRouter,
  events: eventsRouter,
  files: filesRouter,
  contentChecks: contentChecksRouter,
  testHelpers: testHelpersRouter,
});

export type V1Router = typeof v1Router;
