import type { Prisma } from "@/generated/prisma/client";
import { type OperatorActor, requireActor } from "@/server/domain/access/actor";
import { cursorRow, keyset, type PageRequest, pageFrom, rowsToRead } from "@/server/domain/paging";
import type { ServiceDeps } from "../deps";

/** The operator's reading of the audit log: who did what to which subject, newest first. */

export interface AuditSearch {
  actorType?: string;
  action?: string;
  /** The subject's id (an order, an organisation, a key…), exactly. */
  subjectId?: string;
}

function searchWhere(search: AuditSearch): Prisma.AuditLogWhereInput {
  return {
    ...(search.actorType ? { actorType: search.actorType } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.subjectId ? { subjectId: search.subjectId.trim() } : {}),
  };
}

export async function listAuditLog(
  deps: ServiceDeps,
  {
    actor,
    search,
    page,
  }: {
    actor: OperatorActor;
    search: AuditSearch;
    page: PageRequest;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const where = searchWhere(search);
  const at = await cursorRow(page, "audit entries", (id) =>
    db.auditLog.findFirst({ where: { AND: [where, { id }] }, select: { id: true, createdAt: true } }),
  );
  const { after, orderBy } = keyset(page, "createdAt", at);
  const rows = await db.auditLog.findMany({ where: { AND: [where, ...after] }, orderBy, take: rowsToRead(page) });
  const names = await namesOf(deps, rows);
  return pageFrom(
    rows.map((row) => ({ ...row, actorName: row.actorId ? (names.get(row.actorId) ?? null) : null })),
    page,
  );
}

/** The actions and actor types the log holds, for the viewer's filters. */
export async function auditLogVocabulary(
  deps: ServiceDeps,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const [actions, actorTypes] = await Promise.all([
    deps.db.auditLog.groupBy({ by: ["action"], orderBy: { action: "asc" } }),
    deps.db.auditLog.groupBy({ by: ["actorType"], orderBy: { actorType: "asc" } }),
  ]);
  return { actions: actions.map((row) => row.action), actorTypes: actorTypes.map((row) => row.actorType) };
}

/** The people and keys behind audit rows' actor ids: users by name, API keys by their name. */
export async function namesOf(
  deps: Pick<ServiceDeps, "db">,
  rows: ReadonlyArray<{ actorType: string; actorId: string | null }>,
): Promise<Map<string, string>> {
  const ids = (types: string[]) => [...new Set(rows.filter((r) => r.actorId && types.includes(r.actorType)).map((r) => r.actorId!))];
  const userIds = ids(["operator", "org_admin", "practitioner"]);
  const keyIds = ids(["api_key"]);
  const [users, keys] = await Promise.all([
    userIds.length ? deps.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true } }) : [],
    keyIds.length ? deps.db.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, name: true, keyId: true } }) : [],
  ]);
  return new Map([...users.map((u) => [u.id, u.name] as const), ...keys.map((k) => [k.id, k.name || k.keyId] as const)]);
}
