import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTACT_VALUE_PATTERNS, type IntakeField, intakeProblems } from "../catalog/intake";
import { maskEmailField, maskIntake, maskPhoneField, maskText } from "./masking";

// Leak hunting: 10,000 generated e-mails, phones (many countries, every local Indonesian form) and
// 16-digit numbers, written in any decimal digits, inside random Indonesian/English text. Fixed
// seeds keep every run the same; each test lists all its leaks, not only the first.

const SEED = 17;
/** 10,000 values in all: phones and 16-digit numbers have more forms than e-mail addresses. */
const NUMBER_CASES = 8_000;
const EMAIL_CASES = 2_000;

/** The digit zero of scripts a client may write in; the generator picks one per value or per digit. */
const ZEROS = [0x30, 0xff10, 0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x1d7ce, 0x1e950];
const DIGIT_SCRIPTS = new Map(
  ZEROS.flatMap((zero) => Array.from({ length: 10 }, (_, d) => [String.fromCodePoint(zero + d), String(d)] as const)),
);

/** The ASCII digits of a text, whatever script they are written in; everything else dropped. */
const digitsOf = (text: string) =>
  Array.from(text)
    .map((c) => DIGIT_SCRIPTS.get(c) ?? "")
    .join("");

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(""));

/** Rewrites ASCII digits in one script, or mixes scripts digit by digit. */
const script = fc.oneof(
  { weight: 3, arbitrary: fc.constant([0x30]) },
  { weight: 3, arbitrary: fc.constantFrom(...ZEROS.slice(1)).map((zero) => [zero]) },
  { weight: 1, arbitrary: fc.constant(ZEROS) },
);
const written = (text: string, zeros: readonly number[], pick: number) =>
  text.replace(/\d/g, (d) => String.fromCodePoint(zeros[(pick + d.charCodeAt(0)) % zeros.length]! + Number(d)));

const separator = fc.constantFrom("", "", " ", ".", "-", " - ", "\u00a0", "\u2009", "\u3000", "\u2013", "\uff0e", "\uff0d");

/** Digits cut into groups of 1–5 joined by random separators, a group sometimes in brackets. */
function grouped(number: string, bracket = true): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 16, maxLength: 16 }),
      fc.array(separator, { minLength: 16, maxLength: 16 }),
      fc.integer({ min: -4, max: 4 }),
    )
    .map(([sizes, seps, bracketed]) => {
      const groups: string[] = [];
      for (let at = 0, i = 0; at < number.length; i++) {
        groups.push(number.slice(at, at + sizes[i]!));
        at += sizes[i]!;
      }
      if (bracket && bracketed >= 0 && bracketed < groups.length - 1) groups[bracketed] = `(${groups[bracketed]})`;
      return groups.reduce((text, group, i) => text + (i === 0 ? "" : seps[i]!) + group);
    });
}

interface Secret {
  text: string;
  /** The digits the mask may keep (a country code or trunk prefix), in ASCII. */
  kept: string;
}

/** An Indonesian national significant number: a mobile 8… or a landline area 2–7/9, 8–12 digits. */
const nsn = fc
  .tuple(
    fc.constantFrom("81", "82", "85", "87", "89", "21", "22", "31", "361", "274", "411", "61", "778", "911"),
    fc.integer({ min: 8, max: 12 }),
  )
  .chain(([start, length]) => digits(length - start.length, length - start.length).map((rest) => start + rest));

