import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digitString, nikDigits } from "@/test/contacts";
import { MASK, maskEmailField, maskIntake, maskPhoneField, maskText } from "./masking";

const digitsOf = (text: string) => text.replace(/\D/g, "");
const m = (n: number) => MASK.repeat(n);

describe("maskText: what is hidden", () => {
  const hidden: Array<[string, string, string]> = [
    ["a mobile in +62 form with a space and dashes", "HP: +62 812-3456-7890", `HP: +62 ${m(3)}-${m(4)}-${m(4)}`],
    ["a mobile in +62 form without separators", "+6281234567890", `+62${m(11)}`],
    ["a mobile in 62 form", "WA 6281234567890 ya", `WA 62${m(11)} ya`],
    ["a mobile with the trunk 0 and dots", "0812.3456.7890", `0${m(3)}.${m(4)}.${m(4)}`],
    ["a mobile with the trunk 0 and spaces", "0812 3456 7890", `0${m(3)} ${m(4)} ${m(4)}`],
    ["a short (9-digit) older mobile", "0812-345-678", `0${m(3)}-${m(3)}-${m(3)}`],
    ["a 13-digit mobile", "0812-3456-78901", `0${m(3)}-${m(4)}-${m(5)}`],
    ["a mobile and the digit after it (a phone takes up to 12 digits after the 0)", "081234567890 1", `0${m(11)} ${m(1)}`],
    ["a mobile glued to letters", "HP0812345678.", `HP0${m(9)}.`],
    ["a mobile in markdown bold", "**0812-3456-7890**", `**0${m(3)}-${m(4)}-${m(4)}**`],
    ["a mobile written +62 (0)812", "+62 (0)812-3456-7890", `+62 (${m(1)})${m(3)}-${m(4)}-${m(4)}`],
    ["a mobile with the 0062 international prefix", "0062 812 3456 7890", `0062 ${m(3)} ${m(4)} ${m(4)}`],
    ["a landline with the area code in parentheses", "kantor (021) 555-1234", `kantor (0${m(2)}) ${m(3)}-${m(4)}`],
    // Found by the phone property: "nol" read as a digit took the opening bracket with it.
    ["a short landline after the word nol", "Nol: (020) 12345", `Nol: (0${m(2)}) ${m(5)}`],
    ["a landline with a 3-digit area code", "(0361) 234567", `(0${m(3)}) ${m(6)}`],
    ["a landline with the area code after +62", "+62 (21) 555 1234", `+62 (${m(2)}) ${m(3)} ${m(4)}`],
    ["a landline with a dash", "021-5551234", `0${m(2)}-${m(7)}`],
    ["a NIK of 16 plain digits", "NIK 3171011508900001", `NIK ${m(16)}`],
    ["a woman's NIK (day + 40)", "NIK: 3273015507950002.", `NIK: ${m(16)}.`],
    ["a NIK in four groups", "3171 0115 0890 0001", `${m(4)} ${m(4)} ${m(4)} ${m(4)}`],
    ["a NIK in 6-6-4 groups", "317101-150890-0001", `${m(6)}-${m(6)}-${m(4)}`],
    ["a NIK dotted as on the card", "31.71.01.150890.0001", `${m(2)}.${m(2)}.${m(2)}.${m(6)}.${m(4)}`],
    ["a NIK glued to a label", "NIK3171011508900001", `NIK${m(16)}`],
    ["any run of 16 digits, even one that cannot be a NIK (month 45)", "ref 3171012345678901", `ref ${m(16)}`],
    ["any run of 16 digits, even one that cannot be a NIK (province 09)", "ref 0912150890000100", `ref ${m(16)}`],
    ["a NIK of Central Kalimantan (62) in groups, not read as a phone", "6271 0115 0890 0001", `${m(4)} ${m(4)} ${m(4)} ${m(4)}`],
    ["a Singapore mobile in + form", "HP +65 9123 4567", `HP +${m(2)} ${m(4)} ${m(4)}`],
    ["a US number in + form", "call +1 415 555 0100.", `call +${m(1)} ${m(3)} ${m(3)} ${m(4)}.`],
    ["a US number with the area code in brackets", "+1 (415) 555-0100", `+${m(1)} (${m(3)}) ${m(3)}-${m(4)}`],
    ["a foreign number with the 00 international prefix", "0065 9123 4567", `0${m(3)} ${m(4)} ${m(4)}`],
    ["a mobile with a space after the trunk 0", "0 812 3456 7890", `0 ${m(3)} ${m(4)} ${m(4)}`],
    ["a mistyped 14-digit local number", "HP 08123456789012", `HP 0${m(13)}`],
    ["a mobile with spaced dashes", "0812 - 3456 - 7890", `0${m(3)} - ${m(4)} - ${m(4)}`],
    ["a +62 mobile with its country code in brackets", "(+62) 812-3456-7890", `(+62) ${m(3)}-${m(4)}-${m(4)}`],
    ["a mobile in full-width digits", "ＨＰ ０８１２－３４５６－７８９０", `ＨＰ ０${m(3)}－${m(4)}－${m(4)}`],
    ["a mobile in Arabic-Indic digits", "٠٨١٢ ٣٤٥٦ ٧٨٩٠", `٠${m(3)} ${m(4)} ${m(4)}`],
    ["a mobile with no-break and thin spaces", "0812\u00a03456\u20097890", `0${m(3)}\u00a0${m(4)}\u2009${m(4)}`],
    ["a 16-digit number in mathematical bold digits", "NIK 𝟑𝟏𝟕𝟏𝟎𝟏𝟏𝟓𝟎𝟖𝟗𝟎𝟎𝟎𝟎𝟏", `NIK ${m(16)}`],
    ["an e-mail address, keeping its first letter and top-level domain", "surel budi.santoso@contoh.co.id.", `surel b${m(3)}@${m(3)}.id.`],
    ["an e-mail address with plus and digits", "<andi+kasus2024@mail.example.com>", `<a${m(3)}@${m(3)}.com>`],
    ["an e-mail address with other letters and punctuation in its local part", "ke andré!budi@contoh.id", `ke a${m(3)}@${m(3)}.id`],
    ["an e-mail address with a full-width at sign", "budi＠contoh.id", `b${m(3)}@${m(3)}.id`],
    ["an e-mail address whose local part is a phone", "0812345678@s.whatsapp.net", `0${m(3)}@${m(3)}.net`],
  ];
  for (const [what, input, expected] of hidden) {
    it(`hides ${what}`, () => expect(maskText(input)).toBe(expected));
  }

  it("hides every item of a story that mixes them", () => {
    const story =
      "Saya Budi (NIK 3171011508900001), bisa dihubungi di 0812-3456-7890 atau budi@contoh.id. " +
      "Kantor: (021) 555-1234. Sengketa sewa Rp 15.000.000 sejak 12-05-2024.";
    expect(maskText(story)).toBe(
      `Saya Budi (NIK ${m(16)}), bisa dihubungi di 0${m(3)}-${m(4)}-${m(4)} atau b${m(3)}@${m(3)}.id. ` +
        `Kantor: (0${m(2)}) ${m(3)}-${m(4)}. Sengketa sewa Rp 15.000.000 sejak 12-05-2024.`,
    );
  });
});

