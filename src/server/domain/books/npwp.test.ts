import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { formatNpwp, normalizeNpwp } from "./npwp";

describe("NPWP", () => {
  it("keeps the 16 digits of today's form and the 15 of the old, whatever the grouping typed", () => {
    expect(normalizeNpwp("0012 3456 7890 1234")).toBe("0012345678901234");
    expect(normalizeNpwp("01.234.567.8-901.234")).toBe("012345678901234");
  });

  it("refuses anything else, naming the field", () => {
    for (const bad of ["12345", "0012 3456 7890 12345", "NPWP 0012345678901234"]) {
      expect(() => normalizeNpwp(bad, "npwp")).toThrow(AppError);
    }
  });

  it("prints each form as the tax office groups it", () => {
    expect(formatNpwp("0012345678901234")).toBe("0012 3456 7890 1234");
    expect(formatNpwp("012345678901234")).toBe("01.234.567.8-901.234");
  });
});
