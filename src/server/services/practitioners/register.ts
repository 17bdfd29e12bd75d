import type { Actor } from "@/server/domain/access/actor";
import { type CreatePractitionerInput, createPractitioner } from "../access";
import type { ServiceDeps } from "../deps";
import { knownCategories } from "./categories";

/** A new practitioner account (sign-in user + profile) from the operator console. */
export async function registerPractitioner(
  deps: Pick<ServiceDeps, "db">,
  { actor, input }: { actor: Actor; input: CreatePractitionerInput },
): Promise<{ id: string }> {
  const { db } = deps;
  const categories = await knownCategories(db, input.categories ?? []);
  return createPractitioner(deps, { input: { ...input, categories }, actor });
}