describe("maskText: contacts written to get past a filter (issue 25)", () => {
  const email = `b${m(3)}@${m(3)}.com`;
  const hidden: Array<[string, string, string]> = [
    ["an e-mail with [at] and [dot]", "budi [at] gmail [dot] com", email],
    ["an e-mail with (at) and (dot)", "budi(at)gmail(dot)com", email],
    ["an e-mail with {at} and {dot}", "budi{at}gmail{dot}com", email],
    ["an e-mail with the signs spelled out", "budi at gmail dot com", email],
    ["an e-mail with the dot spelled out in Indonesian", "budi at gmail titik com", email],
    ["an e-mail with spaces around the signs", "budi @ gmail . com", email],
    ["an e-mail with its letters spaced one by one", "b u d i @ g m a i l . c o m", email],
    ["an e-mail with a percent-escaped at", "budi%40gmail.com", email],
    ["an e-mail with an HTML-escaped at and dot", "budi&#64;gmail&#46;com", email],
    ["an e-mail with a named HTML at", "budi&commat;gmail.com", email],
    ["an e-mail with full-width at and dot", "budi＠gmail．com", email],
    ["an e-mail with a full-width spelled-out at", "budi ａｔ gmail dot com", email],
    ["an e-mail with a spaced-out spelled-out at", "budi a t gmail dot com", email],
    ["an e-mail without its top-level domain", "kirim ke budi@kantorku ya", `kirim ke b${m(3)}@${m(3)} ya`],
    ["an e-mail without its top-level domain after [at]", "budi [at] kantorku", `b${m(3)}@${m(3)}`],
    ["a spelled-out at before a mail provider", "budi at gmail saja", `b${m(3)}@${m(3)} saja`],
    ["a NIK in groups separated by two spaces", "3171  0115  0890  0001", `${m(4)}  ${m(4)}  ${m(4)}  ${m(4)}`],
    ["a NIK in groups separated by slashes", "3171/0115/0890/0001", `${m(4)}/${m(4)}/${m(4)}/${m(4)}`],
    ["a NIK in groups separated by underscores", "3171_0115_0890_0001", `${m(4)}_${m(4)}_${m(4)}_${m(4)}`],
    ["a NIK in dotted groups of four", "3171.0115.0890.0001", `${m(4)}.${m(4)}.${m(4)}.${m(4)}`],
    ["a NIK one group per line", "NIK:\n3171\n0115\n0890\n0001", `NIK:\n${m(4)}\n${m(4)}\n${m(4)}\n${m(4)}`],
    ["a NIK in uneven groups", "31710 11508 900001", `${m(5)} ${m(5)} ${m(6)}`],
    ["a NIK with its digits spaced one by one", "3 1 7 1 0 1 1 5 0 8 9 0 0 0 0 1", `${m(1)} `.repeat(15) + m(1)],
    ["a NIK written as HTML character references", "&#51;&#49;&#55;&#49;011508900001", m(16)],
    ["a phone in groups separated by slashes", "0812/3456/7890", `0${m(3)}/${m(4)}/${m(4)}`],
    ["a phone in groups separated by underscores", "0812_3456_7890", `0${m(3)}_${m(4)}_${m(4)}`],
    ["a phone in groups separated by spaced slashes", "0812 / 3456 / 7890", `0${m(3)} / ${m(4)} / ${m(4)}`],
    ["a phone in groups separated by two spaces", "0812  3456  7890", `0${m(3)}  ${m(4)}  ${m(4)}`],
    ["a phone with its digits spaced one by one", "0 8 1 2 3 4 5 6 7 8 9 0", `0 ${`${m(1)} `.repeat(10)}${m(1)}`],
    ["a phone with its digits spaced by two spaces", "0  8  1  2  3  4  5  6  7  8  9", `0  ${`${m(1)}  `.repeat(9)}${m(1)}`],
    ["a mobile without its leading 0, in groups", "HP 812-3456-7890", `HP ${m(3)}-${m(4)}-${m(4)}`],
    ["a mobile without its leading 0, in one run", "WA 81234567890", `WA ${m(11)}`],
    ["a mobile after +62 with slashes", "+62/812/3456/7890", `+62/${m(3)}/${m(4)}/${m(4)}`],
  ];
  for (const [what, input, expected] of hidden) {
    it(`hides ${what}`, () => expect(maskText(input)).toBe(expected));
  }

  const kept: Array<[string, string]> = [
    ["English prose that says at", "The lease was signed at Jakarta on 12 May 2024."],
    ["a web address after at", "The agreement is available at www.kuasa.id/syarat."],
    ["an address after at", "The company is located at Jl.Sudirman No. 5."],
    ["a price per unit after @", "Harga 10 unit @ Rp 5.000.000."],
    ["a time after @", "Meeting @ 10.00 di ruang 3."],
    ["a social media handle", "Akun Instagram @kuasa_id memuat unggahan."],
    ["an amount followed by rupiah that starts like a mobile", "sebesar 850000000 rupiah"],
    ["dates written with slashes", "sejak 17/08/2015 sampai 31/12/2023"],
    ["a land parcel's NIB", "NIB 09.01.02.03.04567"],
    ["a register number with a slash", "Surat Ukur No. 00123/2010"],
    ["a copyright register number", "nomor EC00202312345"],
    ["a business identification number (13 digits)", "NIB 8120012345678"],
    ["a year on one line and a number on the next", "tahun 2024\n2 orang"],
    ["the Indonesian word titik", "sampai pada titik ini"],
  ];
  for (const [what, input] of kept) {
    it(`keeps ${what}`, () => expect(maskText(input)).toBe(input));
  }
});

