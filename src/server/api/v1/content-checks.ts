import { checkDraft } from "@/server/services/content-checks";
import { agentProcedure } from "../agent-procedure";
import { contentCheckInputSchema, contentCheckSchema } from "../schemas/content-checks";
import { router } from "../trpc";

export const contentChecksRouter = router({
  // A POST because a draft does not fit a query string; it changes nothing (readOnly), so it is a query.
  create: agentProcedure
    .meta({
      scope: "katalog:baca",
      readOnly: true,
      openapi: {
        method: "POST",
        path: "/v1/content_checks",
        tags: ["Katalog"],
        summary: "Check a draft against the content rules before your agent says it",
        description:
          "Checks `text` against the four content rules agents are bound by (no promised outcomes, no claim that every practitioner is " +
          "verified by one bar organisation, no price or service outside the catalog, no AI answer presented as legal advice) and the " +
          "catalog as it is at this moment: a catalog service quoted at its agent price is compliant, another price or a service Kuasa " +
          "does not offer is a finding; official third-party fees are not Kuasa's prices. Negations and disclaimers are compliant. " +
          "200 with `compliant` and each finding's rule, offsets into `text`, excerpt, message (in Indonesian) and a compliant " +
          "suggestion. Nothing is stored, and nothing changes: no Idempotency-Key is needed, and the call counts as a read in the " +
          "key's rate limit. Messages your agent sends practitioners (POST /v1/orders/{id}/messages, a case's story) are checked the " +
          "same way and, when they break a rule, recorded for Kuasa's operator, never refused.",
        protect: true,
      },
    })
    .input(contentCheckInputSchema)
    .output(contentCheckSchema)
    .query(({ ctx, input }) => checkDraft(ctx, { actor: ctx.actor, text: input.text, language: input.language })),
});
