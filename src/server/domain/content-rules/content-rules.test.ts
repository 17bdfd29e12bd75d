import { describe, expect, it } from "vitest";
import { agentPrice } from "@/server/domain/money/pricing";
import { CATALOG_SEED } from "@/server/services/catalog";
import { type CatalogEntryForContent, CONTENT_RULES, type ContentRule } from "./content-rules";
import { labelledCorpus } from "./corpus";
import { checkContent } from "./index";
import { SERVICE_ALIASES } from "./service-names";

/** The live catalog as the checker sees it: the seed's services at their agent prices, with their official fees. */
const catalog: CatalogEntryForContent[] = CATALOG_SEED.map((entry) => ({
  code: entry.code,
  name: entry.name,
  agentPriceIdr: agentPrice(entry.clientPriceIdr),
  thirdPartyFees: entry.thirdPartyFees.map((fee) => ({ description: fee.description, amountIdr: fee.amountIdr })),
}));

const corpus = labelledCorpus(catalog);

interface Figures {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

function measure() {
  const byRule = Object.fromEntries(
    CONTENT_RULES.map((rule) => [rule, { truePositives: 0, falsePositives: 0, falseNegatives: 0 }]),
  ) as Record<ContentRule, Figures>;
  const wrong: string[] = [];
  for (const { text, rule } of corpus) {
    const found = new Set(checkContent(text, { catalog }).findings.map((finding) => finding.rule));
    for (const each of CONTENT_RULES) {
      if (each === rule && found.has(each)) byRule[each].truePositives++;
      else if (each === rule) byRule[each].falseNegatives++;
      else if (found.has(each)) byRule[each].falsePositives++;
    }
    const expected = rule ?? "compliant";
    const got = found.size === 0 ? "compliant" : [...found].join("+");
    if (got !== expected) wrong.push(`  expected ${expected}, got ${got}: ${text}`);
  }
  const total = Object.values(byRule).reduce(
    (sum, figures) => ({
      truePositives: sum.truePositives + figures.truePositives,
      falsePositives: sum.falsePositives + figures.falsePositives,
      falseNegatives: sum.falseNegatives + figures.falseNegatives,
    }),
    { truePositives: 0, falsePositives: 0, falseNegatives: 0 },
  );
  return { byRule, total, wrong };
}

const precision = (figures: Figures) => figures.truePositives / (figures.truePositives + figures.falsePositives || 1);
const recall = (figures: Figures) => figures.truePositives / (figures.truePositives + figures.falseNegatives || 1);

function report({ byRule, total, wrong }: ReturnType<typeof measure>): string {
  const line = (name: string, figures: Figures) =>
    `${name.padEnd(20)} TP ${figures.truePositives}  FP ${figures.falsePositives}  FN ${figures.falseNegatives}  precision ${precision(figures).toFixed(3)}  recall ${recall(figures).toFixed(3)}`;
  return [...CONTENT_RULES.map((rule) => line(rule, byRule[rule])), line("overall", total), "Sentences read wrong:", ...wrong].join("\n");
}

describe("the labelled corpus", () => {
  it("holds at least 400 sentences in both languages, each rule among them, with compliant sentences the larger share", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(400);
    for (const rule of CONTENT_RULES) expect(corpus.filter((sentence) => sentence.rule === rule).length).toBeGreaterThanOrEqual(30);
    const compliant = corpus.filter((sentence) => sentence.rule === null).length;
    expect(compliant / corpus.length).toBeGreaterThan(0.5);
  });

  it("is read with precision and recall of at least 0.95, overall and for each rule", () => {
    const figures = measure();
    const failing = [figures.total, ...Object.values(figures.byRule)].some((each) => precision(each) < 0.95 || recall(each) < 0.95);
    expect(failing, report(figures)).toBe(false);
  });

  it("gives every finding the offsets of its excerpt in the text as sent, in order", () => {
    for (const { text } of corpus) {
      const { compliant, findings } = checkContent(text, { catalog });
      expect(compliant).toBe(findings.length === 0);
      for (const finding of findings) {
        expect(text.slice(finding.start, finding.end)).toBe(finding.excerpt);
        expect(finding.message.length).toBeGreaterThan(0);
        expect(finding.suggestion.length).toBeGreaterThan(0);
      }
      expect(findings.map((finding) => finding.start)).toEqual([...findings.map((finding) => finding.start)].sort((a, b) => a - b));
    }
  });
});

