import { z } from "zod";
import type { Tx } from "@/server/db/client";
import type { Actor } from "@/server/domain/access/actor";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/access/password";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { hashPassword } from "./passwords";

/** Kept here too for the callers that read it from the users service. */
export { MIN_PASSWORD_LENGTH };

const emailSchema = z.email();

async function newUser(
  deps: Pick<ServiceDeps, "passwordHashing">,
  tx: Tx,
  input: { email: string; name: string; password: string; role: "org_admin" | "operator" | "practitioner" },
) {
  const email = input.email.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new AppError("VALIDATION", `"${input.email}" is not an e-mail address.`);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError("VALIDATION", `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError("CONFLICT", `A user with e-mail ${email} already exists.`);
  }
  const id = newId("user");
  await tx.user.create({
    data: {
      id,
      email,
      name: input.name.trim() || email,
      passwordHash: await hashPassword(deps, { password: input.password }),
      role: input.role,
    },
  });
  return id;
}

export interface CreateUserInput {
  email: string;
  password: string;
  name?: string;
  role: "org_admin" | "operator";
  organizationId?: string;
}

export async function createUser(
  deps: Pick<ServiceDeps, "db" | "passwordHashing">,
  { input, actor }: { input: CreateUserInput; actor: Actor },
): Promise<{ id: string }> {
  const { db } = deps;
  if (input.role === "org_admin" && !input.organizationId)
    throw new AppError("VALIDATION", "An org_admin belongs to an organisation: give its id.");
  if (input.role === "operator" && input.organizationId) throw new AppError("VALIDATION", "An operator belongs to no organisation.");
  return db.$transaction(async (tx) => {
    if (input.organizationId && !(await tx.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } }))) {
      throw new AppError("NOT_FOUND", `No organisation ${input.organizationId}.`);
    }
    const id = await newUser(deps, tx, { email: input.email, name: input.name ?? "", password: input.password, role: input.role });
    if (input.organizationId) {
      await tx.membership.create({ data: { id: newId("membership"), userId: id, organizationId: input.organizationId, role: "admin" } });
    }
    await audit(tx, { actor, action: "user.create", subjectType: "user", subjectId: id, data: { role: input.role } });
    return { id };
  });
}

export interface CreatePractitionerInput {
  email: string;
  password: string;
  name: string;
  categories?: string[];
}

export async function createPractitioner(
  deps: Pick<ServiceDeps, "db" | "passwordHashing">,
  { input, actor }: { input: CreatePractitionerInput; actor: Actor },
): Promise<{ id: string }> {
  const { db } = deps;
  if (!input.name.trim()) throw new AppError("VALIDATION", "A practitioner needs a name.");
  return db.$transaction(async (tx) => {
    const userId = await newUser(deps, tx, { email: input.email, name: input.name, password: input.password, role: "practitioner" });
    const id = newId("practitioner");
    await tx.practitioner.create({
      data: {
        id,
        userId,
        name: input.name.trim(),
        categories: [...new Set((input.categories ?? []).map((c) => c.trim()).filter(Boolean))],
      },
    });
    await audit(tx, { actor, action: "practitioner.create", subjectType: "practitioner", subjectId: id });
    return { id };
  });
}