describe("maskText: contacts written by classes of characters (issue 37)", () => {
  const email = `b${m(3)}@${m(3)}.com`;
  const hidden: Array<[string, string, string]> = [
    ["a mobile with zero-width spaces and a word joiner between its digits", "0812\u200b3456\u20607890", `0${m(11)}`],
    ["a mobile with soft hyphens inside its groups", "08\u00ad12 34\u00ad56 7890", `0${m(3)} ${m(4)} ${m(4)}`],
    ["a NIK with bidi controls between its groups", "3171\u202e0115\u202c0890\u20660001", m(16)],
    ["a mobile separated by commas", "0812,3456,7890", `0${m(3)},${m(4)},${m(4)}`],
    ["a mobile separated by pipes", "0812|3456|7890", `0${m(3)}|${m(4)}|${m(4)}`],
    ["a mobile separated by colons", "0812:3456:7890", `0${m(3)}:${m(4)}:${m(4)}`],
    ["a mobile separated by semicolons", "0812;3456;7890", `0${m(3)};${m(4)};${m(4)}`],
    ["a mobile separated by asterisks", "0812*3456*7890", `0${m(3)}*${m(4)}*${m(4)}`],
    ["a mobile separated by tildes", "0812~3456~7890", `0${m(3)}~${m(4)}~${m(4)}`],
    ["a mobile separated by plus signs", "0812+3456+7890", `0${m(3)}+${m(4)}+${m(4)}`],
    ["a mobile separated by bullets, the mask's own character", "0812•3456•7890", `0${m(13)}`],
    ["a mobile separated by middle dots", "0812·3456·7890", `0${m(3)}·${m(4)}·${m(4)}`],
    ["a mobile separated by arrows", "0812→3456→7890", `0${m(3)}→${m(4)}→${m(4)}`],
    ["a mobile separated by percent signs", "0812%3456%7890", `0${m(3)}%${m(4)}%${m(4)}`],
    ["a mobile separated by four spaces", "0812    3456    7890", `0${m(3)}    ${m(4)}    ${m(4)}`],
    ["a mobile broken over lines", "0812\n3456\n7890", `0${m(3)}\n${m(4)}\n${m(4)}`],
    ["a mobile with a dash and a line break between groups", "0812-\n3456-\n7890", `0${m(3)}-\n${m(4)}-\n${m(4)}`],
    ["a landline whose area code's bracket is followed by a symbol", "(021)~555~1234", `(0${m(2)})~${m(3)}~${m(4)}`],
    ["a NIK separated by commas", "3171,0115,0890,0001", `${m(4)},${m(4)},${m(4)},${m(4)}`],
    ["a NIK with a bracket between groups", "3171)0115)0890)0001", `${m(4)})${m(4)})${m(4)})${m(4)}`],
    ["a NIK whose first groups look like thousands", "317.101 150 8900 001", `${m(3)}.${m(3)} ${m(3)} ${m(4)} ${m(3)}`],
    ["a mobile in keycap emoji digits", "0️⃣8️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣9️⃣0️⃣", `0️⃣${m(11)}`],
    ["a mobile in dingbat digits", "0❽❶❷ ❸❹❺❻ ❼❽❾⓿", `0${m(3)} ${m(4)} ${m(4)}`],
    ["a mobile with underlined digits", "0̲8̲1̲2̲3̲4̲5̲6̲7̲8̲9̲0̲", `0̲${m(11)}`],
    [
      "a mobile spelled out in Indonesian",
      "nol delapan satu dua tiga empat lima enam tujuh delapan sembilan nol",
      `nol ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)} ${m(1)}`,
    ],
    [
      "a mobile spelled out in English",
      "zero eight one two three four five six seven eight nine zero",
      `zero ${`${m(1)} `.repeat(10)}${m(1)}`,
    ],
    ["a mobile spelled out with kosong for zero", "kosong delapan satu dua 3456 7890", `kosong ${m(1)} ${m(1)} ${m(1)} ${m(4)} ${m(4)}`],
    ["spelled digits mixed with digits", "08 satu dua 3456 tujuh delapan 90", `0${m(1)} ${m(1)} ${m(1)} ${m(4)} ${m(1)} ${m(1)} ${m(2)}`],
    [
      "a NIK spelled out",
      "NIK tiga satu tujuh satu nol satu satu lima nol delapan sembilan nol nol nol nol satu",
      `NIK ${m(1)}${` ${m(1)}`.repeat(15)}`,
    ],
    ["an e-mail with di and titik", "budi di gmail titik com", email],
    ["an e-mail with at and dot wrapped in asterisks", "budi*at*gmail*dot*com", email],
    ["an e-mail with at and dot wrapped in hashes", "budi#at#gmail#dot#com", email],
    ["an e-mail with at and dot wrapped in underscores", "budi_at_gmail_dot_com", email],
    ["an e-mail with di and titik in brackets", "budi (di) kantor (titik) co (titik) id", `b${m(3)}@${m(3)}.id`],
    ["an e-mail with an invisible character inside the at", "budi a\u200bt gmail dot com", email],
    ["an e-mail with di before a mail provider and its domain", "budi di gmail.com", email],
    ["an e-mail whose local part is written with titik", "budi titik santoso di gmail titik com", email],
    ["an e-mail whose domain holds a word at", "a0@a-at-0.id", `a${m(3)}@${m(3)}.id`],
  ];
  for (const [what, input, expected] of hidden) {
    it(`hides ${what}`, () => expect(maskText(input)).toBe(expected));
  }

  const kept: Array<[string, string]> = [
    ["websites named after di", "Permohonan didaftarkan di ahu.go.id dan izin diurus di oss.go.id."],
    ["di and titik in ordinary sentences", "Saya tinggal di Jakarta. Titik temu ada di kantor, titik."],
    ["a mail provider named after di without an address", "Akun saya di gmail sudah lama tidak aktif."],
    ["a short list of articles", "Pasal 81, 82, 83 dan 84"],
    ["an amount with its words", "Rp 1.000.000 (satu juta rupiah)"],
    ["times with colons", "pukul 08:00-16:00 WIB"],
    ["amounts grouped in thousands with commas", "IDR 812,500,000.00 and a fee of 812,500,000"],
    ["coordinates", "koordinat -6.914744, 107.609810"],
  ];
  for (const [what, input] of kept) {
    it(`keeps ${what}`, () => expect(maskText(input)).toBe(input));
  }
});

