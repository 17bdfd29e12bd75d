import { z } from "zod";

/** Line breaks (CR, LF, NEL, the Unicode line and paragraph separators) and every other control character. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;

/**
 * The name of a person or an organisation, as an operator, an admin or an invitee writes it: one
 * line. Names go into e-mail subjects and bodies ("Undangan menjadi admin <organisation>"), where a
 * line break would start a header or a paragraph of the writer's choosing.
 */
export const nameSchema = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, "needs a name")
    .max(max)
    .refine((name) => !NOT_ONE_LINE.test(name), "must be one line: no line breaks or control characters");
