import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { clientMetadataSchema } from "@/server/domain/access/oauth";
import { REQUEST_EXAMPLES } from "../openapi-examples";
import { acceptInput } from "./access/invitation-portal";
import { approveAuthorizationInput } from "./access/oauth-portal";
import { createCaseSchema } from "./cases/case";
import { topUpInstructionsInput } from "./money/top-up";
import { createOrganizationInput, createPractitionerInput } from "./portal/operator-portal";
import { createKeyInput, updateKeyInput } from "./portal/organization-portal";
import { bankAccountInput, profileInput } from "./portal/practitioner-portal";
import { credentialInput } from "./practitioners/credential-portal";

const key = { name: "Agen pengadaan", scopes: ["katalog:baca"], maxOrderIdr: 1_000_000, monthlyBudgetIdr: 5_000_000, webhookUrl: null };
const practitioner = { name: "Budi Santoso", email: "budi@contoh.id", password: "rahasia-sekali-123", categories: [] };
const credential = { kind: "advokat", issuer: "PERADI", number: "12.00123", validUntil: null, province: null };

/** Every name people type and others read: its schema, an input it takes, and the field. */
const NAME_FIELDS: Array<{ name: string; schema: z.ZodType; input: Record<string, unknown>; field: string }> = (
  [
    ["an organisation's name", createOrganizationInput, { name: "PT Maju Jaya", status: "aktif" }, "name"],
    ["an invited admin's name", acceptInput, { token: "t0ken", name: "Siti Rahma", password: "rahasia-sekali-123" }, "name"],
    ["a new practitioner's name", createPractitionerInput, practitioner, "name"],
    ["a credential's issuer", credentialInput, credential, "issuer"],
    ["a credential's number", credentialInput, credential, "number"],
    ["a practitioner's display name", profileInput, { displayName: "Budi Santoso, S.H., M.H." }, "displayName"],
    [
      "a bank account's holder",
      bankAccountInput,
      { bankCode: "bca", accountNumber: "1234567890", holderName: "Budi Santoso" },
      "holderName",
    ],
    [
      "the platform account's holder",
      topUpInstructionsInput,
      { bankCode: "bca", accountNumber: "1234567890", accountHolder: "PT Kuasa", referenceRule: "KUASA {organisasi}" },
      "accountHolder",
    ],
    ["a new API key's name", createKeyInput, key, "name"],
    ["an API key's new name", updateKeyInput, { ...key, apiKeyId: "key_1" }, "name"],
    ["an OAuth grant's key name", approveAuthorizationInput, { ...key, params: {} }, "name"],
    ["a case's contact", createCaseSchema, REQUEST_EXAMPLES["POST /v1/cases"] as Record<string, unknown>, "contact_name"],
    [
      "an OAuth client's name",
      clientMetadataSchema,
      { client_name: "Asisten Hukum", redirect_uris: ["https://klien.contoh.id/cb"] },
      "client_name",
    ],
  ] as const
).map(([name, schema, input, field]) => ({ name, schema: schema as z.ZodType, input: input as Record<string, unknown>, field }));

describe("names refuse invisible formatting characters", () => {
  it.each(NAME_FIELDS)("$name ($field) takes a plain name and refuses U+202E with an error on the field", ({ schema, input, field }) => {
    expect(schema.safeParse(input).success).toBe(true);
    const spoofed = { ...input, [field]: `${String(input[field])}\u202Egpj.exe` };
    const issues = schema.safeParse(spoofed).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, expect.stringContaining("U+202E")]]);
  });

  it("every bidi control and other invisible format characters, anywhere in the name, each named by its code point", () => {
    const controls = [
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200E",
      "\u200F",
      "\u061C",
    ];
    const otherInvisible = ["\u200B", "\u200D", "\u00AD", "\uFEFF", "\u{E0041}"];
    // At either end the BOM is whitespace to trim(), which takes it off: only inside does it stay.
    const places = (char: string) => (char === "\uFEFF" ? [`PT${char}Maju`] : [`${char}PT Maju`, `PT ${char}Maju`, `PT Maju${char}`]);
    for (const char of [...controls, ...otherInvisible]) {
      const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      for (const name of places(char)) {
        const issues = createOrganizationInput.safeParse({ name, status: "aktif" }).error?.issues ?? [];
        expect(issues.map((issue) => issue.message)).toEqual([expect.stringContaining(code)]);
      }
    }
  });

  it("takes names in other scripts, with accents, and with emoji, which are visible", () => {
    for (const name of ["Koperasi Ṡejahtera", "مؤسسة المحاماة", "法律事務所", "Tim Legal 🚀", "Ñoño & Rekan, S.H."])
      expect(createOrganizationInput.safeParse({ name, status: "aktif" }).success, name).toBe(true);
  });

  it("still refuses line breaks and control characters as one-line names", () => {
    for (const name of ["PT Maju\nBcc: semua", "PT\u2028Maju", "PT\u0007Maju"])
      expect(createOrganizationInput.safeParse({ name, status: "aktif" }).error?.issues[0]?.message, name).toMatch(/one line/);
  });
});