describe("maskText: what stays (no false positives)", () => {
  const kept: Array<[string, string]> = [
    ["an amount in rupiah", "Nilai sengketa Rp 15.000.000."],
    ["an amount glued to Rp, with decimals", "Rp15.000.000,00"],
    ["an amount after Rp. that starts like a phone", "Rp. 62.812.345.678"],
    ["an amount after IDR", "IDR 625000000"],
    ["a thousands-grouped amount that starts with 62", "sebesar 62.500.000.000"],
    ["the rest of an amount that looks like a landline", "Rp 1.062.345.678 dan 3.021.555.123"],
    ["a year and a range of years", "tahun 2024, periode 2019-2024"],
    ["a list of years that has 16 digits", "laporan 2019 2020 2021 2022"],
    ["dates", "12-05-2024, 05.06.2023, 2023-08-12, 31/12/2023"],
    ["a date followed by a time", "sidang 05.06.2023 10.30 WIB"],
    ["an ISO date right after a year and a dash", "periode 2023-08-12 s.d. 2024-01-31"],
    ["a date written after a phone", `HP 0${m(3)}-${m(4)}-${m(4)} 12-05-2024`],
    ["the month and year of a date followed by other numbers", "pukul 08.30-17.00 12-05-2024 072 23 382"],
    ["a number with a + that is too short to be a phone", "kenaikan +10%, selisih +62"],
    ["a 17-digit run (an account number)", "rekening 12345678901234567"],
    ["office hours", "pukul 08.30-17.00"],
    ["a court case number", "Perkara No. 123/Pdt.G/2024/PN.Jkt.Sel"],
    ["a statute reference", "Pasal 62 ayat (2) UU No. 13 Tahun 2003"],
    ["a postal code and a house number", "Jl. Sudirman No. 62, Jakarta 12190"],
    ["an old-format NPWP", "NPWP 01.234.567.8-901.000"],
    ["a number too short to be a phone", "kode 0812-3456"],
    ["a number too long to be a phone", "rekening 08123456789012345"],
    ["text without any of them", "Klien ingin menggugat wanprestasi. Tidak ada angka di sini!"],
  ];
  for (const [what, input] of kept) {
    it(`keeps ${what}`, () => expect(maskText(input)).toBe(input));
  }

  it("finds a phone right after an amount or a date", () => {
    expect(maskText("Rp 62.500.000 0812 3456 7890")).toBe(`Rp 62.500.000 0${m(3)} ${m(4)} ${m(4)}`);
    expect(maskText("08-12-2023 0812 3456 7890")).toBe(`08-12-2023 0${m(3)} ${m(4)} ${m(4)}`);
  });

  it("finds a phone written before a date and leaves the date", () => {
    expect(maskText("+65 9123 4567 12-05-2024")).toBe(`+${m(2)} ${m(4)} ${m(4)} 12-05-2024`);
  });

  it("reads a dot-grouped 62 number as a mobile when the next digit is 8", () => {
    expect(maskText("62.812.345.678")).toBe(`62.${m(3)}.${m(3)}.${m(3)}`);
  });
});

