import { z } from "zod";
import { CONTENT_LANGUAGES, CONTENT_RULES } from "@/server/domain/content-rules/content-rules";
import { CONTENT_CHECK_EXAMPLES } from "../openapi-examples";

/** The longest draft POST /v1/content_checks takes, in JavaScript string length (UTF-16 code units). */
export const CONTENT_CHECK_TEXT_MAX = 20_000;

export const contentCheckInputSchema = z
  .object({
    text: z
      .string()
      .max(CONTENT_CHECK_TEXT_MAX, `must be at most ${CONTENT_CHECK_TEXT_MAX.toLocaleString("en")} characters`)
      // Not trimmed: the findings' offsets are into the text exactly as sent.
      .refine((text) => text.trim() !== "", "must not be empty")
      .meta({
        description:
          `The draft your agent means to say to its user, at most ${CONTENT_CHECK_TEXT_MAX.toLocaleString("en")} characters. ` +
          "The findings' `start` and `end` are offsets into exactly this text.",
      }),
    language: z
      .enum(CONTENT_LANGUAGES)
      .optional()
      .meta({ description: "`id` (Bahasa Indonesia) or `en` (English): check with that language's patterns only. Absent: both." }),
  })
  .strict();

const contentFindingSchema = z
  .object({
    rule: z.enum(CONTENT_RULES).meta({
      description:
        "The content rule broken: `outcome_promise` (promising an outcome: winning a case, a permit issued, a government body's " +
        "deadline), `verification_claim` (saying all practitioners are verified by one bar organisation), `off_catalog` (a price " +
        "or a legal service not in the catalog) or `ai_legal_advice` (presenting an AI answer as legal advice).",
    }),
    start: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Where the finding starts in `text`: a JavaScript string index (UTF-16 code units)." }),
    end: z.number().int().min(0).meta({ description: "Where it ends in `text`, exclusive: `text.slice(start, end)` is the excerpt." }),
    excerpt: z.string().meta({ description: "The words found, exactly as in `text` between `start` and `end`." }),
    message: z.string().meta({ description: "What is wrong, in Bahasa Indonesia." }),
    suggestion: z.string().meta({ description: "A compliant way to say it." }),
  })
  .meta({ id: "ContentFinding" });

export const contentCheckSchema = z
  .object({
    compliant: z.boolean().meta({ description: "true when the text breaks none of the content rules (`findings` is empty)." }),
    findings: z.array(contentFindingSchema).meta({ description: "Each breach found; empty when the text is compliant." }),
  })
  .meta({
    id: "ContentCheck",
    description: "A draft checked against the content rules and the live catalog.",
    examples: [CONTENT_CHECK_EXAMPLES.compliant.answer, CONTENT_CHECK_EXAMPLES.findings.answer],
  });
