import { describe, expect, it } from "vitest";
import {
  INTAKE_LIMITS,
  type IntakeField,
  intakeFieldListSchema,
  intakeFieldSchema,
  intakeFieldsProblems,
  intakeForPeople,
  intakeProblems,
  orderProvince,
} from "./intake";

const problemsOf = (fields: readonly IntakeField[], intake: Record<string, string>) =>
  intakeProblems(fields, intake).map((problem) => problem.message);

const fields: IntakeField[] = [
  { key: "nama", label: "Nama", required: true, type: "text" },
  { key: "email", label: "E-mail", required: true, type: "email" },
  { key: "telepon", label: "Telepon", required: false, type: "phone" },
  { key: "nik", label: "NIK", required: false, type: "nik" },
  { key: "tanggal", label: "Tanggal", required: false, type: "date" },
  { key: "jumlah", label: "Jumlah", required: false, type: "number" },
  { key: "jenis", label: "Jenis", required: false, type: "select", options: ["PT", "CV"] },
];

describe("intakeProblems", () => {
  it("accepts a complete, well-typed intake", () => {
    expect(
      problemsOf(fields, {
        nama: "Budi",
        email: "budi@contoh.co.id",
        telepon: "+62 812-3456-7890",
        nik: "3171234567890123",
        tanggal: "2024-02-29",
        jumlah: "12",
        jenis: "PT",
      }),
    ).toEqual([]);
  });

  it("reports missing required fields, blank values and unknown keys", () => {
    expect(problemsOf(fields, { nama: "  ", lain: "x" })).toEqual([
      "intake.lain: is not a field of this service",
      "intake.nama: is required (Nama)",
      "intake.email: is required (E-mail)",
    ]);
  });

  it("names each problem's field as the client wrote it, intake.<key>", () => {
    expect(intakeProblems(fields, { nama: "Budi", email: "budi", jenis: "PT" }).map((problem) => problem.param)).toEqual(["intake.email"]);
  });

  it.each([
    ["email", "budi@", "must be an e-mail address"],
    ["telepon", "12345", "must be an Indonesian phone number (+62…, 62… or 0…)"],
    ["nik", "317123456789012", "must be a 16-digit NIK"],
    ["tanggal", "2023-02-29", "must be a date as YYYY-MM-DD"],
    ["jumlah", "1.5", "must be a whole number written in digits"],
    ["jenis", "Firma", "must be one of: PT, CV"],
    ["nama", "x".repeat(501), "must be at most 500 characters"],
  ])("refuses %s = %j", (key, value, problem) => {
    expect(problemsOf(fields, { nama: "Budi", email: "b@c.id", [key]: value })).toEqual([`intake.${key}: ${problem}`]);
  });

  it.each([
    "081234567890",
    "0812.3456.7890",
    "6281234567890",
    "+6221 5551234",
    "0 812 3456 7890",
    "+62 0812-3456-7890",
    "0812\u00a03456\u00a07890",
  ])("accepts phone form %j", (phone) => {
    expect(problemsOf(fields, { nama: "Budi", email: "b@c.id", telepon: phone })).toEqual([]);
  });

  it.each([
    ["a national number of 13 digits (Indonesian ones have 8 to 12)", "08123456789012"],
    ["a national number starting with 1", "01234567890"],
    ["line breaks between the digits", "0812\n3456\n7890"],
    ["two separators in a row", "+62.-812 3456 7890"],
  ])("refuses as a phone %s", (_what, phone) => {
    expect(problemsOf(fields, { nama: "Budi", email: "b@c.id", telepon: phone })).toEqual([
      "intake.telepon: must be an Indonesian phone number (+62…, 62… or 0…)",
    ]);
  });

  it.each([
    ["a local part with a character outside RFC 5322 atext", "bu€di@contoh.id"],
    ["a numeric top-level domain", "budi@10.0.0.1"],
  ])("refuses as an e-mail address %s", (_what, email) => {
    expect(problemsOf(fields, { nama: "Budi", email })).toEqual(["intake.email: must be an e-mail address"]);
  });

  it("accepts an e-mail address with letters of any script and a punycode top-level domain", () => {
    expect(problemsOf(fields, { nama: "Budi", email: "andré.o'neil+kasus@contoh.xn--p1ai" })).toEqual([]);
  });
});

