import type { Tx } from "@/server/db/client";
import type { AgentActor } from "@/server/domain/access/actor";
import { checkContent } from "@/server/domain/content-rules";
import { newId } from "@/server/domain/ids";
import { readAgentServices } from "../catalog";
import { catalogForContent } from "./check-draft";

/** The longest excerpt kept of a finding: enough for the operator to read what was said, not a copy of the message. */
export const FINDING_EXCERPT_MAX = 300;

/** Where an agent's text to practitioners was said: an order's message, or a case's story. */
export const FINDING_SOURCES = ["order_message", "case_story"] as const;
export type FindingSource = (typeof FINDING_SOURCES)[number];
type FindingPlace = { source: "order_message"; orderId: string } | { source: "case_story"; caseId: string };

const excerptOf = (text: string) => (text.length <= FINDING_EXCERPT_MAX ? text : `${text.slice(0, FINDING_EXCERPT_MAX - 1)}…`);

/**
 * Checks what an agent said to practitioners (an order's message, a case's story) and stores one
 * row per finding, inside the caller's transaction, after its Idempotency-Key claim: a replay
 * rolls back before it, so nothing is recorded twice. The text is never refused nor changed for
 * it; the operator's console reads the rows. Answers how many were recorded.
 */
export async function recordFindings(
  tx: Tx,
  { actor, place, text, at }: { actor: AgentActor; place: FindingPlace; text: string; at: Date },
): Promise<number> {
  const { findings } = checkContent(text, { catalog: catalogForContent(await readAgentServices(tx)) });
  if (findings.length === 0) return 0;
  await tx.contentFinding.createMany({
    data: findings.map((finding) => ({
      id: newId("contentFinding"),
      organizationId: actor.organizationId,
      livemode: actor.livemode,
      apiKeyId: actor.id,
      source: place.source,
      orderId: place.source === "order_message" ? place.orderId : null,
      caseId: place.source === "case_story" ? place.caseId : null,
      rule: finding.rule,
      excerpt: excerptOf(finding.excerpt),
      createdAt: at,
    })),
  });
  return findings.length;
}
