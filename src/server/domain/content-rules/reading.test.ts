import { describe, expect, it } from "vitest";
import { read } from "./reading";

const sentencesOf = (text: string) => read(text).sentences.map((sentence) => text.slice(sentence.start, sentence.end));

describe("read", () => {
  it("keeps the text's length, so an index in the reading is an index in the text as sent", () => {
    const text = "İzin “PASTI” terbit\u00a0— kata ‘klien’.";
    const reading = read(text);
    expect(reading.lower).toHaveLength(text.length);
    // "İ" lowers to two UTF-16 units, so it stays as written.
    expect(reading.lower).toBe("İzin \"pasti\" terbit - kata 'klien'.");
  });

  it("ends sentences at full stops, question and exclamation marks and line breaks, not inside numbers or after abbreviations", () => {
    expect(sentencesOf("Biaya Rp. 2.650.000 per kelas. Lihat UU No. 20 Tahun 2016! Siap?\nBaris baru")).toEqual([
      "Biaya Rp. 2.650.000 per kelas.",
      "Lihat UU No. 20 Tahun 2016!",
      "Siap?",
      "Baris baru",
    ]);
  });

  it("goes on after a quoted question followed by lower case, and after an initial", () => {
    expect(sentencesOf("“Saya pasti menang?” tanya klien. Advokat S. Wijaya hadir.")).toEqual([
      "“Saya pasti menang?” tanya klien.",
      "Advokat S. Wijaya hadir.",
    ]);
  });

  it("marks questions, but not a statement with a tag", () => {
    const [asked, tagged, opened] = read("Apakah izin pasti terbit? Biayanya murah, kan? Bisakah Anda menjamin hasilnya.").sentences;
    expect([asked!.question, tagged!.question, opened!.question]).toEqual([true, false, true]);
  });

  it("cuts clauses at commas and clause words, and parts only at semicolons and words of contrast or purpose", () => {
    const text = "Kami tidak menjamin, tetapi praktisi bekerja karena itu tugasnya; selesai.";
    const [sentence] = read(text).sentences;
    expect(sentence!.clauses.map((clause) => text.slice(clause.start, clause.end))).toEqual([
      "Kami tidak menjamin,",
      "tetapi praktisi bekerja",
      "karena itu tugasnya;",
      "selesai.",
    ]);
    expect(sentence!.parts.map((part) => text.slice(part.start, part.end))).toEqual([
      "Kami tidak menjamin,",
      "tetapi praktisi bekerja karena itu tugasnya;",
      "selesai.",
    ]);
  });
});
