import type { z } from "zod";

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and marks (U+200E, U+200F, U+061C), as a character-class body. They reorder
 * what is shown after them: "PT Maju\u202Ekaj" reads as another name, "exe.pdf" as "fdp.exe".
 */
export const BIDI_CONTROLS = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";

/** Line breaks (CR, LF, NEL, the Unicode line and paragraph separators) and every other control character. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
/**
 * Invisible format characters (Unicode category Cf): the bidi controls above, zero-width joiners
 * and spaces, the soft hyphen, the BOM, tag characters. None shows, so two names that look alike
 * could differ, or one could look like another.
 */
const INVISIBLE_FORMAT = /\p{Cf}/u;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** What makes `text` unfit as a name people read, or null when it is fit. */
function nameTextProblem(text: string): string | null {
  if (NOT_ONE_LINE.test(text)) return "must be one line: no line breaks or control characters";
  const invisible = INVISIBLE_FORMAT.exec(text);
  if (invisible) return `must not contain invisible formatting characters such as text-direction controls (${codePoint(invisible[0])})`;
  return null;
}

/**
 * The one check of every name people type and others read (organisations, users, practitioners'
 * display names and labels, API keys, account holders, a case's contact, an OAuth client): one
 * line of visible characters. Names go into e-mail subjects and bodies, consent pages and key
 * lists, where a line break would start a header or paragraph of the writer's choosing and a
 * direction control would show another name than the one stored. A refusal is a VALIDATION error
 * on the field (its `param`).
 */
export function nameText<T extends z.ZodString>(schema: T): T {
  return schema.superRefine((text, ctx) => {
    const problem = nameTextProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}
