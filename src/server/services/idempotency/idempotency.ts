import type { Db, Tx } from "@/server/db/client";
import { findDueRows } from "@/server/db/due-rows";
import { claimIdempotencyKey, type IdempotencyKeyRow } from "@/server/db/money-functions";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DataOwner } from "@/server/domain/data-owner";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { AppError } from "@/server/domain/errors";
import { canonicalHash } from "@/server/domain/idempotency/canonical-json";
import { IDEMPOTENCY_WINDOW_MS } from "@/server/domain/idempotency/idempotency";
import { newId } from "@/server/domain/ids";
import type { ServiceDeps } from "../deps";

/**
 * One Idempotency-Key mechanism for every agent POST. A key names one request of one
 * organisation in one mode for 24 hours: the operation and a hash of its path ids and body.
 *
 * The key row is written as the first statement of the transaction that makes the change, so
 * the change and its key commit together or not at all (a crash in between leaves neither).
 * Of concurrent requests with one key, the first claim wins; the others wait on the unique
 * index until it commits, lose, and answer with the winner's resource in its current state. A
 * new request costs no read of the key first: a stored key is read only when the claim lost, or
 * when the request was refused before claiming it (so a retry answers as the first request did).
 */
export interface IdempotentRequest {
  owner: DataOwner;
  /** The Idempotency-Key header. */
  key: string;
  /** The procedure, e.g. "orders.cancel": the same key on another operation is a reuse. */
  operation: string;
  /** The procedure's input: path ids and body. */
  input: unknown;
}

/**
 * Called by the service first thing inside its transaction, with the id of what the request
 * makes or changes (an order, a case): a replay answers with that resource as it is then. A
 * service that makes its change in one SQL function call claims the key in it instead, with
 * `rowFor` (kuasa_place_order).
 */
export type ClaimKey = ((tx: Tx, resourceId: string) => Promise<void>) & {
  /** The key's row for kuasa_claim_idempotency_key; null without an Idempotency-Key. */
  rowFor(resourceId: string): IdempotencyKeyRow | null;
};

/** Without an Idempotency-Key there is nothing to claim. */
export const NO_KEY: ClaimKey = Object.assign(async () => {}, { rowFor: () => null });

/** A claim lost to another request holding the key; runIdempotent answers as that request did. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super("another request holds this Idempotency-Key");
  }
}

export interface IdempotentResult<T> {
  value: T;
  replayed: boolean;
}

/**
 * Runs `change` once per key: a live key with the same request replays `load(resourceId)`;
 * with another request it is 422 IDEMPOTENCY_KEY_REUSED; an expired key counts as new.
 */
export async function runIdempotent<T>(
  deps: Pick<ServiceDeps, "db" | "clock">,
  {
    request,
    change,
    load,
  }: { request: IdempotentRequest | null; change: (claim: ClaimKey) => Promise<T>; load: (resourceId: string) => Promise<T> },
): Promise<IdempotentResult<T>> {
  if (!request) return { value: await change(NO_KEY), replayed: false };
  const now = deps.clock.now();
  const requestHash = canonicalHash(request.input as never);
  // Set once the key is handed to a claim: a refusal after that is this request's own.
  let claimed = false;
  const rowFor = (resourceId: string): IdempotencyKeyRow => {
    claimed = true;
    return {
      id: newId("idempotencyKey"),
      organizationId: request.owner.organizationId,
      livemode: request.owner.livemode,
      key: request.key,
      operation: request.operation,
      requestHash,
      resourceId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS),
    };
  };
  const claim: ClaimKey = Object.assign(
    async (tx: Tx, resourceId: string) => {
      if (!(await claimIdempotencyKey(tx, rowFor(resourceId)))) throw new IdempotencyKeyTaken();
    },
    { rowFor },
  );
  try {
    return { value: await change(claim), replayed: false };
  } catch (err) {
    // Another request with this key committed first, or this one was refused before its claim.
    if (err instanceof IdempotencyKeyTaken || (!claimed && err instanceof AppError)) {
      const resourceId = await storedResource(deps.db, request, requestHash, now);
      if (resourceId !== null) return { value: await load(resourceId), replayed: true };
    }
    if (err instanceof IdempotencyKeyTaken)
      throw new AppError("CONFLICT", "Another request with this Idempotency-Key was being handled at the same time; retry it.");
    throw err;
  }
}

/** The resource a live key stored for this very request; null when the key is new or expired. */
async function storedResource(db: Db, request: IdempotentRequest, requestHash: string, now: Date): Promise<string | null> {
  const { organizationId, livemode } = request.owner;
  const stored = await db.idempotencyKey.findUnique({
    where: { organizationId_livemode_key: { organizationId, livemode, key: request.key } },
  });
  if (!stored || stored.expiresAt <= now) return null;
  if (stored.operation !== request.operation || stored.requestHash !== requestHash) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was used in the last 24 hours for a different request (another operation, order or body). Use a new key for a new request.",
    );
  }
  return stored.resourceId;
}

export async function expiredIdempotencyKeys(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows((query) => deps.db.idempotencyKey.findMany(query), "expiresAt", {}, cutoff, limit);
}

/** Removes a key past its 24 hours; a request arriving meanwhile also treats it as new. */
export async function deleteExpiredIdempotencyKey(
  deps: ServiceDeps,
  {
    actor,
    id,
  }: {
    actor: SystemActor;
    id: string;
  },
): Promise<void> {
  requireActor(actor, "system");
  await deps.db.idempotencyKey.deleteMany({ where: { id, expiresAt: { lte: deps.clock.now() } } });
}
