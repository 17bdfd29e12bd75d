import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createLogger, REQUEST_ID_HEADER, requestContext, requestLog } from "./";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  log.level = "info";
  return { log, lines };
}

function request(headers: Record<string, string> = {}) {
  const req = { headers: { ...headers } } as unknown as IncomingMessage;
  const sent: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (sent[name] = value) } as unknown as ServerResponse;
  return { req, res, sent };
}

describe("the logger", () => {
  it("writes one JSON object per line with a level name, and redacts secret fields at any of the first three levels", () => {
    const { log, lines } = capture();
    log.info(
      {
        authorization: "Bearer kk_live_a.b",
        headers: { cookie: "next-auth.session-token=abc", "set-cookie": "x=y" },
        user: { profile: { password: "hunter2" } },
        webhookSecret: "whsec_1",
        status: 200,
      },
      "request",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", msg: "request", status: 200 });
    expect(JSON.stringify(lines[0])).not.toMatch(/kk_live_a|session-token=abc|x=y|hunter2|whsec_1/);
    expect(lines[0]!.authorization).toBe("[redacted]");
  });
});

describe("requestContext", () => {
  it("assigns one id per request, answers it as X-Request-Id and returns the same id on every later call", () => {
    const { req, res, sent } = request();
    const first = requestContext(req, res);
    expect(first.id).toMatch(/^req_/);
    expect(sent["X-Request-Id"]).toBe(first.id);
    expect(requestContext(req, res).id).toBe(first.id);
    expect(requestLog(req)).toBe(first.log);
    expect(first.log.bindings()).toMatchObject({ requestId: first.id });
    expect(requestContext(request().req, res).id).not.toBe(first.id);
  });

  it("never takes the id from the client: a value sent under the internal header is replaced", () => {
    const { req, res } = request({ [REQUEST_ID_HEADER]: "req_chosen_by_client", "x-request-id": "req_also_from_client" });
    const { id } = requestContext(req, res);
    expect(id).not.toMatch(/client/);
    expect(req.headers[REQUEST_ID_HEADER]).toBe(id);
  });
});