describe("the provinsi type", () => {
  const fields = [{ key: "provinsi_tanah", label: "Provinsi letak tanah", required: true, type: "provinsi" as const }];

  it("accepts a province's Kemendagri code and nothing else, and names the order's province", () => {
    expect(intakeProblems(fields, { provinsi_tanah: "31" })).toEqual([]);
    for (const wrong of ["DKI Jakarta", "99", "3"])
      expect(intakeProblems(fields, { provinsi_tanah: wrong }).map((p) => p.param)).toEqual(["intake.provinsi_tanah"]);
    expect(orderProvince(fields, { provinsi_tanah: "32" })).toBe("32");
    expect(orderProvince([], {})).toBeNull();
  });

  it("is shown to people by the province's name beside its code, other values as they are", () => {
    const shown = intakeForPeople([...fields, { key: "catatan", label: "Catatan", required: false, type: "text" }], {
      provinsi_tanah: "96",
      catatan: "31",
    });
    expect(shown.intake).toEqual({ provinsi_tanah: "Papua Barat Daya (96)", catatan: "31" });
    expect(shown.intakeLabels).toEqual({ provinsi_tanah: "Provinsi letak tanah", catatan: "Catatan" });
  });
});

describe("an intake shown to people", () => {
  const fields: IntakeField[] = [
    { key: "nama_pt", label: "Usulan nama PT", required: true, type: "text" },
    { key: "modal_dasar", label: "Modal dasar (Rp)", required: true, type: "number" },
    { key: "tanggal_akta", label: "Tanggal akta", required: true, type: "date" },
  ];

  it("lists the values in the catalog's order, an unknown key after them", () => {
    const shown = intakeForPeople(fields, { lama: "x", tanggal_akta: "2019-03-01", modal_dasar: "1000000000", nama_pt: "PT Satu" });
    expect(Object.keys(shown.intake)).toEqual(["nama_pt", "modal_dasar", "tanggal_akta", "lama"]);
  });

  it("groups a number's digits and writes a date in words, and leaves a value that is not of its type as it is", () => {
    expect(intakeForPeople(fields, { modal_dasar: "1000000000", tanggal_akta: "2019-03-01" }).intake).toEqual({
      modal_dasar: "1.000.000.000",
      tanggal_akta: "1 Maret 2019",
    });
    expect(intakeForPeople(fields, { modal_dasar: "12500000", tanggal_akta: "2024-12-31" }).intake).toEqual({
      modal_dasar: "12.500.000",
      tanggal_akta: "31 Desember 2024",
    });
    expect(intakeForPeople(fields, { modal_dasar: "••••", tanggal_akta: "kemarin", nama_pt: "1000" }).intake).toEqual({
      nama_pt: "1000",
      modal_dasar: "••••",
      tanggal_akta: "kemarin",
    });
  });
});

describe("intakeFieldSchema", () => {
  it("requires options for select fields and only for them", () => {
    expect(intakeFieldSchema.safeParse({ key: "a", label: "A", required: true, type: "select" }).success).toBe(false);
    expect(intakeFieldSchema.safeParse({ key: "a", label: "A", required: true, type: "text", options: ["x"] }).success).toBe(false);
    expect(intakeFieldSchema.safeParse({ key: "a", label: "A", required: true, type: "select", options: ["x"] }).success).toBe(true);
  });
});

describe("intakeFieldsProblems", () => {
  it("finds nothing in a valid list, and such a list parses with the schema agents read", () => {
    expect(intakeFieldsProblems(fields)).toEqual([]);
    expect(intakeFieldListSchema.safeParse(fields).success).toBe(true);
  });

  it("names each field's problem by its position and key, in the operator's words", () => {
    expect(
      intakeFieldsProblems([
        { key: "Nama Lengkap", label: "Nama", required: true, type: "text" },
        { key: "kota", label: "Kota", required: true, type: "alamat" },
        { key: "jenis", label: "Jenis", required: true, type: "text", options: ["PT"] },
        { key: "badan", label: "Badan", required: "ya", type: "select", options: ["PT", " "] },
      ]),
    ).toEqual([
      "Kolom 1: kunci harus diawali huruf kecil, lalu huruf kecil, angka atau garis bawah (paling banyak 64 karakter).",
      "Kolom 2 (kota): jenis harus salah satu dari text, textarea, email, phone, date, number, nik, nik_paspor, select, provinsi, pihak, pihak_klien, berkas.",
      "Kolom 3 (jenis): opsi hanya untuk jenis pilihan (select).",
      "Kolom 4 (badan): tentukan wajib atau opsional.",
      "Kolom 4 (badan): jenis pilihan butuh minimal satu opsi, tanpa opsi kosong.",
    ]);
  });

  it("refuses repeated keys, more than the limit of fields, and what is not a list", () => {
    expect(intakeFieldsProblems([fields[0], fields[0]])).toEqual(["Kunci kolom intake harus unik; ganda: nama."]);
    const many = Array.from({ length: INTAKE_LIMITS.fields + 1 }, (_, i) => ({ key: `k${i}`, label: "K", required: false, type: "text" }));
    expect(intakeFieldsProblems(many)).toEqual([`Paling banyak ${INTAKE_LIMITS.fields} kolom intake.`]);
    expect(intakeFieldsProblems({ key: "nama" })).toEqual(["Kolom intake harus berupa daftar kolom."]);
  });
});
