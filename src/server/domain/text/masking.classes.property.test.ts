import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digitString, nikDigits } from "@/test/contacts";
import { maskText } from "./masking";

// Leak hunting by classes of characters, not by listed forms (issue 37): contacts whose digit
// groups are separated by any of Unicode's punctuation and symbols, with format characters put
// anywhere, and with digits spelled out in Indonesian or English words among plain ones; e-mail
// addresses whose at and dot are words wrapped in any symbols. 10,000 of each family, in random
// text; fixed seeds keep every run the same, and each test lists its first leaks.

const SEED = 37;
const CASES = 10_000;

const codePoints = (test: RegExp, max = 0x10ffff) => {
  const found: string[] = [];
  for (let code = 0; code <= max; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (test.test(char)) found.push(char);
  }
  return found;
};

/**
 * Every punctuation mark and symbol of Unicode that stays one: not one whose compatibility form holds
 * a letter or digit ("℡" is TEL), nor an at sign in any width (that makes an address, tested below).
 */
const SEPARATOR_CHARS = codePoints(/^[\p{P}\p{S}]$/u).filter((char) => {
  const compatible = char.normalize("NFKC");
  // The keycap ten, 🔟, is a symbol that reads as 10.
  return !/[\p{L}\p{N}@]/u.test(compatible) && char !== "\u{1f51f}";
});
/** Every format character (Cf; soft hyphen, zero-width space, word joiner, bidi controls, …). */
const FORMAT_CHARS = codePoints(/^\p{Cf}$/u);
const SPACES = codePoints(/^\p{Zs}$/u, 0xffff);

const DIGIT_WORDS = [
  ["nol", "kosong", "zero"],
  ["satu", "one"],
  ["dua", "two"],
  ["tiga", "three"],
  ["empat", "four"],
  ["lima", "five"],
  ["enam", "six"],
  ["tujuh", "seven"],
  ["delapan", "eight"],
  ["sembilan", "nine"],
] as const;
const ALL_DIGIT_WORDS = DIGIT_WORDS.flat();

/** A separator between digit groups: a sign, a sign in spaces, two signs, up to six spaces, a line break. */
const separator = fc.oneof(
  fc.constantFrom(...SEPARATOR_CHARS),
  fc.constantFrom(...SEPARATOR_CHARS).map((sign) => ` ${sign} `),
  fc.tuple(fc.constantFrom(...SEPARATOR_CHARS), fc.constantFrom(...SEPARATOR_CHARS)).map(([a, b]) => a + b),
  fc.array(fc.constantFrom(...SPACES, "\t"), { minLength: 1, maxLength: 6 }).map((spaces) => spaces.join("")),
  fc.constantFrom("\n", "\r\n", " \n", "-\n"),
);

/**
 * Digits written as a person hiding them might: each digit as itself or as a word (any case), words
 * set apart by a space; groups (sizes from `sizes`) joined by separators drawn per gap.
 */
function written(digits: string, sizes: fc.Arbitrary<number[]>) {
  return fc
    .tuple(
      sizes,
      fc.array(fc.tuple(fc.boolean(), fc.nat(2), fc.constantFrom("lower", "upper", "title")), {
        minLength: digits.length,
        maxLength: digits.length,
      }),
      fc.array(separator, { minLength: digits.length, maxLength: digits.length }),
    )
    .map(([groupSizes, spelling, separators]) => {
      let text = "";
      let at = 0;
      for (const [g, size] of groupSizes.entries()) {
        if (at >= digits.length) break;
        if (g > 0) text += separators[g];
        const group = [...digits.slice(at, at + size)].map((digit, i) => {
          const [spell, pick, letterCase] = spelling[at + i]!;
          if (!spell) return digit;
          const words = DIGIT_WORDS[Number(digit)]!;
          const word = words[pick % words.length]!;
          return letterCase === "upper" ? word.toUpperCase() : letterCase === "title" ? word[0]!.toUpperCase() + word.slice(1) : word;
        });
        // A word stands apart from what is next to it, as words are written.
        text += group.reduce(
          (out, part, i) => (i > 0 && (/\D/.test(part) || /\D/.test(group[i - 1]!)) ? `${out} ${part}` : out + part),
          "",
        );
        at += size;
      }
      return text;
    });
}

