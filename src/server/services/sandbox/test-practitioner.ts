import type { Tx } from "@/server/db/client";
import { lockRow } from "@/server/db/row-lock";
import { type AgentActor, requireActor } from "@/server/domain/access/actor";
import { dateColumnOf, jakartaDay } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { newId } from "@/server/domain/ids";
import { isProvinceCode } from "@/server/domain/places/provinces";
import { isSameParty } from "@/server/domain/practitioners/conflicts";
import {
  CREDENTIAL_KINDS,
  type CredentialKind,
  credentialFacts,
  labelOf,
  PROVINCIAL_KINDS,
} from "@/server/domain/practitioners/credentials";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { ensureSandboxStandIn, ensureSimulatedPractitioners, SIMULATED_ORDER_PRACTITIONER_ID } from "../offers";
import { requireTestKey } from "./sandbox";

/** A credential the test stand-in holds, verified: `province` null stands for all 38 (notaris, ppat). */
interface TestCredential {
  kind: CredentialKind;
  province: string | null;
  validUntil: string | null;
}

export interface TestPractitionerInput {
  credentials: TestCredential[];
  /** Parties on its conflict list: test orders naming one of them as the other side stall. */
  conflicts: string[];
}

/** The stand-in as the agent reads it back. */
export interface TestPractitioner {
  id: string;
  label: string | null;
  credentials: Array<TestCredential & { issuer: string; number: string }>;
  conflicts: string[];
}

const ISSUER = "Sandbox Kuasa";

/**
 * Sets who takes the organisation's test orders (POST /v1/test_helpers/practitioner): one stand-in
 * with exactly these verified credentials and this conflict list, replacing what it held. Its test
 * orders are then offered only where it qualifies, as a live practitioner would be: a service
 * requiring another kind, a deed in another province, a counterparty on its list, or a credential
 * past its last day stalls the order with the live reason (then refund_stalled). Audited.
 */
export async function setTestPractitioner(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, input }: { actor: AgentActor; input: TestPractitionerInput },
): Promise<TestPractitioner> {
  requireActor(actor, "agent");
  requireTestKey(actor.key);
  for (const [n, credential] of input.credentials.entries()) {
    if (credential.province !== null && !isProvinceCode(credential.province))
      throw new AppError("VALIDATION", `credentials.${n}.province: must be a province's Kemendagri code.`, `credentials.${n}.province`);
    if (credential.province !== null && !PROVINCIAL_KINDS.has(credential.kind))
      throw new AppError(
        "VALIDATION",
        `credentials.${n}.province: only a notaris or ppat credential has a working area.`,
        `credentials.${n}.province`,
      );
  }
  const conflicts = input.conflicts
    .map((name) => name.trim())
    .filter((name, i, all) => name && all.findIndex((other) => isSameParty(other, name)) === i);
  const { organizationId } = actor;
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    // Two settings at once: one after the other, on one stand-in.
    await lockRow(tx, "Organization", organizationId);
    const practitionerId = await ensureSandboxStandIn(tx, organizationId);
    await tx.practitionerCredential.deleteMany({ where: { practitionerId } });
    await tx.practitionerConflict.deleteMany({ where: { practitionerId } });
    await tx.practitionerCredential.createMany({
      data: input.credentials.map((credential, n) => ({
        id: newId("credential"),
        practitionerId,
        kind: credential.kind,
        issuer: ISSUER,
        number: `UJI-${n + 1}`,
        province: credential.province,
        validUntil: credential.validUntil ? dateColumnOf(credential.validUntil) : null,
        status: "terverifikasi" as const,
        decidedBy: "sandbox",
        decidedAt: now,
      })),
    });
    await tx.practitionerConflict.createMany({
      data: conflicts.map((name) => ({ id: newId("conflict"), practitionerId, name, createdAt: now })),
    });
    const rows = await tx.practitionerCredential.findMany({ where: { practitionerId } });
    await tx.practitioner.update({ where: { id: practitionerId }, data: { label: labelOf(rows.map(credentialFacts), jakartaDay(now)) } });
    await audit(tx, {
      actor,
      action: "sandbox.set_practitioner",
      subjectType: "practitioner",
      subjectId: practitionerId,
      data: { credentials: input.credentials.map((c) => ({ ...c })), conflicts },
    });
    return standInView(tx, practitionerId);
  });
}

/**
 * Gives the organisation's test orders back to the simulated practitioner, who qualifies for every
 * service (DELETE /v1/test_helpers/practitioner). Orders its stand-in holds stay with it.
 */
export async function resetTestPractitioner(deps: Pick<ServiceDeps, "db">, { actor }: { actor: AgentActor }): Promise<TestPractitioner> {
  requireActor(actor, "agent");
  requireTestKey(actor.key);
  return deps.db.$transaction(async (tx) => {
    const standIn = await tx.practitioner.findUnique({ where: { sandboxOrganizationId: actor.organizationId }, select: { id: true } });
    if (standIn) {
      await tx.practitioner.update({ where: { id: standIn.id }, data: { sandboxOrganizationId: null } });
      await audit(tx, { actor, action: "sandbox.reset_practitioner", subjectType: "practitioner", subjectId: standIn.id, data: {} });
    }
    await ensureSimulatedPractitioners(tx);
    return standInView(tx, SIMULATED_ORDER_PRACTITIONER_ID);
  });
}

/** Who takes the organisation's test orders now (GET /v1/test_helpers/practitioner): its chosen stand-in, or the simulated practitioner. */
export async function getTestPractitioner(deps: Pick<ServiceDeps, "db">, { actor }: { actor: AgentActor }): Promise<TestPractitioner> {
  requireActor(actor, "agent");
  requireTestKey(actor.key);
  return deps.db.$transaction(async (tx) => {
    const chosen = await tx.practitioner.findUnique({ where: { sandboxOrganizationId: actor.organizationId }, select: { id: true } });
    if (!chosen) await ensureSimulatedPractitioners(tx);
    return standInView(tx, chosen?.id ?? SIMULATED_ORDER_PRACTITIONER_ID);
  });
}

/** A stand-in as the agent reads it: its credentials in the order of their kinds, its conflict list. */
async function standInView(tx: Tx, practitionerId: string): Promise<TestPractitioner> {
  const practitioner = await tx.practitioner.findUniqueOrThrow({
    where: { id: practitionerId },
    select: { id: true, label: true, credentials: true, conflicts: { orderBy: { createdAt: "asc" }, select: { name: true } } },
  });
  return {
    id: practitioner.id,
    label: practitioner.label,
    credentials: practitioner.credentials
      .sort(
        (a, b) =>
          CREDENTIAL_KINDS.indexOf(a.kind as CredentialKind) - CREDENTIAL_KINDS.indexOf(b.kind as CredentialKind) ||
          a.number.localeCompare(b.number),
      )
      .map((row) => ({
        kind: row.kind as CredentialKind,
        issuer: row.issuer,
        number: row.number,
        province: row.province,
        validUntil: credentialFacts(row).validUntil,
      })),
    conflicts: practitioner.conflicts.map((c) => c.name),
  };
}
