import { describe, expect, it } from "vitest";
import type { CatalogEntryForContent } from "./content-rules";
import { checkContent } from "./index";

const catalog: CatalogEntryForContent[] = [
  { code: "pendapat_hukum", name: "Pendapat Hukum (Legal Opinion)", agentPriceIdr: 10_050_000, thirdPartyFees: [] },
];
const rulesOf = (text: string) => checkContent(text, { catalog }).findings.map((finding) => finding.rule);

describe("ai_legal_advice", () => {
  it.each([
    "Sebagai AI, saya memberikan nasihat hukum bahwa kontrak Anda batal.",
    "Jawaban saya ini adalah nasihat hukum yang mengikat.",
    "Ini nasihat hukum saya untuk kasus Anda.",
    "Anggap saja penjelasan ini sebagai saran hukum yang final.",
    "Saya adalah pengacara AI Anda.",
    "Anda tidak perlu pengacara, cukup ikuti saran saya.",
    "This is legal advice from your AI assistant.",
    "You don't need a lawyer, my advice is enough.",
    "I can give you legal advice on this contract.",
    "As your virtual lawyer, I advise you to settle.",
    "This answer from me, the assistant, constitutes legal advice you can rely on.",
    "What I have written here amounts to formal legal advice.",
    "Anda tidak perlu advokat.",
    "You don't need a lawyer for this.",
  ])("finds the agent's answer presented as legal advice: %s", (text) => {
    expect(rulesOf(text)).toEqual(["ai_legal_advice"]);
  });

  it.each([
    "Take this as legal advice: you should terminate the employee today.",
    "Please regard this as formal legal advice on your lease dispute.",
    "Anggap ini nasihat hukum: segera laporkan ke polisi.",
    "Berdasarkan analisis AI saya, Anda wajib membayar; anggap ini nasihat hukum.",
    "Jadikan semua itu saran hukum untuk kasus Anda.",
  ])("finds an imperative that frames the agent's words as legal advice: %s", (text) => {
    expect(rulesOf(text)).toEqual(["ai_legal_advice"]);
  });

  it.each([
    "Don't take this as legal advice.",
    "Please do not treat this as legal advice; a practitioner will review your case.",
    "Jangan anggap ini nasihat hukum.",
    "Anggap ini sebagai gambaran umum, bukan nasihat hukum.",
    "Take this to a practitioner for legal advice.",
  ])("leaves a negated or redirected framing alone: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });

  it.each([
    "Jawaban ini bukan nasihat hukum.",
    "This is general information, not legal advice.",
    "Nasihat hukum diberikan oleh praktisi.",
    "Pasal 1320 KUHPerdata mengatur syarat sahnya perjanjian.",
    "Saya dapat membantu Anda memesan layanan Pendapat Hukum dari advokat.",
    "Saya akan menyampaikan pendapat hukum praktisi setelah diunggah.",
    "Layanan Pendapat Hukum adalah memo tertulis dari advokat atas satu pokok masalah.",
    "Anda tidak perlu notaris untuk mendirikan PT Perorangan.",
    "I'm an AI assistant, so please treat this as general information rather than legal advice.",
    "For legal advice, please consult the practitioner assigned to your order.",
    "Anda tidak perlu advokat untuk mendirikan PT Perorangan.",
    "You don't need a lawyer to file a small claim, but one can help you prepare it.",
    "This answer from the practitioner constitutes legal advice.",
  ])("leaves disclaimers, a practitioner's advice and ordinary legal information alone: %s", (text) => {
    expect(rulesOf(text)).toEqual([]);
  });
});