describe("maskIntake and the contact-field maskers", () => {
  const fields = [
    { key: "nama", type: "text" },
    { key: "telepon", type: "phone" },
    { key: "surel", type: "email" },
    { key: "nik", type: "nik" },
    { key: "catatan", type: "textarea" },
    { key: "tanggal", type: "date" },
  ] as const;

  it("masks a phone, e-mail or NIK field whole whatever it holds, text that is not a number or address included", () => {
    expect(maskIntake({ telepon: "tanya Budi di kantor", surel: "0812-3456-7890", nik: "NIK 3201 budi@contoh.id" }, fields)).toEqual({
      telepon: `${m(5)} ${m(4)} ${m(2)} ${m(6)}`,
      surel: `${m(3)}@${m(3)}`,
      nik: `${m(3)} ${m(4)} ${m(11)}.${m(2)}`,
    });
  });

  it("keeps what free-text fields say but the e-mails, phones and 16-digit numbers in them", () => {
    const intake = {
      nama: "PT Satu, Jakarta; PT Dua, Bandung",
      catatan: "email budi@contoh.id, telepon 0812-3456-7890, biaya Rp 5.000.000, rapat 01-02-2026, pasal 12 ayat (3)",
      tanggal: "2026-02-01",
    };
    expect(maskIntake(intake, fields)).toEqual({
      nama: "PT Satu, Jakarta; PT Dua, Bandung",
      catatan: `email b${m(3)}@${m(3)}.id, telepon 0${m(3)}-${m(4)}-${m(4)}, biaya Rp 5.000.000, rapat 01-02-2026, pasal 12 ayat (3)`,
      tanggal: "2026-02-01",
    });
  });

  it("masks a value that is as a whole a valid phone, NIK or e-mail as that field would, in a free-text field or under a key the service no longer has", () => {
    expect(maskIntake({ nama: "62.045.406 559", lama: "1234567890123456", lain: "b!udi@contoh.id" }, fields)).toEqual({
      nama: `62.${m(3)}.${m(3)} ${m(3)}`,
      lama: m(16),
      lain: `b${m(3)}@${m(3)}.id`,
    });
    expect(maskText("62.045.406 559")).toBe("62.045.406 559");
  });

  it("masks a contact e-mail field, even one the text scanner would not read as an address", () => {
    expect(maskEmailField("budi@contoh.id")).toBe(`b${m(3)}@${m(3)}.id`);
    expect(maskEmailField("budi@localhost")).toBe(`${m(3)}@${m(3)}`);
  });

  it("masks every digit of a contact phone field but its +62/62/0 prefix, whatever the format, and any text in it", () => {
    expect(maskPhoneField("+62 812-3456-7890")).toBe(`+62 ${m(3)}-${m(4)}-${m(4)}`);
    expect(maskPhoneField("0812 3456")).toBe(`0${m(3)} ${m(4)}`);
    expect(maskPhoneField("+65 9123 4567")).toBe(`+${m(2)} ${m(4)} ${m(4)}`);
    expect(maskPhoneField("０８１２ ٣٤٥٦")).toBe(`${m(4)} ${m(4)}`);
    expect(maskPhoneField("0812 budi@contoh.id")).toBe(`0${m(3)} ${m(11)}.${m(2)}`);
  });
});

