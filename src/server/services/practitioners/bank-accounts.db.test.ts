import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/server/domain/clock";
import { RECENT_ACCOUNT_MS } from "@/server/domain/money/bank-account";
import { pageRequestOf } from "@/server/domain/paging";
import { practitionerActorOf } from "@/server/services/access";
import { TEST_OPERATOR } from "@/test/actors";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { createTestPractitioner } from "@/test/orders";
import { codeOf } from "@/test/portal";
import { changedTables, snapshotTables } from "@/test/table-snapshot";
import { accounts, earningsStatement, recordPayout, transfer } from "../money";
import { bankAccountsForOperator, myBankAccount, setBankAccount, verifyBankAccount } from "./bank-accounts";

let database: TestDatabase;

const clock = fixedClock("2026-11-23T03:00:00Z");

const deps = () => ({ db: database.prisma, clock });

const operator = TEST_OPERATOR;

const BCA = { bankCode: "bca", accountNumber: "0123-4567 89", holderName: "  Rina   Advokat " };

const MANDIRI = { bankCode: "mandiri", accountNumber: "1370012345678", holderName: "Rina Advokat" };

const DAY_AND_A_BIT = RECENT_ACCOUNT_MS + 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

/** A practitioner with `amountIdr` released to them (as an accepted order's escrow release would). */
async function practitionerWithEarnings(amountIdr = 5_000_000n) {
  const practitionerId = await createTestPractitioner(database.prisma);
  await database.prisma.$transaction((tx) =>
    transfer(tx, {
      from: accounts.externalFunding(true),
      to: accounts.practitionerPayable(practitionerId),
      amountIdr,
      kind: "escrow_release",
    }),
  );
  return { practitionerId, self: await practitionerActorOf(database.prisma, practitionerId) };
}

const payout = (practitionerId: string, confirmedRecentAccount = false) =>
  recordPayout(deps(), {
    actor: operator,
    practitionerId,
    payout: { amountIdr: 1_000_000n, reference: "BCA 0091-22", confirmedRecentAccount },
  });

describe("a practitioner's bank account", () => {
  it("refuses an unknown bank (there is no 'other'), a number that is not 6-20 digits, and an empty holder, changing nothing", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const before = await snapshotTables(database.prisma);
    for (const wrong of [
      { ...BCA, bankCode: "lainnya" },
      { ...BCA, accountNumber: "12345" },
      { ...BCA, accountNumber: "1".repeat(21) },
      { ...BCA, accountNumber: "0123 4567 8O" },
      { ...BCA, holderName: "   " },
    ])
      expect(await codeOf(setBankAccount(deps(), { actor: self, input: wrong }))).toBe("VALIDATION");
    expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);
    expect(
      await myBankAccount(deps(), {
        actor: await practitionerActorOf(deps().db, practitionerId),
      }),
    ).toBeNull();
  });

  it("stores digits only and shows the practitioner the last 4, waiting for verification, audited without the whole number", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const saved = await setBankAccount(deps(), { actor: self, input: BCA });
    expect(saved).toMatchObject({ bankName: "BCA", maskedNumber: "•••• 6789", holderName: "Rina Advokat", verifiedAt: null });
    expect(
      await myBankAccount(deps(), {
        actor: await practitionerActorOf(deps().db, practitionerId),
      }),
    ).toEqual(saved);
    const row = await database.prisma.practitionerBankAccount.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row.accountNumber).toBe("0123456789");
    const entry = await database.prisma.auditLog.findFirstOrThrow({
      where: { action: "practitioner.bank_account_set", subjectId: practitionerId },
    });
    expect(entry).toMatchObject({
      actorType: "practitioner",
      data: { bank_account_id: saved.id, bank: "bca", account: "•••• 6789", replaced: null },
    });
    expect(JSON.stringify(entry.data)).not.toContain("0123456789");
  });

  it("keeps every old account when it changes: the new one is current and unverified again, the old one replaced and still verified; the same account again changes nothing", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const first = await setBankAccount(deps(), { actor: self, input: BCA });
    await verifyBankAccount(deps(), { actor: operator, practitionerId, bankAccountId: first.id });
    const before = await snapshotTables(database.prisma);
    expect(await setBankAccount(deps(), { actor: self, input: { ...BCA, accountNumber: "0123456789" } })).toMatchObject({
      id: first.id,
    });
    expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);

    const second = await setBankAccount(deps(), { actor: self, input: MANDIRI });
    expect(second).toMatchObject({ bankName: "Mandiri", maskedNumber: "•••• 5678", verifiedAt: null });
    const { accounts: history } = await bankAccountsForOperator(deps(), {
      actor: TEST_OPERATOR,
      practitionerId,
    });
    expect(history.map((a) => [a.id, a.accountNumber, a.replacedAt !== null, a.verifiedAt !== null])).toEqual([
      [second.id, "1370012345678", false, false],
      [first.id, "0123456789", true, true],
    ]);
    expect(await database.prisma.auditLog.count({ where: { action: "practitioner.bank_account_set", subjectId: practitionerId } })).toBe(2);
    // Only the current account can be verified.
    expect(await codeOf(verifyBankAccount(deps(), { actor: operator, practitionerId, bankAccountId: first.id }))).toBe("INVALID_STATE");
  });

  it("verifies only the practitioner's own current account: another's account id is NOT_FOUND and changes nothing", async () => {
    const mine = await practitionerWithEarnings();
    const theirs = await practitionerWithEarnings();
    const account = await setBankAccount(deps(), { actor: mine.self, input: BCA });
    const before = await snapshotTables(database.prisma);
    expect(
      await codeOf(verifyBankAccount(deps(), { actor: operator, practitionerId: theirs.practitionerId, bankAccountId: account.id })),
    ).toBe("NOT_FOUND");
    expect(await codeOf(verifyBankAccount(deps(), { actor: operator, practitionerId: "prk_tidakada", bankAccountId: account.id }))).toBe(
      "NOT_FOUND",
    );
    expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);
    expect(
      await myBankAccount(deps(), {
        actor: await practitionerActorOf(deps().db, theirs.practitionerId),
      }),
    ).toBeNull();
  });
});

