import { randomInt } from "node:crypto";

/**
 * An organisation's transfer reference: what it writes in its bank transfer's description so an
 * imported statement credits its deposit. "KSA" and eight characters of an alphabet without the
 * letters people and banks confuse with digits (I, L, O, U); short enough for the narrowest
 * description field of Indonesian internet banking (18 characters).
 */
const PREFIX = "KSA";
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 8;

export function newTransferReference(): string {
  let code = PREFIX;
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

// Read as Crockford's base32 reads: I and L typed for 1, O for 0. A lookahead, so candidates that
// overlap are all found ("KSAKSA7F3K9Q2M" holds "KSA7F3K9Q2M").
const REFERENCE_IN_TEXT = new RegExp(`(?=(${PREFIX}[${ALPHABET}ILO]{${LENGTH}}))`, "g");
const CONFUSED: Record<string, string> = { I: "1", L: "1", O: "0" };

/**
 * The references a bank line's description may carry. Banks split, pad and upper-case descriptions:
 * spaces, dashes, dots, slashes and underscores are removed before reading, so "KSA 7F3K-9Q2M" is
 * found. Every candidate is answered, overlapping ones too; which of them are real is the
 * caller's to look up, so text around a reference can never hide it.
 */
export function referencesIn(description: string): string[] {
  const compact = description.toUpperCase().replace(/[\s\-./_]+/g, "");
  const read = (candidate: string) => PREFIX + candidate.slice(PREFIX.length).replace(/[ILO]/g, (char) => CONFUSED[char]!);
  return [...new Set(Array.from(compact.matchAll(REFERENCE_IN_TEXT), (match) => read(match[1]!)))];
}
