import { AppError } from "../errors";
import { maskText } from "../text/masking";

/**
 * The profile a practitioner keeps themselves: the name they practise under, a bio, the areas
 * they describe, their languages and years of practice. The verified name, label, licence number
 * and the categories offering reads stay the operator's.
 */

/**
 * The languages a practitioner may list: a fixed list, so that "English", "Inggris" and "inggris"
 * are one language a client can look for. A language is added here when a practitioner needs it.
 */
export const PRACTICE_LANGUAGES = [
  { code: "id", name: "Indonesia" },
  { code: "en", name: "Inggris" },
  { code: "jv", name: "Jawa" },
  { code: "su", name: "Sunda" },
  { code: "mad", name: "Madura" },
  { code: "min", name: "Minangkabau" },
  { code: "bbc", name: "Batak" },
  { code: "ban", name: "Bali" },
  { code: "bug", name: "Bugis" },
  { code: "ms", name: "Melayu" },
  { code: "zh", name: "Mandarin" },
  { code: "ar", name: "Arab" },
  { code: "nl", name: "Belanda" },
  { code: "ja", name: "Jepang" },
  { code: "ko", name: "Korea" },
  { code: "de", name: "Jerman" },
  { code: "fr", name: "Prancis" },
] as const;

export const PROFILE_LIMITS = {
  displayName: 120,
  bio: 1000,
  languages: 6,
  yearsOfPractice: { min: 0, max: 70 },
} as const;

export function languageName(code: string): string {
  return PRACTICE_LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/** The name clients and the portals show: the practitioner's display name, or the verified name until they set one. */
export function publicName(practitioner: { name: string; displayName: string | null }): string {
  return practitioner.displayName ?? practitioner.name;
}

/** Lower case, letters and digits only, single spaces: "Dr. Siti  Rahayu, S.H." reads "dr siti rahayu s h". */
function comparable(name: string): string {
  return ` ${name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

/** A link or a social-media handle: the ways off the platform that are not an e-mail or a phone. */
const LINK =
  /https?:\/\/|\bwww\.|\b(?:wa|t)\.me\b|\bbit\.ly\b|\b[\p{L}\p{N}-]+\.(?:com|net|org|id|co|me|io|ly|link|site)\b|(?:^|\s)@[\p{L}\p{N}_.]{3,}/iu;

/** Why a bio cannot be saved, or null. Contact data in it would take clients off the platform. */
function bioProblem(bio: string): string | null {
  if (bio.length > PROFILE_LIMITS.bio) return `Bio paling banyak ${PROFILE_LIMITS.bio} karakter.`;
  if (maskText(bio) !== bio || LINK.test(bio))
    return "Bio tidak boleh memuat e-mail, nomor telepon, tautan, atau akun media sosial: klien menghubungi Anda lewat pesanan di Kuasa.";
  return null;
}

export interface ProfileInput {
  displayName: string | null;
  bio: string | null;
  areas: readonly string[];
  languages: readonly string[];
  yearsOfPractice: number | null;
}

export interface Profile {
  displayName: string | null;
  bio: string | null;
  areas: string[];
  languages: string[];
  yearsOfPractice: number | null;
}

/**
 * The profile as stored: texts trimmed (empty clears), lists de-duplicated in the order given.
 * Refused, saying why in Indonesian: a display name that does not contain the verified name (it
 * may add titles, never replace the name the licence is in), a bio with contact data, an area not
 * among the catalog's categories, a language not in the list, years outside 0–70.
 */
export function normalizeProfile(input: ProfileInput, context: { verifiedName: string; categories: readonly string[] }): Profile {
  const displayName = input.displayName?.trim().replace(/\s+/g, " ") || null;
  if (displayName) {
    if (displayName.length > PROFILE_LIMITS.displayName)
      throw new AppError("VALIDATION", `Nama tampilan paling banyak ${PROFILE_LIMITS.displayName} karakter.`);
    if (!comparable(displayName).includes(comparable(context.verifiedName)))
      throw new AppError(
        "VALIDATION",
        `Nama tampilan harus memuat nama terverifikasi Anda, "${context.verifiedName}"; boleh ditambah gelar, misalnya "${context.verifiedName}, S.H.".`,
      );
  }
  const bio = input.bio?.trim() || null;
  const problem = bio && bioProblem(bio);
  if (problem) throw new AppError("VALIDATION", problem);
  const areas = [...new Set(input.areas)];
  const unknown = areas.filter((area) => !context.categories.includes(area));
  if (unknown.length > 0) throw new AppError("VALIDATION", `Bidang tidak ada di katalog: ${unknown.join(", ")}.`);
  const languages = [...new Set(input.languages)];
  if (languages.some((code) => !PRACTICE_LANGUAGES.some((language) => language.code === code)))
    throw new AppError("VALIDATION", "Pilih bahasa dari daftar.");
  if (languages.length > PROFILE_LIMITS.languages)
    throw new AppError("VALIDATION", `Pilih paling banyak ${PROFILE_LIMITS.languages} bahasa.`);
  const { min, max } = PROFILE_LIMITS.yearsOfPractice;
  const years = input.yearsOfPractice;
  if (years !== null && (!Number.isInteger(years) || years < min || years > max))
    throw new AppError("VALIDATION", `Lama praktik diisi ${min} sampai ${max} tahun.`);
  return { displayName, bio, areas, languages, yearsOfPractice: years };
}
