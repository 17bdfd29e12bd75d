import { execFileSync, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "@/server/domain/signature";
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS } from "@/server/domain/webhook-delivery";
import { CATALOG_SEED } from "@/server/services/catalog";
import { nodeSnippet, opensslSnippet, retrySchedule, SAMPLE_SERVICE, shellQuote, webhookExample } from "./webhook-example";

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

describe("the worked webhook example", () => {
  const example = webhookExample("Legal-Hub2");

  it("carries the payload fields in the order the sender writes them", () => {
    const body = JSON.parse(example.rawBody) as Record<string, unknown> & { order: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(["id", "event", "sent_at", "order"]);
    expect(body.id).toBe(example.headers["X-Legal-Hub2-Event-Id"]);
    expect(Object.keys(body.order)).toEqual(["id", "status", "service", "price_idr", "sla_due_at", "deliverable", "updated_at"]);
    expect(body.event).toBe(`order.${body.order.status}`);
    expect(example.prettyBody).toBe(JSON.stringify(body, null, 2));
  });

  it("is about a service of the seed catalog, at its seeded price and SLA", () => {
    expect(CATALOG_SEED.find((service) => service.code === SAMPLE_SERVICE.code)).toMatchObject(SAMPLE_SERVICE);
  });

  it("names the headers after the operator", () => {
    expect(example.headers).toMatchObject({ "User-Agent": "Legal-Hub2-Webhook/1", "X-Legal-Hub2-Signature": example.signature });
    expect(example.signatureHeader).toBe("X-Legal-Hub2-Signature");
  });

  it("has a signature the reference verifier accepts within the tolerance and rejects outside it", () => {
    const at = (seconds: number) => ({ now: seconds * 1000 });
    expect(example.signature).toBe(`t=${example.timestamp},v1=${example.v1}`);
    expect(example.signedText).toBe(`${example.timestamp}.${example.rawBody}`);
    expect(
      verifyWebhookSignature(example.secret, example.signature, example.rawBody, at(example.timestamp + example.toleranceSeconds)),
    ).toMatchObject({ ok: true });
    expect(
      verifyWebhookSignature(example.secret, example.signature, example.rawBody, at(example.timestamp + example.toleranceSeconds + 1)),
    ).toMatchObject({ ok: false });
  });

  it("gives a Node snippet that prints true for the example", () => {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", nodeSnippet(example)], { encoding: "utf8" });
    expect(out.trim()).toBe("true");
  });

  it.skipIf(!hasOpenssl)("gives an openssl command that prints the example's v1", () => {
    const out = execFileSync("sh", ["-c", opensslSnippet(example)], { encoding: "utf8" });
    expect(out.trim()).toBe(example.v1);
  });

  it("shell-quotes text with single quotes in it", () => {
    expect(execFileSync("sh", ["-c", `printf '%s' ${shellQuote(`it's "x" $HOME`)}`], { encoding: "utf8" })).toBe(`it's "x" $HOME`);
  });
});

describe("the retry schedule", () => {
  it("has WEBHOOK_MAX_ATTEMPTS attempts with the waits nextAttemptAt gives", () => {
    const schedule = retrySchedule();
    expect(schedule).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(schedule[0]).toEqual({ attempt: 1, atSeconds: 0, waitSeconds: 0 });
    for (const step of schedule.slice(1)) {
      const failedAt = new Date((step.atSeconds - step.waitSeconds) * 1000);
      expect(nextAttemptAt(step.attempt - 1, failedAt)!.getTime()).toBe(step.atSeconds * 1000);
    }
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS, new Date(0))).toBeNull();
  });
});
