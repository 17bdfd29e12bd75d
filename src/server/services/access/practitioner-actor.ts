import type { DbOrTx } from "@/server/db/client";
import { type PractitionerActor, practitionerActor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";

/**
 * A practitioner as the actor of their own work when no session built it: the sandbox's simulated
 * practitioners, and tests. The portal builds it from the session (portal-procedure.ts).
 */
export async function practitionerActorOf(db: DbOrTx, practitionerId: string): Promise<PractitionerActor> {
  const practitioner = await db.practitioner.findUnique({ where: { id: practitionerId }, select: { userId: true } });
  if (!practitioner) throw new AppError("NOT_FOUND", `No practitioner ${practitionerId}.`);
  return practitionerActor(practitioner.userId, practitionerId);
}
