import { describe, expect, it } from "vitest";
import { backoffSeconds, SIGN_IN_BACKOFF } from "./sign-in-backoff";

describe("backoffSeconds", () => {
  const rule = { free: 3, firstWaitSeconds: 10, maxWaitSeconds: 60 };

  it("needs no wait for the free attempts, then doubles the wait up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50, 10_000].map((prior) => backoffSeconds(prior, rule))).toEqual([0, 0, 0, 10, 20, 40, 60, 60, 60]);
  });

  it("keeps the account-wide wait, the one another address can cause the owner, at most half a minute", () => {
    expect(Math.max(...Array.from({ length: 1_000 }, (_, prior) => backoffSeconds(prior, SIGN_IN_BACKOFF.rules.account)))).toBe(30);
  });
});
