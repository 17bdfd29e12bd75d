import type { DataOwner } from "../data-owner";
import { AppError } from "../errors";
import type { AuthenticatedKey } from "./api-key";
import type { PortalUser } from "./portal-user";

/**
 * Who acts, for which tenant: one shape for every face. Each face builds it once (the agent face
 * from the API key, the portals from the session, the sweeper and the CLI as themselves) and every
 * service takes it as `actor` in its one object parameter; the audit log and the order's state
 * machine read it from there.
 */
export type Actor = AgentActor | AdminActor | PractitionerActor | OperatorActor | SystemActor;
export type ActorKind = Actor["kind"];

/** An agent calling /v1 or MCP with an API key (or an OAuth token bound to one): `id` is the key's row. */
export interface AgentActor {
  kind: "agent";
  id: string;
  organizationId: string;
  /** The key's mode: a `kk_test_` key acts on test data only. */
  livemode: boolean;
  key: AuthenticatedKey;
}

/** An organisation's admin in the portal: `id` is the user; `livemode` the mode of the data acted on. */
export interface AdminActor {
  kind: "admin";
  id: string;
  organizationId: string;
  livemode: boolean;
}

/** A practitioner in the portal: `id` is the user, `practitionerId` the profile (the tenant). Work is live. */
export interface PractitionerActor {
  kind: "practitioner";
  id: string;
  practitionerId: string;
  livemode: boolean;
}

/** The operator's team in the portal: `id` is the user; no tenant, they see every organisation. */
export interface OperatorActor {
  kind: "operator";
  id: string;
  livemode: boolean;
}

/**
 * Kuasa itself: the timers (`sweeper`), the operator's shell (`cli`), a visitor's own account
 * flows (`visitor`: sign-in, password reset, an invitation, OAuth's token endpoint), setup
 * (`seed`), and a step that follows
 * from another one whoever took it (`kuasa`: a paid order's offering starts, its open costs end).
 */
export interface SystemActor {
  kind: "system";
  id: "sweeper" | "cli" | "visitor" | "seed" | "kuasa";
  livemode: boolean;
}

/** Who signs in to a portal. */
export type PortalActor = AdminActor | PractitionerActor | OperatorActor;

/** An organisation's side of its own data: the agent or an admin. */
export type OrganizationActor = AgentActor | AdminActor;

export const agentActor = (key: AuthenticatedKey): AgentActor => ({
  kind: "agent",
  id: key.id,
  organizationId: key.organizationId,
  livemode: key.livemode,
  key,
});

export const adminActor = (userId: string, organizationId: string, livemode = true): AdminActor => ({
  kind: "admin",
  id: userId,
  organizationId,
  livemode,
});

export const practitionerActor = (userId: string, practitionerId: string): PractitionerActor => ({
  kind: "practitioner",
  id: userId,
  practitionerId,
  livemode: true,
});

export const operatorActor = (userId: string): OperatorActor => ({ kind: "operator", id: userId, livemode: true });

const systemActor = (id: SystemActor["id"], livemode = true): SystemActor => ({ kind: "system", id, livemode });

/** The actor of a signed-in portal user, as their role says; null for a user whose role lacks its tenant. */
export function portalActorOf(user: Pick<PortalUser, "id" | "role" | "organizationId" | "practitionerId">): PortalActor | null {
  switch (user.role) {
    case "operator":
      return operatorActor(user.id);
    case "org_admin":
      return user.organizationId ? adminActor(user.id, user.organizationId) : null;
    case "practitioner":
      return user.practitionerId ? practitionerActor(user.id, user.practitionerId) : null;
  }
}

/**
 * The sandbox playing the organisation's admin (an approval) or the operator (a dispute and its
 * outcomes) on a test order, as an agent's test helper asks: recorded with the id `sandbox`.
 */
export const sandboxAdminOf = (agent: AgentActor): AdminActor => ({
  kind: "admin",
  id: "sandbox",
  organizationId: agent.organizationId,
  livemode: false,
});
export const SANDBOX_OPERATOR: OperatorActor = { kind: "operator", id: "sandbox", livemode: false };

/** The same organisation actor acting on the other mode's data (an admin opening a test order). */
export const inMode = <A extends OrganizationActor>(actor: A, livemode: boolean): A => ({ ...actor, livemode });

/** The columns the audit log keeps: its vocabulary predates the actor and stays as stored. */
export function auditColumnsOf(actor: Actor): { actorType: string; actorId: string | null } {
  switch (actor.kind) {
    case "agent":
      return { actorType: "api_key", actorId: actor.id };
    case "admin":
      return { actorType: "org_admin", actorId: actor.id };
    case "system":
      return { actorType: actor.id === "cli" ? "cli" : "system", actorId: null };
    default:
      return { actorType: actor.kind, actorId: actor.id };
  }
}

/** An admin acts for their own organisation only; the operator for any (and nobody else for one). */
export function requireActingFor(actor: Actor, organizationId: string): void {
  if (actor.kind === "operator" || (actor.kind === "admin" && actor.organizationId === organizationId)) return;
  throw new AppError("NOT_FOUND", `No organisation ${organizationId}.`);
}

/** The verb's own permission check: an actor of another kind is refused even if a face let it through. */
export function requireActor<K extends ActorKind>(actor: Actor, ...kinds: K[]): asserts actor is Extract<Actor, { kind: K }> {
  if (!(kinds as ActorKind[]).includes(actor.kind)) throw new AppError("FORBIDDEN", `This action is not for a ${actor.kind}.`);
}

/** Whose data an organisation actor reads and writes: its organisation, in its mode. */
export const ownerOf = (actor: OrganizationActor): DataOwner => ({ organizationId: actor.organizationId, livemode: actor.livemode });

/** The timers (local sweeper and Inngest). */
export const SWEEPER = systemActor("sweeper");
/** Someone without a session acting on their own account or link (sign-in, reset, invitation, OAuth client). */
export const VISITOR = systemActor("visitor");
/** The operator's shell (`npm run ops`). */
export const CLI = systemActor("cli");
/** Setup: the catalog's seed and the demo data. */
export const SEED = systemActor("seed");
/** A step that follows from another, whoever took that one. */
export const KUASA = systemActor("kuasa");
