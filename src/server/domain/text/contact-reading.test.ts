import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISGUISED_DOT, type Reading, readForEmails, readForNumbers, SPELLED_AT, SPELLED_DI } from "./contact-reading";

/** The original characters each read character came from. */
const sources = (original: string, reading: Reading) => [...reading.text].map((_, i) => original.slice(reading.start[i], reading.end[i]));

describe("readForNumbers", () => {
  it("decodes HTML character references, and reads each from all its characters", () => {
    const original = "a&#64;b&#x40;c&commat;d";
    const reading = readForNumbers(original);
    expect(reading.text).toBe("a@b@c@d");
    expect(sources(original, reading)).toEqual(["a", "&#64;", "b", "&#x40;", "c", "&commat;", "d"]);
  });

  it("reads a percent sign among digits as a separator, not as an escape", () => {
    expect(readForNumbers("0812%3456%7890").text).toBe("0812 3456 7890");
  });

  it("leaves what is not an escape we read as written: an unknown entity, a percent sign, a UTF-8 escape", () => {
    expect(readForNumbers("&foo; 100% %C3%A9").text).toBe("&foo; 100% %C3%A9");
  });

  it("reads full-width signs, digits of any script, any space and any dash as ASCII", () => {
    expect(readForNumbers("＠．０８١٢\u00a0\u2013").text).toBe("@.0812 -");
  });

  it("reads letters and digits spaced one by one together, and keeps signs and words apart", () => {
    expect(readForNumbers("b u d i 0  8  1 2 (6 2 8) and a - b").text).toBe("budi0812 (628) and a - b");
  });

  it("maps every character read to characters of the original, in order", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."ab 1 2%40&#64;＠．١ \u00a0-".split("")), maxLength: 40 }), (original) => {
        const { text, start, end } = readForNumbers(original);
        expect(start).toHaveLength(text.length);
        for (let i = 0; i < text.length; i++) {
          expect(start[i]!).toBeLessThan(end[i]!);
          if (i > 0) expect(start[i]!).toBeGreaterThanOrEqual(start[i - 1]!);
        }
      }),
    );
  });
});

describe("readForEmails", () => {
  it("decodes percent escapes too", () => {
    const original = "a%40b%2Ec";
    expect(readForEmails(original).text).toBe("a@b.c");
    expect(sources(original, readForEmails(original))).toEqual(["a", "%40", "b", "%2E", "c"]);
  });

  const D = DISGUISED_DOT;
  it.each([
    ["budi [at] gmail [dot] com", `budi@gmail${D}com`],
    ["budi (at) gmail (dot) com", `budi@gmail${D}com`],
    ["budi{at}gmail{.}com", `budi@gmail${D}com`],
    ["budi @ gmail . com", `budi@gmail${D}com`],
    ["budi@gmail.com", "budi@gmail.com"],
    ["budi at gmail dot com", `budi${SPELLED_AT}gmail${D}com`],
    ["budi at gmail titik co titik id", `budi${SPELLED_AT}gmail${D}co${D}id`],
    ["budi*at*gmail*dot*com", `budi${SPELLED_AT}gmail${D}com`],
    ["budi -at- gmail _dot_ com", `budi${SPELLED_AT}gmail${D}com`],
    ["budi di gmail titik com", `budi${SPELLED_DI}gmail${D}com`],
    ["budi titik santoso di gmail titik com", `budi${D}santoso${SPELLED_DI}gmail${D}com`],
    ["bu\u200bdi a\u00adt gmail\u2060.com", `budi${SPELLED_AT}gmail.com`],
  ])("reads %j as %j", (original, read) => {
    expect(readForEmails(original).text).toBe(read);
  });

  it("joins a spaced-out dot only inside a domain, not a sentence's end to the next word", () => {
    expect(readForEmails("budi@contoh.id. Kantor kami . Lalu").text).toBe("budi@contoh.id. Kantor kami . Lalu");
  });

  it("reads at or di that starts the local part of an address with its @ as a word", () => {
    expect(readForEmails("lalu di-0@aa.id").text).toBe("lalu di-0@aa.id");
  });

  it("keeps a handle apart from the word before it", () => {
    expect(readForEmails("akun @kuasa_id").text).toBe("akun @kuasa_id");
  });
});
