import { createHash } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { BankLineStatus } from "@/generated/prisma/enums";
import type { Tx } from "@/server/db/client";
import { type OperatorActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import {
  BANK_LAYOUTS,
  type BankLayout,
  MAX_STATEMENT_BYTES,
  type SkippedCredit,
  statementTooLarge,
} from "@/server/domain/books/bank-statements/common";
import { parseBankStatement } from "@/server/domain/books/bank-statements/statement";
import { referencesIn } from "@/server/domain/books/transfer-reference";
import { dateColumnOf, dayOfDateColumn } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { cursorRow, keyset, type Page, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import { audit } from "../audit";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { creditDeposit } from "../organizations";

/**
 * Deposits reconciled from the bank (docs/decisions/bank-reconciliation.md): the operator imports
 * the platform account's statement; each new credit whose description carries exactly one
 * organisation's transfer reference tops up that organisation's live deposit, every other one
 * waits in a queue for the operator to credit to an organisation or to ignore. A credit is one
 * row per lineKey, inserted with ON CONFLICT DO NOTHING in the transaction that moves its money,
 * so a file imported twice, an overlapping file or two imports at once credit it once.
 */

/** Credits written per transaction: the transaction stays short, the import's counts follow each commit. */
const LINES_PER_TRANSACTION = 50;

const FILE_NAME_MAX = 255;

export interface BankImportResult {
  importId: string;
  layout: BankLayout;
  accountNumber: string;
  /** New credits that topped up a deposit. */
  credited: number;
  /** New credits waiting in the queue. */
  queued: number;
  /** Credits already imported (this file again, or an overlapping one). */
  duplicates: number;
  /** Debit lines read and left out. */
  debits: number;
  /** Credits not imported: pending at the bank, or with sen. */
  skipped: SkippedCredit[];
}

/** What a credit's ledger transfer says: the bank, the booking day and the line, e.g. "BCA 03/11/2026 bln_…". */
function lineReference(layout: string, bookedOn: Date, lineId: string): string {
  const [year, month, day] = dayOfDateColumn(bookedOn).split("-");
  return `${BANK_LAYOUTS[layout as BankLayout]?.bank ?? layout} ${day}/${month}/${year} ${lineId}`;
}

/** Known organisations by the transfer references among `candidates`. */
async function organizationsByReference(db: Pick<Tx, "organization">, candidates: readonly string[]): Promise<Map<string, string>> {
  if (candidates.length === 0) return new Map();
  const found = await db.organization.findMany({
    where: { transferReference: { in: [...new Set(candidates)] } },
    select: { id: true, transferReference: true },
  });
  return new Map(found.map((org) => [org.transferReference, org.id]));
}

/** The one organisation a description names, or null when it names none or more than one. */
function organizationNamed(description: string, known: ReadonlyMap<string, string>): { organizationId: string; reference: string } | null {
  const named = referencesIn(description).filter((reference) => known.has(reference));
  return named.length === 1 ? { organizationId: known.get(named[0]!)!, reference: named[0]! } : null;
}

/**
 * Imports one statement file (the portal's upload, or `npm run ops -- deposit:import FILE`): its
 * layout read from its content, then its credits a transaction per LINES_PER_TRANSACTION. Only
 * live deposits are topped up: the statement is real money.
 */
export async function importBankStatement(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  { actor, fileName, content }: { actor: OperatorActor | SystemActor; fileName: string; content: string },
): Promise<BankImportResult> {
  requireActor(actor, "operator", "system");
  const { db, clock } = deps;
  if (Buffer.byteLength(content, "utf8") > MAX_STATEMENT_BYTES) throw statementTooLarge();
  const name = fileName.trim().slice(0, FILE_NAME_MAX) || "mutasi.csv";
  const statement = parseBankStatement(content);
  const known = await organizationsByReference(
    db,
    statement.credits.flatMap((credit) => referencesIn(credit.description)),
  );
  const importId = newId("bankImport");
  const now = clock.now();
  await db.$transaction(async (tx) => {
    await tx.bankStatementImport.create({
      data: {
        id: importId,
        fileName: name,
        layout: statement.layout,
        sha256: createHash("sha256").update(content).digest("hex"),
        importedBy: actor.id,
        createdAt: now,
      },
    });
    await audit(tx, {
      actor,
      action: "bank_statement.import",
      subjectType: "bank_statement_import",
      subjectId: importId,
      data: { file_name: name, layout: statement.layout, account_number: statement.accountNumber, credits: statement.credits.length },
    });
  });

  const counts = { credited: 0, queued: 0, duplicates: 0 };
  // Credited in the statement's order, so each top-up's balance reads as the bank booked them.
  const { credits } = statement;
  for (let start = 0; start < credits.length; start += LINES_PER_TRANSACTION) {
    const chunk = credits.slice(start, start + LINES_PER_TRANSACTION);
    const done = await db.$transaction(async (tx) => {
      const rows = chunk.map((credit) => ({
        id: newId("bankLine"),
        lineKey: credit.lineKey,
        importId,
        bookedOn: dateColumnOf(credit.bookedOn),
        description: credit.description,
        amountIdr: credit.amountIdr,
        status: "menunggu" as const,
      }));
      // A key another import holds uncommitted waits for it: then a duplicate, or ours if it rolled
      // back. Keys go in sorted, so concurrent imports of overlapping files take the unique index's
      // entries in one order and wait for each other instead of deadlocking.
      const inserted = await tx.bankStatementLine.createManyAndReturn({
        data: [...rows].sort((a, b) => (a.lineKey < b.lineKey ? -1 : 1)),
        skipDuplicates: true,
        select: { id: true },
      });
      const fresh = new Set(inserted.map((row) => row.id));
      let credited = 0;
      for (const row of rows.filter((r) => fresh.has(r.id))) {
        const named = organizationNamed(row.description, known);
        if (!named) continue;
        const { transferId } = await creditDeposit(tx, {
          actor,
          organizationId: named.organizationId,
          amountIdr: row.amountIdr,
          reference: lineReference(statement.layout, row.bookedOn, row.id),
          livemode: true,
          publicUrl: publicUrlOf(deps),
          auditData: { bank_line: row.id },
        });
        await tx.bankStatementLine.update({
          where: { id: row.id },
          data: {
            status: "dikreditkan",
            organizationId: named.organizationId,
            transferId,
            decidedBy: actor.id,
            decidedAt: now,
            note: `Kode ${named.reference} di keterangan`,
          },
        });
        credited++;
      }
      const result = { credited, queued: inserted.length - credited, duplicates: chunk.length - inserted.length };
      await tx.bankStatementImport.update({
        where: { id: importId },
        data: {
          credited: { increment: result.credited },
          queued: { increment: result.queued },
          duplicates: { increment: result.duplicates },
        },
      });
      return result;
    });
    counts.credited += done.credited;
    counts.queued += done.queued;
    counts.duplicates += done.duplicates;
  }
  return {
    importId,
    layout: statement.layout,
    accountNumber: statement.accountNumber,
    ...counts,
    debits: statement.debits,
    skipped: statement.skipped,
  };
}

/** A queued line decided once: the conditional update wins for one operator; the other finds it decided. */
async function decideWaitingLine(
  tx: Tx,
  lineId: string,
  data: Prisma.BankStatementLineUpdateManyMutationInput & { status: Exclude<BankLineStatus, "menunggu"> },
) {
  const decided = await tx.bankStatementLine.updateMany({ where: { id: lineId, status: "menunggu" }, data });
  const line = await tx.bankStatementLine.findUnique({ where: { id: lineId }, include: { import: { select: { layout: true } } } });
  if (!line) throw new AppError("NOT_FOUND", `Tidak ada baris mutasi ${lineId}.`);
  if (decided.count !== 1)
    throw new AppError(
      "INVALID_STATE",
      line.status === "dikreditkan" ? "Baris mutasi ini sudah dikreditkan ke sebuah deposit." : "Baris mutasi ini sudah diabaikan.",
    );
  return line;
}

const NOTE_MAX = 500;

/** The operator credits a queued line to an organisation's live deposit: once, however many operators try at once. */
export async function assignBankLine(
  deps: Pick<ServiceDeps, "db" | "clock" | "publicUrl">,
  { actor, lineId, organizationId, note }: { actor: OperatorActor; lineId: string; organizationId: string; note?: string },
): Promise<{ transferId: string; depositIdr: bigint }> {
  requireActor(actor, "operator");
  const written = note?.trim() || null;
  if (written && written.length > NOTE_MAX) throw new AppError("VALIDATION", `Catatan paling banyak ${NOTE_MAX} karakter.`);
  return deps.db.$transaction(async (tx) => {
    const org = await tx.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
    if (!org) throw new AppError("NOT_FOUND", `Tidak ada organisasi ${organizationId}.`);
    const line = await decideWaitingLine(tx, lineId, {
      status: "dikreditkan",
      organizationId,
      decidedBy: actor.id,
      decidedAt: deps.clock.now(),
      note: written,
    });
    const credit = await creditDeposit(tx, {
      actor,
      organizationId,
      amountIdr: line.amountIdr,
      reference: lineReference(line.import.layout, line.bookedOn, line.id),
      livemode: true,
      publicUrl: publicUrlOf(deps),
      auditData: { bank_line: line.id },
    });
    await tx.bankStatementLine.update({ where: { id: line.id }, data: { transferId: credit.transferId } });
    await audit(tx, {
      actor,
      action: "bank_line.assign",
      subjectType: "bank_line",
      subjectId: line.id,
      data: { organization_id: organizationId, amount_idr: line.amountIdr.toString(), note: written },
    });
    return credit;
  });
}

/** The operator sets a queued line aside (not a deposit: a refund, interest, a mistaken transfer), with the reason. */
export async function ignoreBankLine(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, lineId, reason }: { actor: OperatorActor; lineId: string; reason: string },
): Promise<void> {
  requireActor(actor, "operator");
  const written = reason.trim();
  if (!written)
    throw new AppError(
      "VALIDATION",
      "Tulis alasan mengabaikan baris ini, misalnya “bunga jasa giro” atau “dana dikembalikan ke pengirim”.",
    );
  if (written.length > NOTE_MAX) throw new AppError("VALIDATION", `Alasan paling banyak ${NOTE_MAX} karakter.`);
  await deps.db.$transaction(async (tx) => {
    const line = await decideWaitingLine(tx, lineId, {
      status: "diabaikan",
      decidedBy: actor.id,
      decidedAt: deps.clock.now(),
      note: written,
    });
    await audit(tx, {
      actor,
      action: "bank_line.ignore",
      subjectType: "bank_line",
      subjectId: line.id,
      data: { amount_idr: line.amountIdr.toString(), reason: written },
    });
  });
}

/** Who imported or decided, as the operator reads it: a teammate's name, or the command line. */
async function actorNames(db: ServiceDeps["db"], ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(ids.filter((id): id is string => id !== null))] } },
    select: { id: true, name: true },
  });
  return new Map([["cli", "npm run ops"], ...users.map((user) => [user.id, user.name] as [string, string])]);
}

