import type { NextRequest } from "next/server";
import { errorResponse } from "@/server/api/error-response";
import { AppError } from "@/server/domain/errors";
import { getRuntime } from "@/server/runtime";

// Inngest's introspection, sync (PUT) and function calls (POST); the handler is built with the
// runtime so functions share the process's database and clock.
export const dynamic = "force-dynamic";

type Method = "GET" | "POST" | "PUT";

function handle(method: Method, req: NextRequest, ctx: unknown): Promise<Response> {
  const { jobs, config } = getRuntime();
  if (jobs.name !== "inngest") {
    const missing = new AppError(
      "NOT_FOUND",
      "Inngest is not configured (set INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY, or INNGEST_DEV=1); jobs run in the local sweeper.",
    );
    return Promise.resolve(errorResponse(req, config.publicUrl, missing));
  }
  return jobs.handler[method](req, ctx);
}

export const GET = (req: NextRequest, ctx: unknown) => handle("GET", req, ctx);
export const POST = (req: NextRequest, ctx: unknown) => handle("POST", req, ctx);
export const PUT = (req: NextRequest, ctx: unknown) => handle("PUT", req, ctx);
