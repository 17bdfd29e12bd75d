import type { InputJsonValue } from "@/generated/prisma/internal/prismaNamespace";
import type { DbOrTx } from "@/server/db/client";
import type { AuditLogRow } from "@/server/db/money-functions";
import { newId } from "@/server/domain/ids";

export interface AuditEntry {
  actorType: "operator" | "org_admin" | "practitioner" | "api_key" | "system" | "cli";
  actorId?: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  data?: InputJsonValue;
}

/** Who acted: a service acting for someone takes it as its second argument, right after its deps. */
export type Actor = Pick<AuditEntry, "actorType" | "actorId">;

/** The row of an entry, written at the wall clock's time, as the column's default would be. */
export const auditRow = (entry: AuditEntry): AuditLogRow & { data: InputJsonValue } => ({
  id: newId("audit"),
  ...entry,
  actorId: entry.actorId ?? null,
  data: entry.data ?? {},
  createdAt: new Date(),
});

/** One row per consequential action, written in the same transaction as the action. */
export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({ data: auditRow(entry) });
}