describe("a payout and the bank account", () => {
  it("is refused while the practitioner has no account, and while it is unverified, changing nothing", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const before = await snapshotTables(database.prisma);
    expect(await codeOf(payout(practitionerId, true))).toBe("INVALID_STATE");
    expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);
    await setBankAccount(deps(), { actor: self, input: BCA });
    const unverified = await snapshotTables(database.prisma);
    await expect(payout(practitionerId, true)).rejects.toThrow("belum diverifikasi");
    expect(changedTables(unverified, await snapshotTables(database.prisma))).toEqual([]);
  });

  it("to an account verified in the last 24 hours needs the second confirmation; after a day it does not", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const account = await setBankAccount(deps(), { actor: self, input: BCA });
    clock.advance(DAY_AND_A_BIT);
    await verifyBankAccount(deps(), { actor: operator, practitionerId, bankAccountId: account.id });
    const before = await snapshotTables(database.prisma);
    await expect(payout(practitionerId)).rejects.toThrow("kurang dari 24 jam");
    expect(changedTables(before, await snapshotTables(database.prisma))).toEqual([]);
    expect(await payout(practitionerId, true)).toMatchObject({ availableIdr: 4_000_000n });

    clock.advance(DAY_AND_A_BIT);
    expect(await payout(practitionerId)).toMatchObject({ availableIdr: 3_000_000n });
  });

  it("to an account changed in the last 24 hours needs the second confirmation even once verified", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const account = await setBankAccount(deps(), { actor: self, input: BCA });
    await verifyBankAccount(deps(), { actor: operator, practitionerId, bankAccountId: account.id });
    clock.advance(RECENT_ACCOUNT_MS - 60_000);
    expect(await codeOf(payout(practitionerId))).toBe("INVALID_STATE");
    clock.advance(2 * 60_000);
    expect(await payout(practitionerId)).toMatchObject({ availableIdr: 4_000_000n });
  });

  it("records where the money went on the statement and in the audit, and keeps it after the account changes", async () => {
    const { practitionerId, self } = await practitionerWithEarnings();
    const account = await setBankAccount(deps(), { actor: self, input: BCA });
    await verifyBankAccount(deps(), { actor: operator, practitionerId, bankAccountId: account.id });
    clock.advance(DAY_AND_A_BIT);
    expect(await payout(practitionerId)).toEqual({ availableIdr: 4_000_000n, destination: "BCA •••• 6789 a.n. Rina Advokat" });
    expect(
      await database.prisma.auditLog.findFirstOrThrow({ where: { action: "practitioner.payout", subjectId: practitionerId } }),
    ).toMatchObject({
      data: { bank_account_id: account.id, bank: "bca", account: "•••• 6789", holder: "Rina Advokat", reference: "BCA 0091-22" },
    });

    await setBankAccount(deps(), { actor: self, input: MANDIRI });
    const [row] = (
      await earningsStatement(deps(), {
        actor: await practitionerActorOf(deps().db, practitionerId),
        page: pageRequestOf({}),
      })
    ).data;
    expect(row).toMatchObject({ kind: "practitioner_payout", amountIdr: -1_000_000n, description: "BCA •••• 6789 a.n. Rina Advokat" });
    // The new account is not verified: no further payout until it is.
    expect(await codeOf(payout(practitionerId, true))).toBe("INVALID_STATE");
  });
});
