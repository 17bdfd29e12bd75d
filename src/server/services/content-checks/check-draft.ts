import { type AgentActor, requireActor } from "@/server/domain/access/actor";
import { checkContent } from "@/server/domain/content-rules";
import type { CatalogEntryForContent, ContentCheck, ContentLanguage } from "@/server/domain/content-rules/content-rules";
import { type CatalogService, readAgentServices } from "../catalog";
import type { ServiceDeps } from "../deps";

/** The catalog as the checker compares text with it: each service's agent price and its official third-party fees. */
export function catalogForContent(
  services: readonly Pick<CatalogService, "code" | "name" | "agentPriceIdr" | "thirdPartyFees">[],
): CatalogEntryForContent[] {
  return services.map((service) => ({
    code: service.code,
    name: service.name,
    agentPriceIdr: service.agentPriceIdr,
    thirdPartyFees: service.thirdPartyFees.map((fee) => ({ description: fee.description, amountIdr: fee.amountIdr })),
  }));
}

/**
 * POST /v1/content_checks: a draft an agent means to say, checked against the content rules and
 * the catalog as it is now (read past the per-process cache, so an operator's price edit on any
 * instance counts on the next call). Nothing is recorded: a draft is the agent's own business
 * until it is said (docs/decisions/content-checks.md).
 */
export async function checkDraft(
  deps: Pick<ServiceDeps, "db">,
  { actor, text, language }: { actor: AgentActor; text: string; language?: ContentLanguage },
): Promise<ContentCheck> {
  requireActor(actor, "agent");
  const catalog = catalogForContent(await readAgentServices(deps.db));
  return checkContent(text, { language, catalog });
}
