import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorActor } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import { adminOf, TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestOrg } from "@/test/fixtures";
import { getTopUpInstructions, setTopUpInstructions, topUpInstructionsFor } from "./index";

let database: TestDatabase;
let one: { id: string; reference: string };
let two: { id: string; reference: string };
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

async function organization() {
  const { id } = await createTestOrg(database.prisma);
  const { transferReference } = await database.prisma.organization.findUniqueOrThrow({ where: { id } });
  return { id, reference: transferReference };
}

beforeAll(async () => {
  database = await createTestDatabase();
  one = await organization();
  two = await organization();
});

afterAll(async () => {
  await database?.destroy();
});

describe("the platform's top-up instructions", () => {
  it("are absent until the operator sets them, so the admin is told to ask the operator, with the organisation's reference already", async () => {
    expect(
      await getTopUpInstructions(deps(), {
        actor: TEST_OPERATOR,
      }),
    ).toBeNull();
    expect(
      await topUpInstructionsFor(deps(), {
        actor: adminOf(one.id),
      }),
    ).toEqual({ transferReference: one.reference, account: null });
  });

  it("show each organisation the operator's account and a transfer note carrying its own transfer reference, and audit the change", async () => {
    expect(one.reference).toMatch(/^KSA[0-9A-Z]{8}$/);
    expect(two.reference).not.toBe(one.reference);
    await setTopUpInstructions(deps(), { actor: operator, input: DETAILS });
    expect(
      await topUpInstructionsFor(deps(), {
        actor: adminOf(one.id),
      }),
    ).toEqual({
      transferReference: one.reference,
      account: {
        bankName: "BCA",
        accountNumber: "1234567890",
        accountHolder: "PT Kuasa Hukum Digital",
        note: `KUASA ${one.reference}`,
      },
    });
    expect(
      (
        await topUpInstructionsFor(deps(), {
          actor: adminOf(two.id),
        })
      ).account?.note,
    ).toBe(`KUASA ${two.reference}`);
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

describe("an organisation without a transfer reference (written by an older process during an upgrade)", () => {
  it("has one from the database, shown when its admin reads how to top up, and keeps it", async () => {
    await database.prisma
      .$executeRaw`INSERT INTO "Organization" ("id", "name", "status", "updatedAt") VALUES ('org_lama', 'PT Lama', 'aktif', now())`;
    const first = await topUpInstructionsFor(deps(), { actor: adminOf("org_lama") });
    expect(first.transferReference).toMatch(/^KSA[0-9A-Z]{8}$/);
    expect((await topUpInstructionsFor(deps(), { actor: adminOf("org_lama") })).transferReference).toBe(first.transferReference);
    expect((await database.prisma.organization.findUniqueOrThrow({ where: { id: "org_lama" } })).transferReference).toBe(
      first.transferReference,
    );
  });
});
