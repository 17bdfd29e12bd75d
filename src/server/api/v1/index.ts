import { router } from "../trpc";
import { balanceRouter } from "./balance";
import { casesRouter } from "./cases";
import { catalogRouter } from "./catalog";
import { ordersRouter } from "./orders";

/** Every agent operation, served as /v1 REST and as MCP tools. */
export const v1Router = router({
  catalog: catalogRouter,
  balance: balanceRouter,
  orders: ordersRouter,
  cases: casesRouter,
});

export type V1Router = typeof v1Router;
