import type { PractitionerBankAccount } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type Actor, type OperatorActor, type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import {
  type BankAccountInput,
  bankName,
  CURRENT_ACCOUNT,
  isRecentAccount,
  maskAccountNumber,
  normalizeBankAccount,
  payoutDestinationText,
} from "@/server/domain/money/bank-account";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";

/** The practitioner's own view: the number masked once saved (a borrowed session must not read it). */
export interface OwnBankAccount {
  id: string;
  bankCode: string;
  bankName: string;
  maskedNumber: string;
  holderName: string;
  createdAt: Date;
  verifiedAt: Date | null;
}

/** What the operator's payout form needs: the whole number, since they type it into the bank's transfer screen. */
export interface PayoutAccount extends OwnBankAccount {
  accountNumber: string;
  /** "BCA •••• 1234 a.n. …", as the payout's statement row will read. */
  destination: string;
  /** Changed or verified in the last 24 hours: a payout to it needs the second confirmation. */
  recent: boolean;
}

/** An account in the operator's history of a practitioner's accounts. */
export interface OperatorBankAccount extends PayoutAccount {
  replacedAt: Date | null;
  verifiedBy: { id: string; name: string } | null;
}

function ownView(row: PractitionerBankAccount): OwnBankAccount {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: bankName(row.bankCode),
    maskedNumber: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    createdAt: row.createdAt,
    verifiedAt: row.verifiedAt,
  };
}

export function payoutAccountView(row: PractitionerBankAccount, now: Date): PayoutAccount {
  return {
    ...ownView(row),
    accountNumber: row.accountNumber,
    destination: payoutDestinationText(row),
    recent: isRecentAccount(row, now),
  };
}

function currentAccount(db: DbOrTx, practitionerId: string) {
  return db.practitionerBankAccount.findFirst({ where: { practitionerId, ...CURRENT_ACCOUNT } });
}

/** Audit data naming an account without its whole number. */
const auditedAccount = (row: PractitionerBankAccount) => ({
  bank_account_id: row.id,
  bank: row.bankCode,
  account: maskAccountNumber(row.accountNumber),
  holder: row.holderName,
});

export async function myBankAccount(
  deps: Pick<ServiceDeps, "db">,
  { actor }: { actor: PractitionerActor },
): Promise<OwnBankAccount | null> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const row = await currentAccount(deps.db, practitionerId);
  return row && ownView(row);
}

/**
 * The practitioner sets or changes the account their payouts go to. The old row is kept with
 * replacedAt, the new one waits for the operator's verification again, audited. The same account
 * sent again changes nothing (a double click must not undo a verification).
 */
export async function setBankAccount(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, input }: { actor: PractitionerActor; input: BankAccountInput },
): Promise<OwnBankAccount> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  const account = normalizeBankAccount(input);
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    // Changes, verifications and payouts of one practitioner queue here: only one row is ever current.
    await lockRow(tx, "Practitioner", practitionerId);
    const current = await currentAccount(tx, practitionerId);
    if (
      current &&
      current.bankCode === account.bankCode &&
      current.accountNumber === account.accountNumber &&
      current.holderName === account.holderName
    )
      return ownView(current);
    if (current) await tx.practitionerBankAccount.update({ where: { id: current.id }, data: { replacedAt: now } });
    const created = await tx.practitionerBankAccount.create({
      data: { id: newId("bankAccount"), practitionerId, ...account, createdAt: now },
    });
    await audit(tx, {
      actor,
      action: "practitioner.bank_account_set",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { ...auditedAccount(created), replaced: current?.id ?? null },
    });
    return ownView(created);
  });
}

/** Every account a (real) practitioner has had, for the operator: the current one, then the last replaced first. */
export async function bankAccountsForOperator(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    actor,
    practitionerId,
  }: {
    actor: OperatorActor;
    practitionerId: string;
  },
): Promise<{ practitioner: { id: string; name: string }; accounts: OperatorBankAccount[] }> {
  requireActor(actor, "operator");
  const practitioner = await deps.db.practitioner.findFirst({
    where: { id: practitionerId, simulated: false },
    select: { id: true, name: true, bankAccounts: { orderBy: [{ replacedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }] } },
  });
  if (!practitioner) throw new AppError("NOT_FOUND", `No practitioner ${practitionerId}.`);
  const { bankAccounts: rows, ...named } = practitioner;
  const verifiers = await deps.db.user.findMany({
    where: { id: { in: rows.flatMap((row) => (row.verifiedBy ? [row.verifiedBy] : [])) } },
    select: { id: true, name: true },
  });
  const now = deps.clock.now();
  return {
    practitioner: named,
    accounts: rows.map((row) => ({
      ...payoutAccountView(row, now),
      replacedAt: row.replacedAt,
      verifiedBy: verifiers.find((user) => user.id === row.verifiedBy) ?? null,
    })),
  };
}

/**
 * The operator confirms the current account is the practitioner's (typically by asking them
 * directly). Only the current account can be verified: one replaced meanwhile is INVALID_STATE;
 * verifying it again changes nothing.
 */
export async function verifyBankAccount(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, practitionerId, bankAccountId }: { actor: Actor; practitionerId: string; bankAccountId: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await lockRow(tx, "Practitioner", practitionerId);
    const row = await tx.practitionerBankAccount.findFirst({ where: { id: bankAccountId, practitionerId } });
    if (!row) throw new AppError("NOT_FOUND", `No bank account ${bankAccountId} of practitioner ${practitionerId}.`);
    if (row.replacedAt) throw new AppError("INVALID_STATE", "Rekening ini sudah diganti praktisi; verifikasi rekening terbarunya.");
    // A second click, or two operators at once: verified once, audited once.
    if (row.verifiedAt) return;
    await tx.practitionerBankAccount.update({ where: { id: row.id }, data: { verifiedAt: now, verifiedBy: actor.id } });
    await audit(tx, {
      actor,
      action: "practitioner.bank_account_verify",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: auditedAccount(row),
    });
  });
}
