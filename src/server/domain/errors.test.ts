import { describe, expect, it } from "vitest";
import { AppError, ERROR_CODES, isErrorCode } from "./errors";

describe("error code table", () => {
  it("uses UPPER_SNAKE codes only", () => {
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it("gives the spec's statuses to the spec's codes", () => {
    expect(ERROR_CODES.VALIDATION.status).toBe(400);
    expect(ERROR_CODES.IDEMPOTENCY_KEY_REUSED.status).toBe(422);
    expect(ERROR_CODES.UNAUTHENTICATED.status).toBe(401);
    expect(ERROR_CODES.RATE_LIMITED.status).toBe(429);
  });

  it("covers every error status the spec declares for every endpoint", () => {
    const statuses = new Set(Object.values(ERROR_CODES).map((e) => e.status));
    for (const status of [400, 401, 402, 403, 404, 409, 422, 429]) expect(statuses).toContain(status);
  });

  it("gives an AppError its code's status", () => {
    const err = new AppError("INSUFFICIENT_SCOPE", "This key lacks katalog:baca.");
    expect(err.status).toBe(403);
    expect([err.code, err.message, err.param]).toEqual(["INSUFFICIENT_SCOPE", "This key lacks katalog:baca.", undefined]);
  });

  it("recognises only codes of the table", () => {
    expect(isErrorCode("NOT_FOUND")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("BAD_REQUEST")).toBe(false);
  });
});
