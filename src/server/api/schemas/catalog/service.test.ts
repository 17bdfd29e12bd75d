import { describe, expect, it } from "vitest";
import { INTAKE_FIELD_TYPES } from "@/server/domain/catalog/intake";
import { intakeFieldSchema } from "./service";

describe("the IntakeField schema agents read", () => {
  it("tells how every intake type is checked", () => {
    const description = intakeFieldSchema.shape.type.meta()?.description ?? "";
    for (const type of INTAKE_FIELD_TYPES) expect(description).toContain(`\`${type}\`:`);
  });
});
