import { type AdminActor, type OperatorActor, requireActor } from "@/server/domain/access/actor";
import {
  normalizeTopUpInstructions,
  type TopUpInstructionsInput,
  topUpInstructionsView,
  topUpReference,
} from "@/server/domain/money/top-up";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { transferReferenceOf } from "../organizations";

/** The one row's id: the platform has one bank account for deposit top-ups. */
const PLATFORM = "platform";

/** The details as the operator last set them (with the raw reference rule), or null before the first time. */
export async function getTopUpInstructions(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
  }: {
    actor: OperatorActor;
  },
) {
  requireActor(actor, "operator");
  const row = await deps.db.topUpInstructions.findUnique({ where: { id: PLATFORM } });
  return row && { ...topUpInstructionsView(row), bankCode: row.bankCode, referenceRule: row.referenceRule, updatedAt: row.updatedAt };
}

/** The operator sets the platform's transfer details; audited with what changed to. */
export async function setTopUpInstructions(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, input }: { actor: OperatorActor; input: TopUpInstructionsInput },
): Promise<void> {
  requireActor(actor, "operator");
  const details = normalizeTopUpInstructions(input);
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    await tx.topUpInstructions.upsert({
      where: { id: PLATFORM },
      create: { id: PLATFORM, ...details, updatedBy: actor.id, updatedAt: now },
      update: { ...details, updatedBy: actor.id, updatedAt: now },
    });
    await audit(tx, {
      actor,
      action: "settings.top_up_instructions",
      subjectType: "settings",
      subjectId: PLATFORM,
      data: {
        bank: details.bankCode,
        account_number: details.accountNumber,
        account_holder: details.accountHolder,
        reference_rule: details.referenceRule,
      },
    });
  });
}

/**
 * What one organisation's admin is told to do to top up: its transfer reference, and the
 * platform's account with the note to write (the rule with the reference), or null until the
 * operator set them.
 */
export async function topUpInstructionsFor(deps: Pick<ServiceDeps, "db">, { actor }: { actor: AdminActor }) {
  requireActor(actor, "admin");
  const transferReference = await transferReferenceOf(deps.db, actor.organizationId);
  const row = await deps.db.topUpInstructions.findUnique({ where: { id: PLATFORM } });
  return {
    transferReference,
    account: row && { ...topUpInstructionsView(row), note: topUpReference(row.referenceRule, transferReference) },
  };
}
