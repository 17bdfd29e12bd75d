import { describe, expect, it } from "vitest";
import { attemptResult, isDeliveredStatus, nextAttemptAt, WEBHOOK_MAX_ATTEMPTS, webhookHeaders } from "./webhook-delivery";

describe("nextAttemptAt", () => {
  const failedAt = new Date("2026-11-22T10:00:00.000Z");

  it.each([
    [1, "2026-11-22T10:00:10.000Z"],
    [2, "2026-11-22T10:00:20.000Z"],
    [3, "2026-11-22T10:00:40.000Z"],
    [4, "2026-11-22T10:01:20.000Z"],
    [5, null],
    [6, null],
  ])("after failed attempt %i: %s", (attempt, expected) => {
    expect(nextAttemptAt(attempt, failedAt)?.toISOString() ?? null).toBe(expected);
  });

  it("gives up exactly at the maximum number of attempts", () => {
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS - 1, failedAt)).not.toBeNull();
    expect(nextAttemptAt(WEBHOOK_MAX_ATTEMPTS, failedAt)).toBeNull();
  });
});

describe("isDeliveredStatus", () => {
  it.each([
    [200, true],
    [201, true],
    [204, true],
    [299, true],
    [199, false],
    [301, false],
    [302, false],
    [400, false],
    [500, false],
  ])("%i: %s", (status, delivered) => expect(isDeliveredStatus(status)).toBe(delivered));
});

describe("attemptResult", () => {
  const at = new Date("2026-11-22T10:00:00.000Z");
  const in10s = new Date("2026-11-22T10:00:10.000Z");

  it.each([
    ["a 2xx is terkirim", 1, { statusCode: 204, error: null }, { status: "terkirim", error: null, retryAt: null }],
    ["a 500 is due again per the schedule", 1, { statusCode: 500, error: null }, { status: "menunggu", error: "HTTP 500", retryAt: in10s }],
    [
      "a redirect is a failure, never followed",
      1,
      { statusCode: 302, error: null },
      { status: "menunggu", error: "HTTP 302, redirect not followed", retryAt: in10s },
    ],
    [
      "no answer keeps the classified error",
      1,
      { statusCode: null, error: "connection refused" },
      { status: "menunggu", error: "connection refused", retryAt: in10s },
    ],
    [
      "the last failed attempt is gagal",
      WEBHOOK_MAX_ATTEMPTS,
      { statusCode: 503, error: null },
      { status: "gagal", error: "HTTP 503", retryAt: null },
    ],
  ] as const)("%s", (_name, attempt, answer, expected) => {
    expect(attemptResult(attempt, answer, at)).toEqual(expected);
  });
});

describe("webhookHeaders", () => {
  it("puts the operator's name in the User-Agent and header names", () => {
    expect(webhookHeaders("Kuasa", "t=1,v1=ab", "evt_1")).toEqual({
      "Content-Type": "application/json",
      "User-Agent": "Kuasa-Webhook/1",
      "X-Kuasa-Signature": "t=1,v1=ab",
      "X-Kuasa-Event-Id": "evt_1",
    });
  });
});