/** Format characters put anywhere, between any two characters. */
const withFormatCharacters = (text: fc.Arbitrary<string>) =>
  text.chain((t) =>
    fc.array(fc.tuple(fc.nat(t.length), fc.constantFrom(...FORMAT_CHARS)), { maxLength: 4 }).map((inserts) => {
      // Between code points, never inside a surrogate pair.
      const out = [...t];
      for (const [at, char] of [...inserts].sort((a, b) => b[0] - a[0])) out.splice(at % (out.length + 1), 0, char);
      return out.join("");
    }),
  );

/** Group sizes covering `length` digits: 1 to 6 digits a group. */
const groupSizes = (length: number) => fc.array(fc.integer({ min: 1, max: 6 }), { minLength: length, maxLength: length });

/** What a reader sees of digits in a text (the generators write ASCII digits and digit words), in order. */
const visibleDigits = (text: string) => {
  const words = new Map<string, string>(DIGIT_WORDS.flatMap((forms, digit) => forms.map((word) => [word, String(digit)] as const)));
  return text
    .replace(/\p{Cf}/gu, "")
    .normalize("NFKC")
    .replace(/\p{L}+/gu, (word) => words.get(word.toLowerCase()) ?? " ")
    .replace(/[^0-9]/g, "");
};

/** Text around the contact: words only, none of them a digit word, so any digit seen is the contact's. */
const WORDS =
  "saya klien ingin menggugat sewa tanah hubungi kontak surel email kirim ke dan atau di untuk please write to me the tenant".split(" ");
const context = fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((words) => words.join(" "));
const before = fc.constantFrom(" ", ": ", " (", "\n", " HP ", " NIK ", " WA ", ", ");
const after = fc.constantFrom(" ", ". ", ") ", "\n", ", ", " ya", "!");
const inContext = <T extends { text: string }>(secret: fc.Arbitrary<T>) =>
  fc.tuple(context, before, secret, after, context).map(([head, b, s, a, tail]) => ({ ...s, full: `${head}${b}${s.text}${a}${tail}` }));

const leaksOf = <T extends { full: string }>(cases: fc.Arbitrary<T>, leaks: (c: T & { masked: string }) => boolean) =>
  fc
    .sample(cases, { seed: SEED, numRuns: CASES })
    .map((c) => ({ ...c, masked: maskText(c.full) }))
    .filter(leaks)
    .slice(0, 5);

