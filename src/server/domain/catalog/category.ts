/** A catalog category's code as words in a sentence: "kekayaan_intelektual" → "kekayaan intelektual". */
export function categoryWords(code: string): string {
  return code.replaceAll("_", " ");
}

/** The same words as a label standing alone: "Kekayaan intelektual". */
export function categoryLabel(code: string): string {
  const words = categoryWords(code);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