describe("checkContent", () => {
  const trademark = catalog.find((entry) => entry.code === "pendaftaran_merek")!;
  const written = (amount: number) => `Rp ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

  it("reads prices from the catalog passed in: a changed price turns the old one into a finding and the new one compliant", () => {
    const oldPrice = `Pendaftaran merek ${written(trademark.agentPriceIdr)} per kelas.`;
    const newPriceIdr = trademark.agentPriceIdr + 100_000;
    const newPrice = `Pendaftaran merek ${written(newPriceIdr)} per kelas.`;
    const changed = catalog.map((entry) => (entry === trademark ? { ...entry, agentPriceIdr: newPriceIdr } : entry));
    expect(checkContent(oldPrice, { catalog }).compliant).toBe(true);
    expect(checkContent(newPrice, { catalog }).compliant).toBe(false);
    expect(checkContent(newPrice, { catalog: changed }).compliant).toBe(true);
    const [finding] = checkContent(oldPrice, { catalog: changed }).findings;
    expect(finding?.rule).toBe("off_catalog");
    expect(finding?.message).toContain(written(newPriceIdr));
  });

  it("reads every name and common name of a seeded service at its price as compliant, and a million more as a finding", () => {
    const names = catalog.flatMap((entry) => [
      [entry.code, entry.name],
      ...Object.values(SERVICE_ALIASES[entry.code] ?? {}).flatMap((list) => list.map((alias) => [entry.code, alias])),
    ]);
    const misread: string[] = [];
    for (const [code, name] of names) {
      const price = catalog.find((entry) => entry.code === code)!.agentPriceIdr;
      const at = (amount: number) => `Jasa ${name} di Kuasa Rp ${amount.toLocaleString("de-DE")}.`;
      if (!checkContent(at(price), { catalog }).compliant) misread.push(at(price));
      if (checkContent(at(price + 1_000_000), { catalog }).compliant) misread.push(at(price + 1_000_000));
    }
    expect(misread).toEqual([]);
  });

  it("reads only the named language's patterns, and both when none is named", () => {
    const english = "We guarantee you will win.";
    const indonesian = "Gugatan Anda dijamin menang.";
    const rules = (text: string, language?: "id" | "en") =>
      checkContent(text, { catalog, language }).findings.map((finding) => finding.rule);
    expect(rules(english)).toEqual(["outcome_promise"]);
    expect(rules(english, "en")).toEqual(["outcome_promise"]);
    expect(rules(english, "id")).toEqual([]);
    expect(rules(indonesian, "id")).toEqual(["outcome_promise"]);
    expect(rules(indonesian, "en")).toEqual([]);
    const nda = "A non-disclosure agreement costs IDR 1,200,000.";
    expect(rules(nda, "en")).toEqual(["off_catalog"]);
    expect(rules(nda, "id")).toEqual([]);
  });

  it("reads 20,000 characters of mixed text as it reads each of its paragraphs", () => {
    const paragraphs: { text: string; at: number }[] = [];
    let text = "";
    for (const sentence of corpus) {
      const next = text === "" ? sentence.text : `${text}\n\n${sentence.text}`;
      if (next.length > 20_000) break;
      paragraphs.push({ text: sentence.text, at: next.length - sentence.text.length });
      text = next;
    }
    expect(text.length).toBeGreaterThan(19_000);
    const expected = paragraphs.flatMap(({ text: paragraph, at }) =>
      checkContent(paragraph, { catalog }).findings.map((finding) => [finding.rule, finding.start + at, finding.end + at]),
    );
    const { findings } = checkContent(text, { catalog });
    expect(findings.map((finding) => [finding.rule, finding.start, finding.end])).toEqual(expected);
    for (const finding of findings) expect(text.slice(finding.start, finding.end)).toBe(finding.excerpt);
  });

  it.each([
    ["a run of spaces", `a${" ".repeat(19_998)}b`],
    ["one sentence of promises", "pasti menang ".repeat(1_540)],
    ["a thousand prices", "NDA Rp 1.000.000 ".repeat(1_170)],
    ["a run of digits", "1234567890".repeat(2_000)],
    ["a run of separators", "1.000.".repeat(3_333)],
    ["thousands of short lines", "pasti menang.\n".repeat(1_428)],
    ["quotation marks", '"pasti menang" kata klien '.repeat(770)],
  ])("checks 20,000 characters of %s", (_, text) => {
    const { findings } = checkContent(text, { catalog });
    for (const finding of findings) expect(text.slice(finding.start, finding.end)).toBe(finding.excerpt);
  });
});
