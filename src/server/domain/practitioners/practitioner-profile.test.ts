import { describe, expect, it } from "vitest";
import { normalizeProfile, type ProfileInput, publicName } from "./practitioner-profile";

const context = { verifiedName: "Siti Rahayu", categories: ["kontrak", "ketenagakerjaan", "korporasi"] };
const empty: ProfileInput = { displayName: null, bio: null, areas: [], languages: [], yearsOfPractice: null };
const refused = (input: Partial<ProfileInput>) => () => normalizeProfile({ ...empty, ...input }, context);

describe("a practitioner's own profile", () => {
  it("trims texts, clears empty ones and keeps each area and language once, in the order chosen", () => {
    expect(
      normalizeProfile(
        {
          displayName: "  Dr.  Siti Rahayu, S.H., M.H. ",
          bio: "  Advokat perburuhan sejak 2010.  ",
          areas: ["ketenagakerjaan", "kontrak", "ketenagakerjaan"],
          languages: ["id", "en", "id"],
          yearsOfPractice: 14,
        },
        context,
      ),
    ).toEqual({
      displayName: "Dr. Siti Rahayu, S.H., M.H.",
      bio: "Advokat perburuhan sejak 2010.",
      areas: ["ketenagakerjaan", "kontrak"],
      languages: ["id", "en"],
      yearsOfPractice: 14,
    });
    expect(normalizeProfile({ ...empty, displayName: "  ", bio: "" }, context)).toEqual(empty);
  });

  it("accepts a display name that adds titles to the verified name, in any case and punctuation", () => {
    for (const displayName of ["Siti Rahayu, S.H.", "dr. SITI RAHAYU", "Hj. Siti-Rahayu M.Kn."])
      expect(normalizeProfile({ ...empty, displayName }, context).displayName).toBe(displayName);
  });

  it("refuses a display name that drops or changes the verified name: the licence is in that name", () => {
    for (const displayName of ["Siti R., S.H.", "Rahayu Siti", "Budi Santoso", "Sitira Hayu"])
      expect(refused({ displayName })).toThrow(expect.objectContaining({ code: "VALIDATION" }));
  });

  it("refuses contact data in the bio: e-mail, phone, link or social handle would take clients off the platform", () => {
    for (const bio of [
      "Hubungi saya di siti@kantor.co.id",
      "WA 0812-3456-7890 untuk konsultasi",
      "Konsultasi: +62 812 3456 7890",
      "Profil lengkap di https://sitirahayu.law",
      "Lihat www.sitirahayu.id",
      "Situs: sitirahayu.com",
      "Chat wa.me/6281234567890",
      "Instagram @siti.lawyer",
    ])
      expect(refused({ bio }), bio).toThrow(expect.objectContaining({ code: "VALIDATION", message: expect.stringContaining("Bio") }));
  });

  it("keeps a bio that names statutes, amounts, years and academic titles", () => {
    const bio =
      "Advokat sejak 2010 (S.H., M.H. Universitas Indonesia). Menangani sengketa PHK menurut UU No. 13 Tahun 2003 Pasal 156 dan perkara di atas Rp 1.000.000.000.";
    expect(normalizeProfile({ ...empty, bio }, context).bio).toBe(bio);
  });

  it("refuses a bio over 1,000 characters, areas outside the catalog, unknown or too many languages, years outside 0–70", () => {
    expect(() => normalizeProfile({ ...empty, bio: "a".repeat(1000) }, context)).not.toThrow();
    for (const wrong of [
      refused({ bio: "a".repeat(1001) }),
      refused({ areas: ["pidana"] }),
      refused({ languages: ["klingon"] }),
      refused({ languages: ["id", "en", "jv", "su", "zh", "ar", "nl"] }),
      refused({ yearsOfPractice: -1 }),
      refused({ yearsOfPractice: 71 }),
      refused({ yearsOfPractice: 2.5 }),
    ])
      expect(wrong).toThrow(expect.objectContaining({ code: "VALIDATION" }));
    expect(normalizeProfile({ ...empty, yearsOfPractice: 0 }, context).yearsOfPractice).toBe(0);
    expect(normalizeProfile({ ...empty, yearsOfPractice: 70 }, context).yearsOfPractice).toBe(70);
  });

  it("shows the display name once set, the verified name until then", () => {
    expect(publicName({ name: "Siti Rahayu", displayName: null })).toBe("Siti Rahayu");
    expect(publicName({ name: "Siti Rahayu", displayName: "Siti Rahayu, S.H." })).toBe("Siti Rahayu, S.H.");
  });
});