describe("maskText: no leak among contacts generated from classes of characters", () => {
  it("finds classes large enough to mean something", () => {
    expect(SEPARATOR_CHARS.length).toBeGreaterThan(5_000);
    expect(FORMAT_CHARS).toEqual(expect.arrayContaining(["\u00ad", "\u200b", "\u2060", "\u202e", "\ufeff"]));
    expect(ALL_DIGIT_WORDS).toHaveLength(21);
  });

  it(`leaves no digit of ${CASES.toLocaleString("en")} NIKs in groups separated by any punctuation or symbol, with format characters and spelled digits`, () => {
    const nik = withFormatCharacters(nikDigits.chain((digits) => written(digits, groupSizes(16)))).map((text) => ({ text }));
    expect(leaksOf(inContext(nik), (c) => visibleDigits(c.masked) !== "")).toEqual([]);
  });

  /** A mobile: +62, 62, 0 or nothing, then 8, 1–9 and 7 to 10 digits. */
  const mobile = fc
    .tuple(fc.constantFrom("", "0", "62", "+62"), fc.integer({ min: 1, max: 9 }), digitString(7, 10))
    .chain(([prefix, second, tail]) =>
      written(`8${second}${tail}`, groupSizes(12)).map((number) => ({
        prefix,
        // The prefix sits apart from the number, as a country code is written, or glued to it.
        text: prefix + (prefix === "" ? "" : " ") + number,
      })),
    );

  it(`leaves no digit of ${CASES.toLocaleString("en")} mobiles but their +62/62/0 prefix, in groups separated by any punctuation or symbol, with format characters and spelled digits`, () => {
    const phones = mobile.chain((phone) => withFormatCharacters(fc.constant(phone.text)).map((text) => ({ ...phone, text })));
    expect(leaksOf(inContext(phones), (c) => !visibleDigits(c.prefix).startsWith(visibleDigits(c.masked)))).toEqual([]);
  });

  /** A sign spelled out as a word, wrapped in spaces, brackets or one to three symbols of any kind. */
  const wrapped = (words: readonly string[]) =>
    fc
      .tuple(
        fc.constantFrom(...words),
        fc.constantFrom("lower", "upper"),
        fc.oneof(
          fc.constant([" ", " "]),
          fc.constantFrom(["[", "]"], ["(", ")"], ["{", "}"], ["<", ">"], [" [", "] "], [" (", ") "]),
          fc.array(fc.constantFrom(...SEPARATOR_CHARS), { minLength: 1, maxLength: 3 }).map((wrap) => [wrap.join(""), wrap.join("")]),
          fc.tuple(fc.constantFrom(...SEPARATOR_CHARS), fc.constantFrom(...SEPARATOR_CHARS)),
        ),
      )
      .map(([word, letterCase, [left, right]]) => `${left}${letterCase === "upper" ? word.toUpperCase() : word}${right}`);

  const localPart = fc
    .tuple(fc.stringMatching(/^[a-z]{2,6}$/), digitString(1, 3), fc.stringMatching(/^(?:[._][a-z]{2,5})?$/))
    .map((p) => p.join(""));
  const domainName = fc.tuple(fc.stringMatching(/^[a-z]{2,6}$/), digitString(1, 2)).map(([name, n]) => name + n);
  const TOP_LEVEL_DOMAINS = ["com", "id", "net", "org", "co.id", "ac.id"];

  // "at" and "di" with the dot spelled out, as the forms ("budi di gmail titik com"); "at"
  // with a plain dot too. After "di" a plain dot names a website ("di ahu.go.id"): not an address.
  const spelledAddress = fc
    .tuple(localPart, fc.constantFrom("at", "di"), domainName, fc.constantFrom(...TOP_LEVEL_DOMAINS), fc.boolean())
    .chain(([local, atWord, name, tld, plainDot]) =>
      fc
        .tuple(wrapped([atWord]), atWord === "at" && plainDot ? fc.constant(".") : wrapped(["dot", "titik"]))
        .map(([at, dot]) => ({ text: `${local}${at}${name}${dot}${tld.replace(".", dot)}`, parts: [local, name] })),
    );
  const alphanumeric = (text: string) =>
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "");

  it(`leaves no local part or domain name of ${CASES.toLocaleString("en")} e-mail addresses whose at and dot are words wrapped in anything, with format characters`, () => {
    const addresses = spelledAddress.chain((address) =>
      withFormatCharacters(fc.constant(address.text)).map((text) => ({ ...address, text })),
    );
    expect(leaksOf(inContext(addresses), (c) => c.parts.some((part) => alphanumeric(c.masked).includes(part)))).toEqual([]);
  });

  it("is idempotent on the same texts", () => {
    const nik = nikDigits.chain((digits) => written(digits, groupSizes(16))).map((text) => ({ text }));
    const texts = fc.sample(fc.oneof(inContext(nik), inContext(mobile), inContext(spelledAddress)), { seed: SEED + 1, numRuns: 3_000 });
    const changed = texts.map((c) => c.full).filter((text) => maskText(maskText(text)) !== maskText(text));
    expect(changed.slice(0, 5)).toEqual([]);
  });
});