// ---------------------------------------------------------------------------------------------
// Property-based tests

/** Splits digits into groups of 2–5 (the first at least 2, so "0" + group never reads as a date). */
const grouped = (digits: string) =>
  fc.array(fc.integer({ min: 2, max: 5 }), { minLength: 6, maxLength: 6 }).map((sizes) => {
    const groups: string[] = [];
    let at = 0;
    for (const size of sizes) {
      if (at >= digits.length) break;
      groups.push(digits.slice(at, at + size));
      at += size;
    }
    if (at < digits.length) groups.push(digits.slice(at));
    return groups;
  });

const separator = fc.constantFrom("", " ", ".", "-", "\u00a0");

/** A national significant number: a mobile (8…, 9–12 digits) or a landline (area 2–7 or 9, 8–11 digits). */
const nsn = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 9 }), digitString(7, 10)).map(([second, rest]) => `8${second}${rest}`),
  fc.tuple(fc.constantFrom("2", "3", "4", "5", "6", "7", "9"), digitString(7, 10)).map(([first, rest]) => first + rest),
);

interface GeneratedPhone {
  text: string;
  /** The digits the mask keeps: the country code or trunk prefix. */
  keptDigits: string;
}

const phone: fc.Arbitrary<GeneratedPhone> = fc.oneof(
  // +62 / 62 / 0062 / 0 followed by the NSN in groups.
  fc
    .tuple(fc.constantFrom("+62", "+62 ", "+62-", "62", "0062 ", "0"), nsn, separator)
    .chain(([prefix, number, sep]) => grouped(number).map((groups) => ({ prefix, text: prefix + groups.join(sep) })))
    // "62" + dot-grouped threes that do not start with 8 is also a rupiah amount ("62.215.551.234"):
    // the one documented ambiguity, read as an amount.
    .filter(({ text }) => !/^62\.[2-79]\d{2}(\.\d{3})+$/.test(text))
    .map(({ prefix, text }) => ({ text, keptDigits: digitsOf(prefix) })),
  // Landlines with the area code in parentheses.
  fc
    .tuple(
      fc.constantFrom("(0", "+62 ("),
      fc.integer({ min: 2, max: 9 }),
      digitString(1, 2),
      fc.constantFrom(") ", ")", ")-"),
      digitString(5, 8),
      separator,
    )
    .chain(([open, first, area, close, subscriber, sep]) =>
      grouped(subscriber).map((groups) => ({ text: `${open}${first}${area}${close}${groups.join(sep)}`, keptDigits: digitsOf(open) })),
    ),
);

