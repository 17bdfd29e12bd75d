import type { InputJsonValue } from "@/generated/prisma/internal/prismaNamespace";
import type { DbOrTx } from "@/server/db/client";
import type { AuditLogRow } from "@/server/db/money-functions";
import { type Actor, auditColumnsOf } from "@/server/domain/access/actor";
import { newId } from "@/server/domain/ids";

export interface AuditEntry {
  actor: Actor;
  action: string;
  subjectType: string;
  subjectId: string;
  data?: InputJsonValue;
}

/** The row of an entry, written at the wall clock's time, as the column's default would be. */
export const auditRow = ({ actor, data, ...entry }: AuditEntry): AuditLogRow & { data: InputJsonValue } => ({
  id: newId("audit"),
  ...auditColumnsOf(actor),
  ...entry,
  data: data ?? {},
  createdAt: new Date(),
});

/** One row per consequential action, written in the same transaction as the action. */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: auditRow(entry) });
}

/** Several entries in one statement (a batch's decisions). */
export async function auditMany(tx: DbOrTx, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length > 0) await tx.auditLog.createMany({ data: entries.map(auditRow) });
}
