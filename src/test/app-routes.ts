import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { CLIENT_ADDRESS_HEADER } from "@/server/domain/access/client-address";
import type { Runtime } from "@/server/runtime";
import { readConfig } from "@/server/runtime/config";
import { authOptions } from "@/server/runtime/portal";
import { attachRuntime } from "@/server/runtime/start";
import type { TestDatabase } from "./db";
import { cookieOf, sessionCookie, signInWith } from "./next-auth";

/** The session secret of the runtime below: sessions are signed and read with it. */
const SESSION_SECRET = "route-test-secret-0123456789-0123456789";

/**
 * The app's runtime on a test database, as src/server.ts starts it (files under a temporary
 * DATA_DIR, its public URL http://localhost:3000), so the route modules under src/app answer
 * in-process as under Next. close() stops its engine and restores the environment start-up set
 * (NEXTAUTH_URL, NEXTAUTH_SECRET); the database is left to destroy().
 */
export async function startAppRuntime(database: TestDatabase): Promise<Runtime> {
  const saved = { NEXTAUTH_URL: process.env.NEXTAUTH_URL, NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET };
  const config = readConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "kuasa-routes-")),
    NEXTAUTH_SECRET: SESSION_SECRET,
  });
  const runtime = await attachRuntime({ ...database, close: async () => {} }, config);
  return {
    ...runtime,
    close: async () => {
      await runtime.close();
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

/**
 * A request to `path` of the app as Next hands it to a route module, from the portal's own pages
 * (Origin and Sec-Fetch-Site of the public URL) with `cookies` as the browser sends them.
 */
export function appRequest(
  runtime: Runtime,
  path: string,
  init: { method?: string; cookies?: Record<string, string>; body?: BodyInit; headers?: Record<string, string> } = {},
): NextRequest {
  const { publicUrl } = runtime.config;
  const cookie = Object.entries(init.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return new NextRequest(new URL(path, publicUrl), {
    method: init.method ?? "GET",
    body: init.body,
    // A stream is sent as it is read, as a browser's upload.
    ...(init.body instanceof ReadableStream ? { duplex: "half" as const } : {}),
    headers: {
      origin: new URL(publicUrl).origin,
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
      ...init.headers,
    },
  });
}

let addresses = 0;

/**
 * Signs in to the running app through next-auth as the sign-in form does (each time from another
 * client address, so the sign-in throttle stays out of the way): the session cookie its answer sets.
 */
export async function signedIn(runtime: Runtime, email: string, password = "rahasia-sekali-123"): Promise<Record<string, string>> {
  const address = `198.51.100.${++addresses % 250}`;
  const answer = await signInWith(authOptions(), runtime.config.publicUrl, { email, password }, { [CLIENT_ADDRESS_HEADER]: address });
  const cookie = sessionCookie(answer);
  if (!cookie) throw new Error(`${email} could not sign in: ${JSON.stringify(answer.body)}`);
  return cookieOf(cookie);
}
