import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/server/domain/errors";

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
    }),
  })
  .meta({ id: "Error" });