const nik = fc
  .tuple(nikDigits, fc.constantFrom("plain", "4-4-4-4", "6-6-4", "card"), fc.constantFrom(" ", ".", "-"))
  .map(([d, layout, sep]) => {
    if (layout === "plain") return d;
    if (layout === "4-4-4-4") return [d.slice(0, 4), d.slice(4, 8), d.slice(8, 12), d.slice(12)].join(sep);
    if (layout === "6-6-4") return [d.slice(0, 6), d.slice(6, 12), d.slice(12)].join(sep);
    return [d.slice(0, 2), d.slice(2, 4), d.slice(4, 6), d.slice(6, 12), d.slice(12)].join(".");
  });

const email = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{1,8}(?:[._+-][a-z0-9]{1,8})?$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/),
    fc.constantFrom("id", "com", "co.id", "or.id", "net", "ac.id"),
  )
  .map(([local, domain, tld]) => ({ local, domain: `${domain}.${tld}`, text: `${local}@${domain}.${tld}` }));

/** Free text without digits, "@", "+" or "•": whatever survives of a number came from the number. */
const plainText = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ     ,;:!?()'\"\n/éñ".split("")),
  maxLength: 60,
});
/** Joiners that end neither in "Rp"/"IDR" (a number after them is an amount) nor in a digit group. */
const before = fc.constantFrom(": ", " (", " hubungi ", " nomor ", "\nNIK ", " ");
const after = fc.constantFrom(" ", ", ", ") ", ".\n", "");

const RUNS = { numRuns: 2_000 };
/** Random text may end in "Rp " (its letters spaced out too) by chance; a number after it is an amount and stays. */
const afterCurrency = (text: string) => /(?:^|[^\p{L}])(?:r\s*p|i\s*d\s*r)\.?\s*$/iu.test(text);

