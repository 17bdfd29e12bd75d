import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JOB_KINDS } from "@/server/jobs/registry";
import { getRuntime, type Runtime } from "@/server/runtime";
import { readConfig } from "@/server/runtime/config";
import { attachRuntime } from "@/server/runtime/start";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { GET, PUT } from "./route";

let database: TestDatabase;
let runtime: Runtime | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await runtime?.close();
  runtime = null;
});

afterAll(async () => {
  await database?.destroy();
});

/** The process's runtime on the test database; closing it stops the engine and leaves the database to destroy(). */
async function start(env: Record<string, string>) {
  runtime = await attachRuntime({ ...database, close: async () => {} }, readConfig({ NODE_ENV: "test", ...env }));
  return runtime;
}

const request = (method = "GET") => new NextRequest("http://localhost:3000/api/inngest", { method });

describe("/api/inngest", () => {
  it("answers Inngest's introspection with the job functions when INNGEST_DEV is set", async () => {
    vi.stubEnv("INNGEST_DEV", "1");
    const { jobs } = await start({ INNGEST_DEV: "1" });
    expect(jobs.name).toBe("inngest");
    expect(getRuntime().jobs).toBe(jobs);
    const res = await GET(request(), {});
    expect(res.status).toBe(200);
    // Each kind's function and its onFailure handler (a function of its own to Inngest), a timer per deadline kind, the sweep and the wake-up.
    expect(await res.json()).toMatchObject({
      function_count: JOB_KINDS.length * 2 + JOB_KINDS.filter((k) => k.deadline).length + 2,
      mode: "dev",
    });
  });

  it("answers 404 in the API's error shape when jobs run in the local sweeper", async () => {
    const { jobs } = await start({});
    expect(jobs.name).toBe("sweeper");
    for (const res of [await GET(request(), {}), await PUT(request("PUT"), {})]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: {
          code: "NOT_FOUND",
          message: expect.stringContaining("INNGEST_DEV"),
          request_id: res.headers.get("x-request-id"),
          doc_url: `${getRuntime().config.publicUrl}/docs#section/Errors/NOT_FOUND`,
        },
      });
    }
  });
});
