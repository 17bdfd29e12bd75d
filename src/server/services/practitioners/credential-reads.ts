import { type OperatorActor, type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { jakartaDay } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { countsOn, credentialFacts } from "@/server/domain/practitioners/credentials";
import type { ServiceDeps } from "../deps";

/** What the portals show of a credential's scan: enough to name it and open it at /api/berkas/{id}. */
export const SCAN_SELECT = { id: true, filename: true, contentType: true, size: true } as const;

export interface ScanView {
  id: string;
  filename: string;
  contentType: string;
  size: number;
}

/** Longest queue the console shows at once: more waiting is a backlog to clear first. */
const QUEUE_LIMIT = 200;

/** The operator's queue: credentials waiting for verification, the oldest first, with whose they are. */
export async function credentialQueue(deps: Pick<ServiceDeps, "db">, { actor }: { actor: OperatorActor }) {
  requireActor(actor, "operator");
  return deps.db.practitionerCredential.findMany({
    where: { status: "menunggu_verifikasi" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: QUEUE_LIMIT,
    include: { practitioner: { select: { id: true, name: true } }, scan: { select: SCAN_SELECT } },
  });
}

/**
 * A practitioner's credentials, newest first, each with whether it counts today: for the
 * practitioner themselves, or the operator.
 */
export async function practitionerCredentials(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, practitionerId }: { actor: PractitionerActor | OperatorActor; practitionerId: string },
) {
  requireActor(actor, "practitioner", "operator");
  if (actor.kind === "practitioner" && actor.practitionerId !== practitionerId)
    throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
  const today = jakartaDay(deps.clock.now());
  const rows = await deps.db.practitionerCredential.findMany({
    where: { practitionerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { scan: { select: SCAN_SELECT } },
  });
  return rows.map((row) => ({ ...row, counts: countsOn(credentialFacts(row), today) }));
}
