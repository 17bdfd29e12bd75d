import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";

export const errorSchema = z
  .object({
    error: z.object({
      code: z
        .enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]])
        .meta({ description: "What went wrong, from the one table of codes; decide what to do by this, not by the message." }),
      message: z.string().meta({ description: "A sentence for a developer: what was wrong and how to fix it. Its wording may change." }),
      param: z
        .string()
        .optional()
        .meta({
          description:
            "On a `VALIDATION` error caused by a field: the first offending field's path as the client wrote it — object keys joined by `.`, array positions as `[n]` (`intake.sifat_nda`, `attachments[1]`, `limit`). Absent when the request as a whole is wrong (not JSON, a bad Idempotency-Key).",
          examples: ["intake.sifat_nda"],
        }),
      request_id: z.string().meta({
        description: "The answer's `X-Request-Id`: quote it to support; our logs are indexed by it.",
        examples: ["req_7fK2mQ9xB4nT1vL8cR3wZp"],
      }),
      doc_url: z.string().meta({
        format: "uri",
        description:
          "Where this server's API reference explains the code: its heading under *Errors* in /docs (`<server>/docs#section/Errors/<code>`), with what to do about it.",
        examples: ["https://kuasa.example/docs#section/Errors/VALIDATION"],
      }),
    }),
  })
  .meta({ id: "Error" });
