import { z } from "zod";
import { PROVINCE_CODES } from "@/server/domain/places/provinces";
import { CREDENTIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { nameText } from "@/server/domain/text/name-text";
import type { TestPractitioner } from "@/server/services/sandbox";

const kind = z.enum(CREDENTIAL_KINDS).meta({ description: "advokat, notaris, ppat, konsultan_ki or penerjemah_tersumpah." });
const province = z.enum(PROVINCE_CODES as [string, ...string[]]).meta({
  description:
    "For notaris and ppat: the working area, a province's Kemendagri code (e.g. 31 for DKI Jakarta). Absent or null: every province.",
});
const day = z.iso
  .date()
  .meta({ description: "The credential's last day (YYYY-MM-DD); from that day it stops counting. Absent or null: it does not expire." });

export const testPractitionerInputSchema = z
  .object({
    credentials: z
      .array(z.object({ kind, province: province.nullable().optional(), valid_until: day.nullable().optional() }).strict())
      .max(10)
      .meta({ description: "Every credential the stand-in holds, verified. Empty: none, so no test order can be offered to it." }),
    conflicts: z
      .array(nameText(z.string().trim().min(1, "must not be empty").max(300)))
      .max(20)
      .optional()
      .meta({ description: "Parties on its conflict list: a test order naming one as the other side stalls for a conflict of interest." }),
  })
  .strict()
  .meta({ id: "SetTestPractitioner" });

export const testPractitionerSchema = z
  .object({
    id: z.string(),
    label: z.string().nullable().meta({ description: "The label derived from its credentials, as on `Order.practitioner`." }),
    credentials: z.array(
      z.object({ kind, issuer: z.string(), number: z.string(), province: z.string().nullable(), valid_until: z.string().nullable() }),
    ),
    conflicts: z.array(z.string()),
  })
  .meta({ id: "TestPractitioner" });

export function serializeTestPractitioner(practitioner: TestPractitioner): z.input<typeof testPractitionerSchema> {
  return {
    id: practitioner.id,
    label: practitioner.label,
    credentials: practitioner.credentials.map((c) => ({
      kind: c.kind,
      issuer: c.issuer,
      number: c.number,
      province: c.province,
      valid_until: c.validUntil,
    })),
    conflicts: practitioner.conflicts,
  };
}
