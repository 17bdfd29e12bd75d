import type { IncomingHttpHeaders } from "node:http";
import { toApiError } from "@/server/api/api-error";
import { type AppDeps, createContext } from "@/server/api/context";
import { portalRouter } from "@/server/api/portal";
import { createCallerFactory } from "@/server/api/trpc";
import type { Db } from "@/server/db/client";
import { SEED, VISITOR } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { type Clock, systemClock } from "@/server/domain/clock";
import { newId } from "@/server/domain/ids";
import { createUser, startPortalSession } from "@/server/services/access";
import { createTestPractitioner } from "./orders";
import { TEST_PASSWORD_HASHING } from "./passwords";

const createPortalCaller = createCallerFactory(portalRouter);

/**
 * The portal procedures as /api/trpc runs them, for `user` (null: nobody signed in), with the
 * request's `headers`; new passwords hashed cheaply unless the deps bring a hasher.
 */
export function portalCaller(deps: AppDeps & { db: Db; clock: Clock }, user: PortalUser | null, headers: IncomingHttpHeaders = {}) {
  return createPortalCaller(createContext({ passwordHashing: TEST_PASSWORD_HASHING, ...deps }, newId("request"), headers, user));
}

/** The error table's code a failed portal call carries (the test fails if the call succeeds). */
export async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    return toApiError(err).code;
  }
  throw new Error("expected the call to fail");
}

let users = 0;

/** A real user row, signed in: its session record and the session next-auth would carry for it. */
export async function portalUser(db: Db, role: "org_admin" | "operator", organizationId: string | null = null): Promise<PortalUser> {
  users++;
  const email = `${role}${users}-${Date.now()}@contoh.id`;
  const { id } = await createUser(
    { db, passwordHashing: TEST_PASSWORD_HASHING },
    {
      input: { email, password: "rahasia-sekali-123", role, organizationId: organizationId ?? undefined, name: `${role} ${users}` },
      actor: SEED,
    },
  );
  const sessionId = await startPortalSession(
    { db, clock: systemClock },
    {
      actor: VISITOR,
      userId: id,
    },
  );
  return { id, email, name: `${role} ${users}`, role, organizationId, practitionerId: null, sessionId };
}

/** A practitioner created as the operator would, signed in, and the session next-auth would carry for them. */
export async function practitionerUser(db: Db, categories?: string[]): Promise<PortalUser> {
  const practitionerId = await createTestPractitioner(db, categories);
  const { user } = await db.practitioner.findUniqueOrThrow({ where: { id: practitionerId }, include: { user: true } });
  const sessionId = await startPortalSession(
    { db, clock: systemClock },
    {
      actor: VISITOR,
      userId: user.id,
    },
  );
  return { id: user.id, email: user.email, name: user.name, role: "practitioner", organizationId: null, practitionerId, sessionId };
}
