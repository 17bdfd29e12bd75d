import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digitString, nikDigits } from "@/test/contacts";
import { maskText } from "./masking";

// Leak hunting among contacts written to get past a filter: 10,000 generated e-mail addresses,
// NIKs and phones, each in one of the forms people use (issue 25), inside random text. Fixed
// seeds keep every run the same; each test lists its leaks, not only the first.

const SEED = 25;
const EMAIL_CASES = 4_000;
const NIK_CASES = 3_000;
const PHONE_CASES = 3_000;

/** ASCII digits of a text, after decoding what the generators encode (full-width, entities). */
const digitsOf = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .normalize("NFKC")
    .replace(/\D/g, "");
/** Letters and digits only, lower case: what a reader can put together from a text. */
const alphanumeric = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

const WORDS =
  "saya klien ingin menggugat wanprestasi sewa tanah hubungi kontak surel email kirim berkas ke dan atau di untuk please write to me the tenant refuses".split(
    " ",
  );
const context = fc.array(fc.constantFrom(...WORDS), { maxLength: 10 }).map((words) => words.join(" "));
const before = fc.constantFrom(" ", ": ", " (", "\n", " ke ", " email ", " NIK ", " HP ", "\t", ", ");
/** Never nothing: an address glued to the next word ("gmail.comsaya") is not a form people write. */
const after = fc.constantFrom(" ", ". ", ") ", "\n", ", ", " ya", "!");

function inContext<T extends { text: string }>(secret: fc.Arbitrary<T>) {
  return fc.tuple(context, before, secret, after, context).map(([head, b, s, a, tail]) => ({
    ...s,
    full: `${head}${b}${s.text}${a}${tail}`,
    around: `${head}${b}${a}${tail}`,
  }));
}

// ---- E-mail addresses ----------------------------------------------------------------------

/** `@` as people write it to get past a filter (and as the sign itself, full-width or escaped). */
const AT_FORMS = [
  "@",
  " @ ",
  "@ ",
  "[at]",
  " [at] ",
  "(at)",
  " (at) ",
  "{at}",
  "[ at ]",
  " AT ",
  "＠",
  "%40",
  "&#64;",
  "&#x40;",
  "&commat;",
  "(@)",
];
const SPELLED_AT_FORMS = [" at ", " AT ", " At "];
/** `.` in the domain as people write it. */
const DOT_FORMS = [
  ".",
  " . ",
  "[dot]",
  " [dot] ",
  "(dot)",
  " (dot) ",
  "{dot}",
  " dot ",
  " DOT ",
  " titik ",
  "．",
  "%2E",
  "&#46;",
  "&period;",
  "[.]",
];
const COMMON_TLDS = ["com", "id", "co.id", "net", "org", "ac.id", "or.id"];

const localPart = fc
  .tuple(fc.stringMatching(/^[a-z]{2,6}$/), digitString(1, 3), fc.stringMatching(/^(?:[._][a-z]{2,5})?$/))
  .map((p) => p.join(""));
const domainName = fc.tuple(fc.stringMatching(/^[a-z]{2,6}$/), digitString(1, 2)).map(([name, n]) => name + n);

interface EmailSecret {
  text: string;
  /** What must not be readable in the masked text, as letters and digits. */
  parts: string[];
}

const obfuscated: fc.Arbitrary<EmailSecret> = fc
  .tuple(localPart, fc.constantFrom(...AT_FORMS), domainName, fc.constantFrom(...DOT_FORMS), fc.constantFrom(...COMMON_TLDS))
  .map(([local, at, name, dot, tld]) => ({ text: `${local}${at}${name}${dot}${tld.replace(".", dot)}`, parts: [local, name] }));

const spelledOut: fc.Arbitrary<EmailSecret> = fc
  .tuple(
    localPart,
    fc.constantFrom(...SPELLED_AT_FORMS),
    domainName,
    fc.constantFrom(" dot ", " titik ", ".", " . ", " [dot] "),
    fc.constantFrom(...COMMON_TLDS),
  )
  .map(([local, at, name, dot, tld]) => ({ text: `${local}${at}${name}${dot}${tld.replace(".", dot)}`, parts: [local, name] }));

/** Every letter spaced out, the signs too: "b u d i 1 @ g m a i l . c o m". */
const spacedOut: fc.Arbitrary<EmailSecret> = fc
  .tuple(localPart, domainName, fc.constantFrom(...COMMON_TLDS), fc.constantFrom(" ", "  "))
  .map(([local, name, tld, space]) => ({ text: [...`${local}@${name}.${tld}`].join(space), parts: [local, name] }));

/** An address without its top-level domain, after an `@` in any of its forms. */
const withoutTopLevelDomain: fc.Arbitrary<EmailSecret> = fc
  .tuple(localPart, fc.constantFrom("@", " @ ", "[at]", "(at)", "{at}", "＠", "%40", "&#64;"), domainName)
  .map(([local, at, name]) => ({ text: `${local}${at}${name}`, parts: [local, name] }));

/** A spelled-out at before a mail provider's name, without a top-level domain: "budi7 at gmail". */
const atProvider: fc.Arbitrary<EmailSecret> = fc
  .tuple(localPart, fc.constantFrom(...SPELLED_AT_FORMS), fc.constantFrom("gmail", "yahoo", "hotmail", "outlook", "ymail", "icloud"))
  .map(([local, at, provider]) => ({ text: `${local}${at}${provider}`, parts: [local] }));

