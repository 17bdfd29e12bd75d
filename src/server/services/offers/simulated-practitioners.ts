import type { Tx } from "@/server/db/client";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { CREDENTIAL_KINDS, type CredentialFacts, credentialFacts, labelOf } from "@/server/domain/practitioners/credentials";

/**
 * The sandbox's stand-ins for practitioners. Test orders are offered to the first; test cases
 * get simulated bids from them in turn. They are inactive and flagged `simulated`, so live
 * offering and the case board never reach them, and their users have no usable password, so
 * nobody signs in as them. Created on first use, so every database has them without a seed.
 */
const SIMULATED_PRACTITIONERS = [1, 2, 3, 4, 5].map((n) => ({
  id: `prc_simulasi_${n}`,
  userId: `usr_simulasi_${n}`,
  email: `praktisi-simulasi-${n}@sandbox.kuasa.invalid`,
  name: `Praktisi Simulasi ${n}`,
}));

/**
 * Each stand-in holds a verified credential of every kind, so test orders of every service can be
 * taken. Their notaris and ppat credentials name no province: they stand for all 38 (only these
 * rows may, as no form or command accepts a provincial credential without one), and the
 * sandbox's offering never asks (it offers test orders to the first stand-in directly).
 */
const SANDBOX_ISSUER = "Sandbox Kuasa";
const SANDBOX_CREDENTIALS: CredentialFacts[] = CREDENTIAL_KINDS.map((kind) => ({
  kind,
  issuer: SANDBOX_ISSUER,
  status: "terverifikasi",
  validUntil: null,
  province: null,
}));
const SANDBOX_LABEL = labelOf(SANDBOX_CREDENTIALS, "2000-01-01");

/** Not an argon2 hash: verification of any password against it fails. */
const NO_PASSWORD = "!sandbox";

export async function ensureSimulatedPractitioners(tx: Tx): Promise<void> {
  await tx.user.createMany({
    data: SIMULATED_PRACTITIONERS.map((p) => ({
      id: p.userId,
      email: p.email,
      name: p.name,
      passwordHash: NO_PASSWORD,
      role: "practitioner" as const,
    })),
    skipDuplicates: true,
  });
  await tx.practitioner.createMany({
    data: SIMULATED_PRACTITIONERS.map((p) => ({
      id: p.id,
      userId: p.userId,
      name: p.name,
      label: SANDBOX_LABEL,
      categories: [],
      active: false,
      simulated: true,
    })),
    skipDuplicates: true,
  });
  const credentials = await tx.practitionerCredential.createMany({
    data: SIMULATED_PRACTITIONERS.flatMap((p, n) =>
      SANDBOX_CREDENTIALS.map((c) => ({
        id: `krd_simulasi_${n + 1}_${c.kind}`,
        practitionerId: p.id,
        kind: c.kind,
        issuer: c.issuer,
        number: `SIMULASI-${n + 1}`,
        status: "terverifikasi" as const,
        decidedBy: "sandbox",
      })),
    ),
    skipDuplicates: true,
  });
  // Stand-ins made before credentials existed get the label of theirs once.
  if (credentials.count > 0)
    await tx.practitioner.updateMany({ where: { id: { in: SIMULATED_PRACTITIONERS.map((p) => p.id) } }, data: { label: SANDBOX_LABEL } });
}

/** The practitioner who takes test orders. */
export const SIMULATED_ORDER_PRACTITIONER_ID = SIMULATED_PRACTITIONERS[0]!.id;

/** The first simulated practitioner without a bid on this case; each bids at most once per case. */
export async function nextSimulatedBidder(tx: Tx, caseId: string): Promise<string> {
  await ensureSimulatedPractitioners(tx);
  const bidding = await tx.bid.findMany({ where: { caseId }, select: { practitionerId: true } });
  const taken = new Set(bidding.map((b) => b.practitionerId));
  const free = SIMULATED_PRACTITIONERS.find((p) => !taken.has(p.id));
  if (!free)
    throw new AppError(
      "CONFLICT",
      `Case ${caseId} already has a bid from each of the ${SIMULATED_PRACTITIONERS.length} simulated practitioners.`,
    );
  return free.id;
}

/** A test helper's stand-in for one organisation's test orders: its credentials and declared parties. */
export interface SandboxStandIn {
  id: string;
  credentials: CredentialFacts[];
  declared: string[];
}

/**
 * The stand-ins organisations chose with POST /v1/test_helpers/practitioner, by organisation; an
 * organisation without one has its test orders offered to SIMULATED_ORDER_PRACTITIONER_ID.
 */
export async function sandboxStandIns(tx: Tx, organizationIds: readonly string[]): Promise<Map<string, SandboxStandIn>> {
  if (organizationIds.length === 0) return new Map();
  const rows = await tx.practitioner.findMany({
    where: { sandboxOrganizationId: { in: [...new Set(organizationIds)] } },
    select: { id: true, sandboxOrganizationId: true, credentials: true, conflicts: { select: { name: true } } },
  });
  return new Map(
    rows.map((row) => [
      row.sandboxOrganizationId!,
      { id: row.id, credentials: row.credentials.map(credentialFacts), declared: row.conflicts.map((c) => c.name) },
    ]),
  );
}

/**
 * The stand-in an organisation chooses for its test orders, made on first use: inactive,
 * `simulated` and without a usable password like the others, so live offering, the case board and
 * sign-in never reach it.
 */
export async function ensureSandboxStandIn(tx: Tx, organizationId: string): Promise<string> {
  const found = await tx.practitioner.findUnique({ where: { sandboxOrganizationId: organizationId }, select: { id: true } });
  if (found) return found.id;
  const id = newId("practitioner");
  const user = await tx.user.create({
    data: {
      id: newId("user"),
      email: `praktisi-uji-${id}@sandbox.kuasa.invalid`,
      name: "Praktisi Uji",
      passwordHash: NO_PASSWORD,
      role: "practitioner",
    },
  });
  await tx.practitioner.create({
    data: {
      id,
      userId: user.id,
      name: "Praktisi Uji",
      categories: [],
      active: false,
      simulated: true,
      sandboxOrganizationId: organizationId,
    },
  });
  return id;
}
