import { describe, expect, it } from "vitest";
import { categoryLabel, categoryWords } from "./category";

describe("category names", () => {
  it("read a code as words inside a sentence and as a capitalised label on its own", () => {
    expect(categoryWords("kekayaan_intelektual")).toBe("kekayaan intelektual");
    expect(categoryLabel("kekayaan_intelektual")).toBe("Kekayaan intelektual");
    expect(categoryLabel("kontrak")).toBe("Kontrak");
  });
});