const RECENT_IMPORTS = 20;

/** The latest imports, newest first, with what each did. */
export async function listBankImports(deps: Pick<ServiceDeps, "db">, { actor }: { actor: OperatorActor }) {
  requireActor(actor, "operator");
  const imports = await deps.db.bankStatementImport.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: RECENT_IMPORTS });
  const names = await actorNames(
    deps.db,
    imports.map((row) => row.importedBy),
  );
  return imports.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    layout: row.layout,
    importedBy: names.get(row.importedBy) ?? row.importedBy,
    createdAt: row.createdAt,
    credited: row.credited,
    queued: row.queued,
    duplicates: row.duplicates,
  }));
}

export interface BankLineView {
  id: string;
  bookedOn: string;
  description: string;
  amountIdr: bigint;
  status: BankLineStatus;
  importId: string;
  fileName: string;
  organization: { id: string; name: string } | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
  /** Organisations whose references the description carries (more than one keeps a line in the queue). */
  named: Array<{ id: string; name: string; transferReference: string }>;
}

/**
 * Statement lines, oldest booking first, keyset-paged: the queue (status `menunggu`, the default),
 * the lines decided either way, or the lines one import added.
 */
export async function listBankLines(
  deps: Pick<ServiceDeps, "db">,
  { actor, filter = {}, page }: { actor: OperatorActor; filter?: { status?: BankLineStatus; importId?: string }; page: PageRequest },
): Promise<Page<BankLineView>> {
  requireActor(actor, "operator");
  const { db } = deps;
  const where: Prisma.BankStatementLineWhereInput = filter.importId
    ? { importId: filter.importId, ...(filter.status ? { status: filter.status } : {}) }
    : { status: filter.status ?? "menunggu" };
  const at = await cursorRow(page, "bank statement lines", (id) =>
    db.bankStatementLine.findFirst({ where: { AND: [where, { id }] }, select: { id: true, bookedOn: true } }),
  );
  const { after, orderBy } = keyset(page, "bookedOn", at, "asc");
  const lines = await db.bankStatementLine.findMany({
    where: { AND: [where, ...after] },
    orderBy,
    take: rowsToRead(page),
    include: { import: { select: { fileName: true } } },
  });
  const references = lines.flatMap((line) => referencesIn(line.description));
  const [names, named, credited] = await Promise.all([
    actorNames(
      db,
      lines.map((line) => line.decidedBy),
    ),
    db.organization.findMany({
      where: { transferReference: { in: [...new Set(references)] } },
      select: { id: true, name: true, transferReference: true },
    }),
    db.organization.findMany({
      where: { id: { in: lines.flatMap((line) => (line.organizationId ? [line.organizationId] : [])) } },
      select: { id: true, name: true },
    }),
  ]);
  const orgName = new Map(credited.map((org) => [org.id, org.name]));
  return pageFrom(
    lines.map((line) => {
      const carried = new Set(referencesIn(line.description));
      return {
        id: line.id,
        bookedOn: dayOfDateColumn(line.bookedOn),
        description: line.description,
        amountIdr: line.amountIdr,
        status: line.status,
        importId: line.importId,
        fileName: line.import.fileName,
        organization: line.organizationId
          ? { id: line.organizationId, name: orgName.get(line.organizationId) ?? line.organizationId }
          : null,
        decidedBy: line.decidedBy && (names.get(line.decidedBy) ?? line.decidedBy),
        decidedAt: line.decidedAt,
        note: line.note,
        named: named.flatMap((org) =>
          carried.has(org.transferReference) ? [{ id: org.id, name: org.name, transferReference: org.transferReference }] : [],
        ),
      };
    }),
    page,
  );
}

const PICKER_LIMIT = 10;

/** Organisations to credit a line to: by part of the name, the id or the transfer reference. */
export async function organizationsToCredit(deps: Pick<ServiceDeps, "db">, { actor, q }: { actor: OperatorActor; q: string }) {
  requireActor(actor, "operator");
  const text = q.trim();
  if (!text) return [];
  const orgs = await deps.db.organization.findMany({
    where: {
      OR: [
        { id: text },
        { transferReference: text.toUpperCase().replace(/[\s-]/g, "") },
        { name: { contains: text, mode: "insensitive" } },
      ],
    },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: PICKER_LIMIT,
    select: { id: true, name: true, status: true, transferReference: true },
  });
  return orgs;
}
