import type { DbOrTx } from "@/server/db/client";
import { type Actor, type OperatorActor, type PractitionerActor, requireActor } from "@/server/domain/access/actor";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/access/password";
import { AppError } from "@/server/domain/errors";
import { normalizeProfile, type Profile, type ProfileInput } from "@/server/domain/practitioners/practitioner-profile";
import { endOtherPortalSessions, hashPassword, verifyPassword } from "../access";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";

/** What a practitioner sees of their own profile; the verified name and categories are the operator's to set, the label follows the credentials. */
export interface PractitionerProfile extends Profile {
  name: string;
  email: string;
  label: string | null;
  categories: string[];
  available: boolean;
  emailNotifications: boolean;
  /** The catalog's categories, to choose areas from. */
  areaChoices: string[];
}

const PROFILE_FIELDS = {
  name: true,
  label: true,
  categories: true,
  available: true,
  emailNotifications: true,
  displayName: true,
  bio: true,
  areas: true,
  languages: true,
  yearsOfPractice: true,
} as const;

export function getPractitionerProfile(
  deps: Pick<ServiceDeps, "db">,
  { actor, practitionerId }: { actor: PractitionerActor | OperatorActor; practitionerId?: string },
): Promise<PractitionerProfile> {
  requireActor(actor, "practitioner", "operator");
  // A practitioner reads their own profile; the operator names whose.
  const whose = actor.kind === "practitioner" ? actor.practitionerId : practitionerId;
  if (!whose) throw new AppError("VALIDATION", "practitionerId: name the practitioner whose profile to read.", "practitionerId");
  return readProfile(deps.db, whose);
}

async function readProfile(db: DbOrTx, practitionerId: string): Promise<PractitionerProfile> {
  const found = await db.practitioner.findUnique({
    where: { id: practitionerId },
    select: { ...PROFILE_FIELDS, user: { select: { email: true } } },
  });
  if (!found) throw new AppError("NOT_FOUND", `No practitioner ${practitionerId}.`);
  const { user, ...profile } = found;
  return { ...profile, email: user.email, areaChoices: (await catalogCategories(db)).sort() };
}

/** What a practitioner changes themselves; an absent field is left as it is. */
export interface ProfileChange extends Partial<ProfileInput> {
  /** Off: the offering skips them (services/offers/offer-next.ts) until they switch it on again. */
  available?: boolean;
  emailNotifications?: boolean;
}

/** The categories a practitioner may name as areas: the catalog's, as the operator's categories are. */
async function catalogCategories(db: DbOrTx): Promise<string[]> {
  const rows = await db.service.findMany({ where: { internal: false }, distinct: ["category"], select: { category: true } });
  return rows.map((row) => row.category);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Saves what changed, with one audit entry naming the old and new values; nothing changed writes nothing. */
export async function updatePractitionerProfile(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, change }: { actor: PractitionerActor; change: ProfileChange },
): Promise<PractitionerProfile> {
  requireActor(actor, "practitioner");
  const { practitionerId } = actor;
  return deps.db.$transaction(async (tx) => {
    const found = await tx.practitioner.findUnique({ where: { id: practitionerId }, select: PROFILE_FIELDS });
    if (!found) throw new AppError("NOT_FOUND", `No practitioner ${practitionerId}.`);
    const { name, displayName, bio, areas, languages, yearsOfPractice, available, emailNotifications } = found;
    const current = { displayName, bio, areas, languages, yearsOfPractice, available, emailNotifications };
    const profile = normalizeProfile(
      {
        displayName: change.displayName !== undefined ? change.displayName : displayName,
        bio: change.bio !== undefined ? change.bio : bio,
        areas: change.areas ?? areas,
        languages: change.languages ?? languages,
        yearsOfPractice: change.yearsOfPractice !== undefined ? change.yearsOfPractice : yearsOfPractice,
      },
      { verifiedName: name, categories: change.areas ? await catalogCategories(tx) : areas },
    );
    const next = {
      ...profile,
      available: change.available ?? available,
      emailNotifications: change.emailNotifications ?? emailNotifications,
    };
    const changed = (Object.keys(next) as Array<keyof typeof next>).filter((key) => !sameValue(next[key], current[key]));
    if (changed.length > 0) {
      await tx.practitioner.update({ where: { id: practitionerId }, data: { ...next, updatedAt: deps.clock.now() } });
      await audit(tx, {
        actor,
        action: "practitioner.profile_update",
        subjectType: "practitioner",
        subjectId: practitionerId,
        data: Object.fromEntries(changed.map((key) => [key, { from: current[key], to: next[key] }])),
      });
    }
    return readProfile(tx, practitionerId);
  });
}

/** Wrong current passwords a user may enter in this window before further tries are refused. */
const PASSWORD_CHANGE_FAILURES = { max: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * A signed-in user changes their password: the current one must be right (so a borrowed session
 * cannot take the account over), the new one long enough. Wrong guesses are counted in the audit
 * log, which every instance shares: after PASSWORD_CHANGE_FAILURES.max in the window, tries are
 * refused until the oldest leaves it.
 */
export async function changePassword(
  deps: Pick<ServiceDeps, "db" | "clock" | "passwordHashing">,
  {
    actor,
    userId,
    input,
    keepSessionId,
  }: { actor: Actor; userId: string; input: { currentPassword: string; newPassword: string }; keepSessionId: string | null },
): Promise<void> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - PASSWORD_CHANGE_FAILURES.windowMs);
  const failures = await deps.db.auditLog.count({
    where: { action: "user.password_change_failed", subjectType: "user", subjectId: userId, createdAt: { gte: since } },
  });
  if (failures >= PASSWORD_CHANGE_FAILURES.max) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many wrong current passwords; try again in ${PASSWORD_CHANGE_FAILURES.windowMs / 60_000} minutes.`,
    );
  }
  const user = await deps.db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new AppError("NOT_FOUND", `No user ${userId}.`);
  if (!(await verifyPassword(deps, { stored: user.passwordHash, password: input.currentPassword }))) {
    await audit(deps.db, { actor, action: "user.password_change_failed", subjectType: "user", subjectId: userId });
    throw new AppError("FORBIDDEN", "The current password is not right.");
  }
  if (input.newPassword.length < MIN_PASSWORD_LENGTH)
    throw new AppError("VALIDATION", `A password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (input.newPassword === input.currentPassword) throw new AppError("VALIDATION", "The new password must differ from the current one.");
  const passwordHash = await hashPassword(deps, { password: input.newPassword });
  await deps.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, updatedAt: now } });
    const ended = await endOtherPortalSessions(tx, userId, keepSessionId, now);
    await audit(tx, { actor, action: "user.password_change", subjectType: "user", subjectId: userId, data: { sessions_ended: ended } });
  });
}
