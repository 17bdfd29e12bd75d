import type { DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/domain/errors";

/** Trimmed, de-duplicated, and each one a category of the catalog: any other would never be offered anything. */
export async function knownCategories(db: DbOrTx, categories: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(categories.map((c) => c.trim()).filter(Boolean))];
  const catalog = new Set(
    (await db.service.findMany({ where: { internal: false }, distinct: ["category"], select: { category: true } })).map((s) => s.category),
  );
  const unknown = wanted.filter((c) => !catalog.has(c));
  if (unknown.length > 0) {
    throw new AppError(
      "VALIDATION",
      `Kategori tidak ada di katalog: ${unknown.join(", ")}. Pilih dari: ${[...catalog].sort().join(", ")}.`,
    );
  }
  return wanted;
}
