import type { Actor } from "@/server/domain/access/actor";
import { AppError } from "@/server/domain/errors";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { knownCategories } from "./categories";

export async function updatePractitioner(
  deps: Pick<ServiceDeps, "db">,
  { actor, practitionerId, input }: { actor: Actor; practitionerId: string; input: { categories: readonly string[] } },
): Promise<void> {
  const { db } = deps;
  await db.$transaction(async (tx) => {
    const categories = await knownCategories(tx, input.categories);
    const before = await tx.practitioner.findUnique({
      where: { id: practitionerId, simulated: false },
      select: { categories: true },
    });
    if (!before) throw new AppError("NOT_FOUND", `Praktisi ${practitionerId} tidak ditemukan.`);
    await tx.practitioner.update({ where: { id: practitionerId }, data: { categories } });
    await audit(tx, {
      actor,
      action: "practitioner.update",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { before, after: { categories } },
    });
  });
}