const evasiveEmail = fc.oneof(
  { weight: 5, arbitrary: obfuscated },
  { weight: 2, arbitrary: spelledOut },
  { weight: 1, arbitrary: spacedOut },
  { weight: 1, arbitrary: withoutTopLevelDomain },
  { weight: 1, arbitrary: atProvider },
);

describe("maskText: no leak among 10,000 contacts written to get past a filter", () => {
  it(`leaves no local part or domain name of ${EMAIL_CASES.toLocaleString("en")} e-mail addresses written around the @ and the dot`, () => {
    const leaks = fc
      .sample(inContext(evasiveEmail), { seed: SEED, numRuns: EMAIL_CASES })
      .map((c) => ({ ...c, masked: maskText(c.full) }))
      .filter((c) => c.parts.some((part) => !alphanumeric(c.around).includes(part) && alphanumeric(c.masked).includes(part)));
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  // ---- NIKs ----------------------------------------------------------------------------------

  /** Cut into groups of 1–6 digits, evenly or not. */
  const groups = (number: string) =>
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 16, maxLength: 16 }).map((sizes) => {
      const out: string[] = [];
      for (let at = 0, i = 0; at < number.length; i++) {
        out.push(number.slice(at, at + sizes[i]!));
        at += sizes[i]!;
      }
      return out;
    });
  const evenGroups = (number: string) => [number.slice(0, 4), number.slice(4, 8), number.slice(8, 12), number.slice(12)];
  const NIK_SEPARATORS = ["  ", "   ", "/", "_", ".", "-", " ", "\n", "\r\n", " \n"];
  const evasiveNik = fc.oneof(
    fc
      .tuple(nikDigits, fc.constantFrom(...NIK_SEPARATORS), fc.boolean())
      .chain(([nik, sep, even]) => (even ? fc.constant(evenGroups(nik)) : groups(nik)).map((g) => g.join(sep))),
    // Digits spaced one by one.
    fc.tuple(nikDigits, fc.constantFrom(" ", "  ")).map(([nik, space]) => [...nik].join(space)),
    // Digits as HTML character references or in full width.
    nikDigits.map((nik) => [...nik].map((d) => `&#${d.charCodeAt(0)};`).join("")),
    nikDigits.map((nik) =>
      evenGroups(nik)
        .join(" ")
        .normalize("NFKC")
        .replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    ),
  );

  it(`leaves no digit of ${NIK_CASES.toLocaleString("en")} NIKs in any grouping, separated by spaces, slashes, underscores, dots or line breaks`, () => {
    const leaks = fc
      .sample(inContext(evasiveNik.map((text) => ({ text }))), { seed: SEED, numRuns: NIK_CASES })
      .map((c) => ({ ...c, masked: maskText(c.full) }))
      .filter((c) => digitsOf(c.masked) !== "");
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  // ---- Phones --------------------------------------------------------------------------------

  /** A mobile's national significant number: 8, then 1–9, 9 to 12 digits in all. */
  const mobile = fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 7, max: 10 }))
    .chain(([second, rest]) => digitString(rest, rest).map((tail) => `8${second}${tail}`));
  const PHONE_SEPARATORS = ["/", "_", ".", "-", " ", "  ", " / ", " - "];
  const PREFIXES = ["", "", "0", "+62", "+62 ", "62", "(+62) ", "0062 "];
  const threeFourFour = (number: string) => [number.slice(0, 3), number.slice(3, 7), number.slice(7)];
  const evasivePhone = fc.oneof(
    fc
      .tuple(fc.constantFrom(...PREFIXES), mobile, fc.constantFrom(...PHONE_SEPARATORS))
      .map(([prefix, number, sep]) => ({ prefix, text: prefix + threeFourFour(number).join(sep) })),
    // Digits spaced one by one, the prefix too.
    fc
      .tuple(fc.constantFrom("", "0", "62", "+62"), mobile, fc.constantFrom(" ", "  "))
      .map(([prefix, number, space]) => ({ prefix, text: [...(prefix + number)].join(space) })),
    // Without any prefix and without separators.
    mobile.map((number) => ({ prefix: "", text: number })),
  );

  it(`leaves no digit of ${PHONE_CASES.toLocaleString("en")} mobiles but their +62/62/0 prefix, with any separator, spaced out, or without a prefix`, () => {
    const leaks = fc
      .sample(inContext(evasivePhone), { seed: SEED, numRuns: PHONE_CASES })
      .map((c) => ({ ...c, masked: maskText(c.full) }))
      .filter((c) => !digitsOf(c.prefix).startsWith(digitsOf(c.masked)));
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  it("is idempotent on the same texts", () => {
    const texts = fc
      .sample(fc.oneof(inContext(evasiveEmail), inContext(evasiveNik.map((text) => ({ text }))), inContext(evasivePhone)), {
        seed: SEED + 1,
        numRuns: 2_000,
      })
      .map((c) => c.full);
    const changed = texts.filter((text) => maskText(maskText(text)) !== maskText(text));
    expect(changed.slice(0, 5)).toEqual([]);
  });
});
