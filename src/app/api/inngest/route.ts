import type { NextRequest } from "next/server";
import { getRuntime } from "@/server/runtime";

// Inngest's introspection, sync (PUT) and function calls (POST); the handler is built with the
// runtime so functions share the process's database and clock.
export const dynamic = "force-dynamic";

type Method = "GET" | "POST" | "PUT";

function handle(method: Method, req: NextRequest, ctx: unknown): Promise<Response> {
  const { jobs } = getRuntime();
  if (jobs.name !== "inngest") {
    return Promise.resolve(
      Response.json(
        {
          error: {
            code: "NOT_FOUND",
            message:
              "Inngest is not configured (set INNGEST_SIGNING_KEY and INNGEST_EVENT_KEY, or INNGEST_DEV=1); jobs run in the local sweeper.",
          },
        },
        { status: 404 },
      ),
    );
  }
  return jobs.handler[method](req, ctx);
}

export const GET = (req: NextRequest, ctx: unknown) => handle("GET", req, ctx);
export const POST = (req: NextRequest, ctx: unknown) => handle("POST", req, ctx);
export const PUT = (req: NextRequest, ctx: unknown) => handle("PUT", req, ctx);