describe("maskText: properties", () => {
  it("never lets a generated phone's digits survive in random text", () => {
    fc.assert(
      fc.property(plainText, before, phone, after, plainText, (head, b, p, a, tail) => {
        fc.pre(!afterCurrency(head + b));
        const masked = maskText(head + b + p.text + a + tail);
        expect(digitsOf(masked)).toBe(p.keptDigits);
        expect(masked).not.toContain(p.text);
      }),
      RUNS,
    );
  });

  it("never lets a generated NIK's digits survive in random text", () => {
    fc.assert(
      fc.property(plainText, before, nik, after, plainText, (head, b, n, a, tail) => {
        fc.pre(!afterCurrency(head + b));
        const masked = maskText(head + b + n + a + tail);
        expect(digitsOf(masked)).toBe("");
      }),
      RUNS,
    );
  });

  it("never lets a generated e-mail's local part or domain survive in random text", () => {
    // Local parts with a digit after the first character: the surrounding text has no digits,
    // so any occurrence of the local part in the result would be a leak.
    const withDigit = email.filter((e) => /\d/.test(e.local.slice(1)));
    fc.assert(
      fc.property(plainText, before, withDigit, after, plainText, (head, b, e, a, tail) => {
        const masked = maskText(head + b + e.text + a + tail);
        expect(masked).not.toContain(e.local);
        expect(masked).not.toContain(`@${e.domain}`);
      }),
      RUNS,
    );
  });

  const benign = fc.constantFrom(
    "Rp 15.000.000",
    "Rp62.500.000,00",
    "IDR 625.000.000",
    "62.500.000.000",
    "tahun 2024",
    "2019-2024",
    "12-05-2024",
    "05.06.2023 10.30",
    "2023-08-12",
    "pukul 08.30-17.00",
    "No. 123/Pdt.G/2024/PN.Jkt.Sel",
    "Pasal 62 ayat (2)",
    "Jakarta 12190",
    "NPWP 01.234.567.8-901.000",
    "klien menggugat",
    "",
  );
  type Token = { text: string; expected: string };
  const benignToken: fc.Arbitrary<Token> = benign.map((text) => ({ text, expected: text }));
  const secretToken: fc.Arbitrary<Token> = fc.oneof(
    phone.map((p) => ({
      text: p.text,
      expected: p.text.replace(/^(\+62|0062|62|\(0|0)?(.*)$/s, (_, pre = "", rest: string) => pre + rest.replace(/\d/g, MASK)),
    })),
    nik.map((n) => ({ text: n, expected: n.replace(/\d/g, MASK) })),
    email.map((e) => ({ text: e.text, expected: `${e.local[0]}${m(3)}@${m(3)}.${e.text.split(".").pop()}` })),
  );

  it("masks exactly the secrets among amounts, dates and years, and leaves those untouched", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(benignToken, secretToken), { minLength: 1, maxLength: 8 }),
        // With a word: any short run of signs between two digit groups is a separator (issue 37).
        fc.constantFrom(", lalu ", "; dan ", ". Kemudian ", "\natau ", " | serta "),
        (tokens, joiner) => {
          expect(maskText(tokens.map((t) => t.text).join(joiner))).toBe(tokens.map((t) => t.expected).join(joiner));
        },
      ),
      RUNS,
    );
  });

  const nasty = fc.string({ unit: fc.constantFrom(..."0123456789012345678962628 .-+()@•_RpIDRrpx.a\n,".split("")), maxLength: 80 });
  const mixed = fc
    .array(
      fc.oneof(
        nasty,
        benign,
        phone.map((p) => p.text),
        nik,
        email.map((e) => e.text),
      ),
      { maxLength: 6 },
    )
    .chain((parts) =>
      fc
        .array(fc.constantFrom("", " ", ".", "-", ",", "Rp ", "@"), { minLength: parts.length, maxLength: parts.length })
        .map((glue) => parts.map((p, i) => p + glue[i]).join("")),
    );

  it("is idempotent: masking masked text changes nothing", () => {
    fc.assert(
      fc.property(fc.oneof(nasty, mixed, fc.string()), (text) => {
        const once = maskText(text);
        expect(maskText(once)).toBe(once);
      }),
      { numRuns: 20_000 },
    );
  });

  it("changes nothing but digits (into •) in text without an @", () => {
    fc.assert(
      fc.property(fc.oneof(nasty, mixed, fc.string()), (text) => {
        // An @ in any form the reading knows: full width, escaped, or a bracketed "at" ("{At]", "(at)").
        fc.pre(!/@|%40|&#0*64;|&#x0*40;|&commat;|[[({<]\s*at\s*[\])}>]/i.test(text.normalize("NFKC")));
        const masked = maskText(text);
        expect(masked.length).toBe(text.length);
        for (let i = 0; i < text.length; i++) if (masked[i] !== text[i]) expect([/\d/.test(text[i]!), masked[i]]).toEqual([true, MASK]);
      }),
      { numRuns: 5_000 },
    );
  });
});
