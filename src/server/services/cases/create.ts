import { type AgentActor, requireActor } from "@/server/domain/access/actor";
import { newId } from "@/server/domain/ids";
import { audit } from "../audit";
import { recordFindings } from "../content-checks";
import type { ServiceDeps } from "../deps";
import { type ClaimKey, NO_KEY } from "../idempotency";
import { CASE_INCLUDE, type CaseWithBids } from "./case-rows";

export interface CreateCaseInput {
  contactName: string;
  contactEmail: string;
  contactPhone?: string | null;
  story: string;
  area?: string | null;
  urgency?: string;
  budgetRange?: string;
  /** The other side: practitioners with a conflict never see the case. */
  counterparties?: string[];
  metadata?: Record<string, string>;
}

/** POST /v1/cases; `claim` takes the request's Idempotency-Key as the transaction's first statement. */
export async function createCase(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { actor, input, claim = NO_KEY }: { actor: AgentActor; input: CreateCaseInput; claim?: ClaimKey },
): Promise<CaseWithBids> {
  requireActor(actor, "agent");
  const { key } = actor;
  const { db, clock } = deps;
  const now = clock.now();
  const id = newId("case");
  return db.$transaction(async (tx) => {
    await claim(tx, id);
    const created = await tx.case.create({
      data: {
        id,
        organizationId: key.organizationId,
        apiKeyId: key.id,
        livemode: key.livemode,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone ?? null,
        story: input.story,
        area: input.area ?? null,
        urgency: input.urgency ?? "",
        budgetRange: input.budgetRange ?? "",
        counterparties: input.counterparties ?? [],
        metadata: input.metadata ?? {},
        createdAt: now,
        updatedAt: now,
      },
      include: CASE_INCLUDE,
    });
    // The story is checked against the content rules and recorded for the operator, never refused for it.
    await recordFindings(tx, { actor, place: { source: "case_story", caseId: id }, text: input.story, at: now });
    await audit(tx, {
      actor,
      action: "case.create",
      subjectType: "case",
      subjectId: id,
      data: { area: created.area },
    });
    return created;
  });
}