const indonesianPhone: fc.Arbitrary<Secret> = fc.oneof(
  fc
    .tuple(fc.constantFrom("+62", "+62 ", "+62-", "62", "0062 ", "0", "0 ", "+62 (0)", "(+62) ", "+62 0", "62 0"), nsn)
    .chain(([prefix, number]) =>
      grouped(number).map((rest) => ({
        text: prefix + rest,
        kept: /^(?:\(?\+62|0062|62)/.test(prefix) ? digitsOf(prefix).replace(/0$/, "") : "0",
      })),
    ),
  // A landline with its area code in brackets, before a subscriber number of 5 to 8 digits.
  fc
    .tuple(fc.constantFrom("21", "22", "361", "274"), digits(5, 8), separator)
    .chain(([area, subscriber, sep]) => grouped(subscriber, false).map((rest) => ({ text: `(0${area})${sep}${rest}`, kept: "0" }))),
  // Too long but accepted by the old validator: "08123456789012".
  fc.tuple(fc.constantFrom("8", "2"), digits(12, 13)).map(([first, rest]) => ({ text: `0${first}${rest}`, kept: "0" })),
);

/** Country codes of every length; E.164 numbers have 7 to 15 digits with the country code. */
const COUNTRY_CODES = [
  "1",
  "7",
  "20",
  "27",
  "31",
  "33",
  "44",
  "49",
  "55",
  "60",
  "61",
  "63",
  "65",
  "66",
  "81",
  "82",
  "84",
  "86",
  "90",
  "91",
  "234",
  "254",
  "290",
  "297",
  "351",
  "353",
  "420",
  "683",
  "852",
  "880",
  "886",
  "966",
  "971",
  "998",
];
const internationalPhone: fc.Arbitrary<Secret> = fc
  .tuple(fc.constantFrom(...COUNTRY_CODES), fc.integer({ min: 7, max: 15 }), fc.constantFrom("+", "+", "+", "00", "(+"), separator)
  .chain(([code, total, plus, sep]) =>
    digits(Math.max(total - code.length, 4), Math.max(total - code.length, 4)).chain((subscriber) =>
      grouped(subscriber).map((rest) => ({
        text: `${plus}${code}${plus === "(+" ? ")" : ""}${sep}${rest}`,
        kept: plus === "00" ? "0" : "",
      })),
    ),
  );

/** Any 16 digits in a row: a NIK, a family-card number, or something the validator let through. */
const sixteenDigits: fc.Arbitrary<Secret> = digits(16, 16).map((text) => ({ text, kept: "" }));

const numberSecret = fc
  .tuple(fc.oneof(indonesianPhone, internationalPhone, sixteenDigits), script, fc.nat())
  .map(([secret, zeros, pick]) => ({ ...secret, text: written(secret.text, zeros, pick) }));

const WORDS =
  "saya klien ingin menggugat wanprestasi sewa tanah hubungi nomor telepon kantor pengacara surat kuasa mohon segera please call me at my office whatsapp the tenant refuses to pay contact email kirim berkas ke dan atau di untuk".split(
    " ",
  );
/** Free text without digits: whatever digit survives masking came from the secret. */
const context = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((words) => words.join(" "));
const before = fc.constantFrom(" ", ": ", " (", "\n", " HP:", " WA ", " NIK ", " di ", "\t", ", ", "");
const after = fc.constantFrom(" ", ". ", ") ", "\n", ", ", "", " ya");

const inContext = <T extends { text: string }>(secret: fc.Arbitrary<T>) =>
  fc
    .tuple(context, before, secret, after, context)
    .map(([head, b, s, a, tail]) => ({ ...s, full: `${head}${b}${s.text}${a}${tail}`, around: head + b + a + tail }));

describe("maskText: no leak among 10,000 generated values in context", () => {
  it("leaves no digit of a phone or 16-digit number but its country code or trunk prefix", () => {
    const leaks = fc
      .sample(inContext(numberSecret), { seed: SEED, numRuns: NUMBER_CASES })
      .map((c) => ({ ...c, masked: maskText(c.full) }))
      // Hiding a prefix too is no leak.
      .filter((c) => !c.kept.startsWith(digitsOf(c.masked)));
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  const localPart = fc.stringMatching(/^[a-z\u00e9\u00f1\u0431][a-z0-9\u00e9\u0661!#$%&'*+/=?^_`{|}~-]{1,10}(?:\.[a-z0-9]{1,6})?$/u);
  const domain = fc.tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}[a-z0-9]$/),
    fc.constantFrom("id", "co.id", "or.id", "com", "net", "org", "xn--p1ai", "sg", "ac.id"),
  );
  const email = fc
    .tuple(localPart, domain, fc.constantFrom("@", "@", "@", "\uff20"))
    .map(([local, [name, tld], at]) => ({ local, domain: `${name}.${tld}`, text: `${local}${at}${name}.${tld}` }));

  it("leaves no e-mail's local part or domain", () => {
    const leaks = fc
      .sample(inContext(email), { seed: SEED, numRuns: EMAIL_CASES })
      .map((c) => ({ ...c, masked: maskText(c.full) }))
      .filter((c) => [c.local, c.domain].some((part) => part.length >= 3 && !c.around.includes(part) && c.masked.includes(part)));
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  it("is idempotent on the same texts", () => {
    const texts = fc.sample(fc.oneof(inContext(numberSecret), inContext(email)), { seed: SEED + 1, numRuns: 2_000 }).map((c) => c.full);
    const changed = texts.filter((text) => maskText(maskText(text)) !== maskText(text));
    expect(changed.slice(0, 5)).toEqual([]);
  });
});

describe("what the intake validators accept is masked whole", () => {
  const field = (type: IntakeField["type"]): IntakeField[] => [{ key: "v", label: "V", required: true, type }];
  const accepted = (type: "email" | "phone" | "nik") =>
    fc.sample(fc.stringMatching(CONTACT_VALUE_PATTERNS[type]), { seed: SEED, numRuns: 2_000 }).filter((v) => v.length <= 500);
  /** The value as an intake shows it before taking: in its own field, and in a free-text field. */
  const inIntake = (type: "email" | "phone" | "nik", v: string) => [maskIntake({ v }, field(type)).v!, maskIntake({ v }, field("text")).v!];

  it("hides every letter and digit of an accepted NIK or passport number in its field", () => {
    const numbers = fc.sample(fc.stringMatching(CONTACT_VALUE_PATTERNS.nik_paspor), { seed: SEED, numRuns: 2_000 });
    expect(numbers.filter((v) => intakeProblems(field("nik_paspor"), { v }).length > 0).slice(0, 5)).toEqual([]);
    const leaks = numbers.filter((v) => /[\p{L}\p{N}]/u.test(maskIntake({ v }, field("nik_paspor")).v!));
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  it("generates only values the validators accept", () => {
    for (const type of ["email", "phone", "nik"] as const) {
      const refused = accepted(type).filter((v) => intakeProblems(field(type), { v }).length > 0);
      expect(refused.slice(0, 5)).toEqual([]);
    }
  });

  it("hides every digit of an accepted phone but its +62/62/0 prefix, in the field masker and in an intake's phone and free-text fields", () => {
    const leaks = accepted("phone").filter((v) => {
      const kept = /^(?:\+?62|0)/.exec(v)![0].replace("+", "");
      return [maskPhoneField(v), ...inIntake("phone", v)].some((masked) => !kept.startsWith(digitsOf(masked)));
    });
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  it("hides every digit of an accepted NIK, as free text and in an intake's NIK and free-text fields", () => {
    const leaks = accepted("nik").filter((v) => [maskText(v), ...inIntake("nik", v)].some((masked) => /\d/.test(masked)));
    expect(leaks.slice(0, 5)).toEqual([]);
  });

  it("hides an accepted e-mail address but a first character and the top-level domain, in the field masker and in an intake's e-mail and free-text fields", () => {
    const shape = /^[\p{L}\p{N}]?•••@•••(?:\.[^.@•]+)?$/u;
    const leaks = accepted("email").filter((v) => [maskEmailField(v), ...inIntake("email", v)].some((masked) => !shape.test(masked)));
    expect(leaks.slice(0, 5)).toEqual([]);
  });
});
