import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { fieldErrorOf } from "./field-error";

/** A failed portal call as the browser's client sees it: the API's error in `data.apiError`. */
const refusal = (apiError: { code: string; message: string; param?: string }) =>
  TRPCClientError.from({ error: { message: apiError.message, code: -32600, data: { apiError } } });

describe("fieldErrorOf", () => {
  it("names the field of a VALIDATION refusal and gives its message without the field's name before it", () => {
    const error = refusal({ code: "VALIDATION", message: "npwp: NPWP terdiri dari 16 angka.", param: "npwp" });
    expect(fieldErrorOf(error)).toEqual({ param: "npwp", message: "NPWP terdiri dari 16 angka." });
    const lower = refusal({ code: "VALIDATION", message: "platformAddress: alamat platform wajib diisi.", param: "platformAddress" });
    expect(fieldErrorOf(lower)?.message).toBe("Alamat platform wajib diisi.");
  });

  it("blames no field for a refusal without one, another code, or a failure that is not the portal's", () => {
    expect(fieldErrorOf(refusal({ code: "VALIDATION", message: "body: Required" }))).toBeNull();
    expect(fieldErrorOf(refusal({ code: "CONFLICT", message: "Sudah ada.", param: "effectiveFrom" }))).toBeNull();
    expect(fieldErrorOf(new Error("fetch failed"))).toBeNull();
  });
});
