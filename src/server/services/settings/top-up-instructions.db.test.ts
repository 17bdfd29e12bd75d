import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { adminOf, TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { getTopUpInstructions, setTopUpInstructions, topUpInstructionsFor } from "./index";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
const operator = operatorActor("usr_operator_uji");
const deps = () => ({ db: database.prisma, clock });
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (err: { code?: string }) => err.code ?? String(err),
  );
const DETAILS = {
  bankCode: "bca",
  accountNumber: "123 456-7890",
  accountHolder: " PT  Kuasa Hukum Digital ",
  referenceRule: "KUASA {organisasi}",
};

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe("the platform's top-up instructions", () => {
  it("are absent until the operator sets them, so the admin is told to ask the operator", async () => {
    expect(
      await getTopUpInstructions(deps(), {
        actor: TEST_OPERATOR,
      }),
    ).toBeNull();
    expect(
      await topUpInstructionsFor(deps(), {
        actor: adminOf("org_satu"),
      }),
    ).toBeNull();
  });

  it("show each organisation the operator's account and a transfer note naming that organisation, and audit the change", async () => {
    await setTopUpInstructions(deps(), { actor: operator, input: DETAILS });
    expect(
      await topUpInstructionsFor(deps(), {
        actor: adminOf("org_satu"),
      }),
    ).toEqual({
      bankName: "BCA",
      accountNumber: "1234567890",
      accountHolder: "PT Kuasa Hukum Digital",
      reference: "KUASA org_satu",
    });
    expect(
      (
        await topUpInstructionsFor(deps(), {
          actor: adminOf("org_dua"),
        })
      )?.reference,
    ).toBe("KUASA org_dua");
    const entries = await database.prisma.auditLog.findMany({ where: { action: "settings.top_up_instructions" } });
    expect(entries).toMatchObject([{ actorType: "operator", actorId: operator.id, data: { bank: "bca", account_number: "1234567890" } }]);
  });

  it("replace the one row on a change", async () => {
    await setTopUpInstructions(deps(), {
      actor: operator,
      input: { ...DETAILS, bankCode: "mandiri", referenceRule: "DEPOSIT {organisasi} KUASA" },
    });
    expect(
      await getTopUpInstructions(deps(), {
        actor: TEST_OPERATOR,
      }),
    ).toMatchObject({ bankName: "Mandiri", referenceRule: "DEPOSIT {organisasi} KUASA" });
    expect(await database.prisma.topUpInstructions.count()).toBe(1);
  });

  it("refuse a reference rule without the organisation, an unknown bank and a number that is not digits, changing nothing", async () => {
    const before = await getTopUpInstructions(deps(), {
      actor: TEST_OPERATOR,
    });
    expect(await code(setTopUpInstructions(deps(), { actor: operator, input: { ...DETAILS, referenceRule: "KUASA" } }))).toBe("VALIDATION");
    expect(await code(setTopUpInstructions(deps(), { actor: operator, input: { ...DETAILS, bankCode: "bank_antah" } }))).toBe("VALIDATION");
    expect(await code(setTopUpInstructions(deps(), { actor: operator, input: { ...DETAILS, accountNumber: "12ab34567" } }))).toBe(
      "VALIDATION",
    );
    expect(
      await getTopUpInstructions(deps(), {
        actor: TEST_OPERATOR,
      }),
    ).toEqual(before);
  });
});
