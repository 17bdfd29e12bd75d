/**
 * off_catalog: prices and services named in the text, compared with the catalog passed in. A
 * catalog service with its agent price is fine; with another price it is a finding. A price of
 * Kuasa's that no catalog service has, and a legal service the catalog does not hold offered as
 * Kuasa's, are findings. Third-party fees (PNBP, bea meterai, a notary's or PPAT's fee, "at
 * official rates", "billed separately", or a catalog fee's own amount) are not Kuasa's prices.
 */
import type { CatalogEntryForContent, RuleFinding } from "./content-rules";
import { hitsWithin, negated, ownStatement } from "./context";
import { type Advice, finding } from "./findings";
import { compile, compileBoth, type Languages, wordPattern } from "./lexicon";
import { hitsIn, type Reading, type Sentence, type Span, spanAt, spansWithin, wordsBetween } from "./reading";
import { type Amount, formatRupiah, readAmounts } from "./rupiah";
import { SERVICE_ALIASES, UNOFFERED_SERVICES } from "./service-names";

/** Words that make the amount after them a price: of a service, of Kuasa's, of what the client pays. */
const PRICE_WORDS = compile({
  id: [
    "biaya",
    "biayanya",
    "harga",
    "harganya",
    "tarif",
    "tarifnya",
    "ongkos",
    "bayar",
    "membayar",
    "seharga",
    "hanya",
    "cuma",
    "cukup",
    "mulai",
    "mulai dari",
    "paket",
    "investasi",
    "dikenakan",
    "dikenai",
    "fee",
  ],
  en: [
    "price",
    "prices",
    "priced",
    "cost",
    "costs",
    "fee",
    "fees",
    "charge",
    "charges",
    "charged",
    "pay",
    "paying",
    "for only",
    "only",
    "just",
    "starting at",
    "starting from",
  ],
});

/** Amounts that are not a price of a service: of a claim, capital, wages, rent, a sale, a deposit or budget. */
const VALUE_WORDS = compile({
  id: [
    "nilai",
    "senilai",
    "modal",
    "modal dasar",
    "modal disetor",
    "gaji",
    "upah",
    "ganti rugi",
    "kerugian",
    "utang",
    "hutang",
    "pinjaman",
    "kredit",
    "sewa",
    "harga sewa",
    "uang sewa",
    "harga jual",
    "harga beli",
    "harga tanah",
    "harga rumah",
    "harga transaksi",
    "harga pasar",
    "harga saham",
    "denda",
    "omzet",
    "omset",
    "pendapatan",
    "penghasilan",
    "aset",
    "kekayaan",
    "pesangon",
    "uang pesangon",
    "thr",
    "tunggakan",
    "dana",
    "tabungan",
    "deposit",
    "saldo",
    "top up",
    "isi saldo",
    "anggaran",
    "plafon",
    "limit",
    "batas",
    "ambang",
    "tuntutan",
    "gugatan senilai",
    "sebanyak",
    "paling banyak",
    "paling sedikit",
    "minimum",
    "minimal",
    "maksimal",
    "menjadi",
    "tagihan",
    "transaksi",
  ],
  en: [
    "value",
    "worth",
    "valued",
    "capital",
    "salary",
    "wage",
    "wages",
    "damages",
    "loss",
    "losses",
    "debt",
    "loan",
    "rent",
    "sale price",
    "purchase price",
    "fine",
    "penalty",
    "revenue",
    "turnover",
    "assets",
    "severance",
    "budget",
    "balance",
    "deposit",
    "top-up",
    "top up",
    "limit",
    "threshold",
    "claim of",
    "claims of",
    "up to",
    "at least",
    "minimum",
    "maximum",
    "invoice",
  ],
});

/** Third-party and official costs before an amount ("PNBP Rp 1.800.000", "bea meterai Rp 10.000"). */
const FEE_WORDS = compile({
  id: [
    "pnbp",
    "biaya resmi",
    "tarif resmi",
    "biaya negara",
    "biaya pemerintah",
    "bea meterai",
    "meterai",
    "materai",
    "bphtb",
    "pph",
    "ppn",
    "pajak",
    "retribusi",
    "panjar",
    "panjar biaya perkara",
    "biaya perkara",
    "biaya pengadilan",
    "honorarium notaris",
    "honorarium",
    "honor notaris",
    "biaya notaris",
    "uang jasa ppat",
    "biaya ppat",
    "jasa ppat",
    "biaya pihak ketiga",
    "pihak ketiga",
    "biaya pengiriman",
    "ongkos kirim",
    "ongkir",
    "kurir",
    "terpisah",
    "ditagih terpisah",
    "dibayar terpisah",
    "biaya djki",
    "biaya pendaftaran di djki",
    "biaya bpn",
    "disetor ke kas negara",
  ],
  en: [
    "pnbp",
    "official fee",
    "official fees",
    "official rate",
    "official rates",
    "government fee",
    "government fees",
    "state fee",
    "filing fee",
    "filing fees",
    "stamp duty",
    "duty",
    "tax",
    "taxes",
    "vat",
    "court fee",
    "court fees",
    "notary fee",
    "notary's fee",
    "notary fees",
    "ppat fee",
    "third-party",
    "third party",
    "disbursement",
    "disbursements",
    "pass-through",
    "separately",
    "shipping",
    "courier",
    // An authority's own fee: "the DJKI fee of Rp 200.000", "BPN's fee".
    /(?:djki|dgip|bpn|ahu|oss|kemenkum|ministry|registry|land office|court|notary|ppat)(?:'s)?\s+fees?/,
  ],
});

/** After an amount, words that make it a third-party fee ("Rp 1.800.000 (PNBP)", "IDR 500,000, billed separately at official rates"). */
const FEE_AFTER = compile({
  id: [
    "pnbp",
    "ditagih terpisah",
    "dibayar terpisah",
    "ditagihkan terpisah",
    "sesuai tarif resmi",
    "menurut tarif resmi",
    "tarif resmi",
    "biaya resmi",
    "bea meterai",
    "untuk meterai",
    "untuk pnbp",
    "ke kas negara",
    "kepada negara",
    "di luar harga layanan",
    "di luar harga",
  ],
  en: [
    "pnbp",
    "billed separately",
    "charged separately",
    "paid separately",
    "at official rates",
    "at the official rate",
    "official fee",
    "official fees",
    "in official fees",
    "government fee",
    "stamp duty",
    "for stamp duty",
    "to the state",
    "on top of the service price",
    "outside the service price",
  ],
});

/** Prices of others, not Kuasa's ("di firma hukum lain", "law firms typically charge"). */
const OTHERS = compile({
  id: [
    "firma hukum",
    "kantor hukum",
    "kantor advokat",
    "di tempat lain",
    "harga pasaran",
    "pasaran",
    "kompetitor",
    "pesaing",
    "platform lain",
    // The case board's own fee and practitioners' bids are Kuasa's prices outside the catalog.
    "biaya platform",
    "papan kasus",
    "penawaran praktisi",
  ],
  en: [
    "law firm",
    "law firms",
    "elsewhere",
    "market rate",
    "market price",
    "competitor",
    "competitors",
    "other platforms",
    "platform fee",
    "case board",
    "bid",
    "bids",
  ],
});

const FREE_WORDS = compile({
  id: ["gratis", "cuma-cuma", "diskon", "potongan harga", "promo", "cashback", "setengah harga"],
  en: [
    "free of charge",
    "for free",
    "at no cost",
    "no charge",
    "free",
    "discount",
    "discounted",
    "half price",
    "half-price",
    /\d{1,2}\s?%\s+off/,
  ],
});

/** A service spoken of without its name: free or discounted, it is still a price the catalog does not hold ("gratis konsultasi"). */
const ANY_SERVICE = compile({
  id: ["konsultasi", "sesi konsultasi", "layanan", "jasa", "semua layanan", "pesanan"],
  en: ["consultation", "consultations", "consult", "service", "services", "order", "orders"],
});

/** Words naming Kuasa's own price: an amount right after one is the price even where it equals an official fee ("harga pendaftaran merek Rp 1.800.000"). */
const OWN_PRICE = compile({
  id: ["harga", "harganya", "seharga", "tarif kami", "biaya layanan", "biaya jasa"],
  en: ["price", "priced at", "costs", "our fee", "service fee"],
});

/** Who pays no fee because the government charges none: not a price of Kuasa's. */
const GOVERNMENT = compileBoth({
  id: ["pemerintah", "negara", "oss", "pnbp", "biaya resmi"],
  en: ["government", "state", "official fee", "pnbp"],
});

const OFFER_NOUNS = compile({ id: ["layanan", "jasa", "paket"], en: ["service", "services", "package", "packages"] });
const OFFER_VERBS = compile({
  id: [
    "menyediakan",
    "melayani",
    "menawarkan",
    "menangani",
    "mengurus",
    "mengurusi",
    "membantu",
    "bantu",
    "memproses",
    "mengerjakan",
    "urus",
    "tangani",
    "punya",
    "memiliki",
    "menerima",
    "mendampingi",
    "dampingi",
    "membela",
    "bela",
    "mewakili",
    "wakili",
    "mewakilkan",
    "menguruskan",
    "melayani pengurusan",
    "memberikan layanan",
    "menyediakan jasa",
    "bisa bantu",
    "siap membantu",
    "siap mendampingi",
    "menangani perkara",
  ],
  en: [
    "offer",
    "offers",
    "provide",
    "provides",
    "handle",
    "handles",
    "help with",
    "assist with",
    "do",
    "does",
    "arrange",
    "process",
    "take care of",
    "cover",
    "covers",
    "have",
    "represent",
    "represents",
    "defend",
    "defends",
    "accompany",
    "act for",
    "appear for",
    "appear on your behalf",
    "handle your",
    "take on",
    "takes on",
    "take your",
    "deal with",
    "deals with",
    "sort out",
  ],
});
const OFFER_SUBJECTS = compile({
  id: [
    "kami",
    "kita",
    "saya",
    "kuasa",
    "praktisi",
    "praktisi kami",
    "advokat kami",
    "pengacara kami",
    "tim kami",
    "tim hukum kami",
    "mitra kami",
    "notaris kami",
    "ppat kami",
    "advokat di kuasa",
    "praktisi di kuasa",
    "praktisi kuasa",
    "platform ini",
    "platform kami",
  ],
  en: [
    "we",
    "our",
    "us",
    "i",
    "kuasa",
    "kuasa's",
    "our practitioners",
    "our lawyers",
    "practitioners on kuasa",
    "our team",
    "our legal team",
    "our attorneys",
    "our advocates",
    "our notaries",
    "kuasa's practitioners",
    "kuasa's lawyers",
    "lawyers on kuasa",
    "this platform",
    "our platform",
    "we'll",
    "we've",
  ],
});
const AVAILABLE = compile({
  id: [
    "tersedia",
    "bisa dipesan",
    "dapat dipesan",
    "pesan",
    "memesan",
    "melalui kuasa",
    "lewat kuasa",
    "via kuasa",
    "di kuasa",
    "bisa diurus",
    "dapat diurus",
    "bisa ditangani",
    "dapat ditangani",
    "kami layani",
    "dilayani",
    "bisa kami bantu",
    "siap dibantu",
  ],
  en: [
    "available",
    "can be ordered",
    "order",
    "book",
    "through kuasa",
    "via kuasa",
    "on kuasa",
    "can be arranged",
    "can be handled",
    "is covered",
    "are covered",
    "we cover",
    "bookable",
  ],
});

/** A referral to the case board, where practitioners bid on work outside the catalog. */
const CASE_BOARD = compileBoth({
  id: ["papan kasus", "papan perkara", "kasus khusus", "pekerjaan khusus", "penawaran praktisi", "lelang perkara"],
  en: ["case board", "custom case", "custom work", "bids", "bid"],
});

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  dua: 2,
  tiga: 3,
  empat: 4,
  lima: 5,
  enam: 6,
  tujuh: 7,
  delapan: 8,
  sembilan: 9,
  sepuluh: 10,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNTS = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(?:\\d{1,2}(?![\\p{N}.,]\\d)|${Object.keys(NUMBER_WORDS).join("|")})(?![\\p{L}\\p{N}])`,
  "gu",
);

interface Mention extends Span {
  /** The catalog entry it names, or null: a legal service the catalog passed in does not hold. */
  entry: CatalogEntryForContent | null;
  label: string;
}

const key = (phrase: string) => phrase.toLowerCase().replace(/[\s_-]+/g, "");

/** The ways a catalog name is written: whole, without what is in brackets, each side of a slash. */
function namesOf(entry: CatalogEntryForContent): string[] {
  const name = entry.name.toLowerCase().replace(/\s+/g, " ").trim();
  const bare = name.replace(/\s*\([^)]*\)/g, "").trim();
  const sides = bare.split(/\s+\/\s+/).filter((side) => side.length >= 8 || (!side.includes(" ") && side.length >= 5));
  return [name, bare, ...sides, entry.code, entry.code.replace(/_/g, " ")];
}

interface ServiceLexicon {
  pattern: RegExp;
  /** The same names, matched at one position: where two names overlap, the one starting later. */
  sticky: RegExp;
  /** The entry each name is of (by its letters alone: "non-disclosure agreement" is "nondisclosureagreement"), null: not in the catalog. */
  byKey: Map<string, Mention["entry"]>;
  /** Names read only in English, whose head noun comes last ("employment contract review" is a review). */
  english: Set<string>;
  /** Codes whose names hold a name of another code: "pendirian pt perorangan" is narrower than "pendirian pt". */
  narrower: Set<string>;
}

const lexicons = new WeakMap<readonly CatalogEntryForContent[], Map<Languages, ServiceLexicon>>();

function serviceLexicon(catalog: readonly CatalogEntryForContent[], languages: Languages): ServiceLexicon {
  let byLanguages = lexicons.get(catalog);
  if (!byLanguages) lexicons.set(catalog, (byLanguages = new Map()));
  const cached = byLanguages.get(languages);
  if (cached) return cached;
  const byKey = new Map<string, Mention["entry"]>();
  const phrases = new Set<string>();
  const english = new Set<string>();
  const named: { phrase: string; code: string }[] = [];
  const add = (phrase: string, entry: Mention["entry"], inEnglish = false) => {
    const at = key(phrase);
    if (at.length < 2) return;
    if (inEnglish && !byKey.has(at)) english.add(at);
    if (!inEnglish) english.delete(at);
    phrases.add(phrase);
    if (entry) named.push({ phrase: ` ${phrase.replace(/\s*\([^)]*\)/g, "").trim()} `, code: entry.code });
    // A catalog entry's name wins over the same words in the list of services not offered.
    if (!byKey.get(at)) byKey.set(at, entry);
  };
  // English names in the plural too ("free contract reviews").
  const plural = (name: string) => (/[a-rt-z]$/.test(name) ? [name, `${name}s`] : [name]);
  for (const entry of catalog) for (const name of namesOf(entry)) add(name, entry);
  const addAll = (names: (typeof SERVICE_ALIASES)[string], entry: Mention["entry"]) => {
    for (const name of names.both ?? []) add(name, entry);
    if (languages !== "en") for (const name of names.id ?? []) add(name, entry);
    if (languages !== "id") for (const name of (names.en ?? []).flatMap(plural)) add(name, entry, true);
  };
  for (const [code, names] of Object.entries(SERVICE_ALIASES)) addAll(names, catalog.find((service) => service.code === code) ?? null);
  addAll(UNOFFERED_SERVICES, null);
  const narrower = new Set<string>();
  for (const wide of named)
    for (const narrow of named)
      if (narrow.code !== wide.code && narrow.phrase.includes(wide.phrase)) narrower.add(`${narrow.code} ${wide.code}`);
  const pattern = wordPattern([...phrases]);
  const lexicon = { pattern, sticky: new RegExp(pattern.source, "uy"), byKey, english, narrower };
  byLanguages.set(languages, lexicon);
  return lexicon;
}

/**
 * Services named in the text. Where a second name starts inside one and runs past it ("pembuatan PT
 * Perorangan", "employment contract review"), the narrower service wins ("PT Perorangan" is a kind of
 * PT), else the head of the phrase: the first name in Indonesian, the last in English.
 */
function mentionsIn(reading: Reading, lexicon: ServiceLexicon): Mention[] {
  const mentionOf = (hit: Span) => {
    const at = key(reading.lower.slice(hit.start, hit.end));
    return { ...hit, entry: lexicon.byKey.get(at) ?? null, label: reading.text.slice(hit.start, hit.end), at };
  };
  const mentions: Mention[] = [];
  for (const hit of hitsIn(reading, lexicon.pattern)) {
    if (mentions.length > 0 && hit.start < mentions.at(-1)!.end) continue;
    const first = mentionOf(hit);
    let chosen: Mention = { start: first.start, end: first.end, entry: first.entry, label: first.label };
    for (let at = hit.start + 1; at < hit.end; at++) {
      if (/[\p{L}\p{N}]/u.test(reading.lower[at - 1]!) || !/[\p{L}\p{N}]/u.test(reading.lower[at]!)) continue;
      lexicon.sticky.lastIndex = at;
      const match = lexicon.sticky.exec(reading.lower);
      if (!match || at + match[0].length <= hit.end) continue;
      const later = mentionOf({ start: at, end: at + match[0].length });
      const code = (mention: Mention) => mention.entry?.code ?? "";
      const laterWins = lexicon.narrower.has(`${code(later)} ${code(first)}`)
        ? true
        : lexicon.narrower.has(`${code(first)} ${code(later)}`)
          ? false
          : lexicon.english.has(first.at) && lexicon.english.has(later.at);
      // The phrase is one mention either way, so that its tail is not read as a second service.
      const winner = laterWins ? later : first;
      chosen = { start: hit.start, end: later.end, entry: winner.entry, label: reading.text.slice(hit.start, later.end) };
      break;
    }
    mentions.push(chosen);
  }
  return mentions;
}

const overlaps = (spans: readonly Span[], at: Span) => spans.some((span) => at.start < span.end && span.start < at.end);

/** The keyword nearest before `at` in `clause` (within six words), and which list it is of. */
function nearestBefore(reading: Reading, clause: Span, at: number, lists: Record<string, RegExp>, skip: readonly Span[]) {
  let best: { kind: string; hit: Span } | null = null;
  for (const [kind, pattern] of Object.entries(lists)) {
    for (const hit of hitsWithin(reading, pattern, { start: clause.start, end: at })) {
      if (overlaps(skip, hit) || wordsBetween(reading, hit.end, at) > 6) continue;
      if (!best || hit.end > best.hit.end || (hit.end === best.hit.end && hit.start < best.hit.start)) best = { kind, hit };
    }
  }
  return best;
}

const countsByPart = new WeakMap<Span, { at: number; value: number }[]>();

/** Counts in a part ("dua kelas", "3 NDA"): a price may be several of one. */
function countsIn(reading: Reading, part: Span, amount: Span): number[] {
  let counts = countsByPart.get(part);
  if (!counts) {
    counts = [];
    COUNTS.lastIndex = 0;
    for (const match of reading.lower.slice(part.start, part.end).matchAll(COUNTS)) {
      const value = NUMBER_WORDS[match[0]] ?? Number(match[0]);
      if (value >= 2 && value <= 20) counts.push({ at: part.start + match.index, value });
    }
    countsByPart.set(part, counts);
  }
  return counts.filter((count) => count.at < amount.start || count.at >= amount.end).map((count) => count.value);
}

const feesByClause = new WeakMap<Span, number[]>();

/** Fees whose description a clause speaks of ("pengecekan sertipikat ... Rp 50.000"): their amounts are official. */
function describedFees(reading: Reading, clause: Span, catalog: readonly CatalogEntryForContent[]): number[] {
  const known = feesByClause.get(clause);
  if (known) return known;
  const words = new Set(reading.lower.slice(clause.start, clause.end).match(/[\p{L}]{6,}/gu) ?? []);
  const amounts: number[] = [];
  for (const entry of catalog)
    for (const fee of entry.thirdPartyFees) {
      if (fee.amountIdr === null) continue;
      const described = fee.description.toLowerCase().match(/[\p{L}]{6,}/gu) ?? [];
      if (described.filter((word) => words.has(word)).length >= 2) amounts.push(fee.amountIdr);
    }
  feesByClause.set(clause, amounts);
  return amounts;
}

const WRONG_PRICE = (entry: CatalogEntryForContent, written: string): Advice => ({
  message: `Harga ${entry.name} di katalog Kuasa saat ini ${formatRupiah(entry.agentPriceIdr)}; teks menyebut ${written}.`,
  suggestion: `${entry.name}: ${formatRupiah(entry.agentPriceIdr)} (harga katalog; biaya resmi pihak ketiga, bila ada, ditagih terpisah sesuai tarif resmi).`,
  suggestionEn: `${entry.name}: IDR ${entry.agentPriceIdr.toLocaleString("en-US")} (catalog price; official third-party fees, if any, are billed separately at official rates).`,
});

const UNKNOWN_PRICE = (written: string): Advice => ({
  message: `Menyebut harga ${written} yang bukan harga layanan mana pun di katalog Kuasa, tanpa menyebut layanannya.`,
  suggestion:
    "Sebutkan layanan dan harganya persis seperti di katalog Kuasa (GET /v1/services); biaya resmi pihak ketiga disebut terpisah sesuai tarif resmi.",
  suggestionEn:
    "Name the service and its price exactly as the Kuasa catalog lists them (GET /v1/services); official third-party fees are stated separately at official rates.",
});

const UNOFFERED = (label: string): Advice => ({
  message: `Menawarkan atau memberi harga untuk layanan yang tidak ada di katalog Kuasa: "${label}".`,
  suggestion:
    "Sebutkan hanya layanan yang ada di katalog Kuasa (GET /v1/services); untuk pekerjaan di luar katalog, ajukan perkara di papan kasus agar praktisi mengajukan penawaran.",
  suggestionEn: "Mention only services in the Kuasa catalog; for other work, post a case on the case board so practitioners can bid.",
});

const FREE = (label: string): Advice => ({
  message: `Menjanjikan potongan harga atau layanan gratis yang tidak ada di katalog Kuasa ("${label}").`,
  suggestion: "Sebutkan harga layanan persis seperti di katalog Kuasa (GET /v1/services).",
  suggestionEn: "State the service's price exactly as the Kuasa catalog lists it.",
});

interface Scope {
  reading: Reading;
  catalog: readonly CatalogEntryForContent[];
  languages: Languages;
  mentions: Mention[];
}

function priceFinding(
  scope: Scope,
  sentence: Sentence,
  previous: Sentence | undefined,
  amount: Amount,
  amounts: readonly Amount[],
): RuleFinding | null {
  const { reading, catalog, languages, mentions } = scope;
  const clause = spanAt(sentence.clauses, amount.start);
  const part = spanAt(sentence.parts, amount.start);
  if (hitsWithin(reading, OTHERS[languages], clause).length > 0) return null;
  const nearest = nearestBefore(
    reading,
    clause,
    amount.start,
    { price: PRICE_WORDS[languages], value: VALUE_WORDS[languages], fee: FEE_WORDS[languages] },
    mentions,
  );
  if (nearest?.kind === "value" || nearest?.kind === "fee") return null;
  const valueBefore = hitsWithin(reading, VALUE_WORDS[languages], { start: clause.start, end: amount.start }).some(
    (hit) => !overlaps(mentions, hit) && wordsBetween(reading, hit.end, amount.start) <= 6,
  );
  const after = hitsWithin(reading, FEE_AFTER[languages], { start: amount.end, end: clause.end });
  if (after.some((hit) => wordsBetween(reading, amount.end, hit.start) <= 4)) return null;
  // The service the price is of: the nearest named before it since the amount before, else one right after it.
  const index = amounts.indexOf(amount);
  const before = amounts[index - 1];
  const from = Math.max(part.start, before?.end ?? part.start);
  const next = amounts[index + 1];
  const preceding = spansWithin(mentions, { start: from, end: amount.start }).at(-1);
  const following = spansWithin(mentions, { start: amount.end, end: next ? next.start : clause.end }).find(
    (mention) => mention.end <= clause.end && wordsBetween(reading, amount.end, mention.start) <= 3,
  );
  const attached = (preceding && wordsBetween(reading, preceding.end, amount.start) <= 3) || following;
  let head = preceding ?? following;
  if (!head && nearest?.kind === "price" && previous && !/\n\s*\n/.test(reading.text.slice(previous.end, sentence.start)))
    head = spansWithin(mentions, previous).at(-1);
  if ((nearest?.kind !== "price" || valueBefore) && !attached) return null;
  // "Perjanjian kerja waktu tidak tertentu": a negation inside a service's name negates nothing.
  if (negated(reading, clause, amount.start, spansWithin(mentions, clause))) return null;
  const written = reading.text.slice(amount.start, amount.end);
  const officialFees = describedFees(reading, clause, catalog);
  if (amount.values.some((value) => officialFees.includes(value))) return null;
  const excerptStart = Math.min(
    amount.start,
    head && head.start >= sentence.start ? head.start : amount.start,
    nearest?.hit.start ?? amount.start,
  );
  const excerptEnd = Math.max(amount.end, head && head.end <= sentence.end ? head.end : amount.end);
  const excerpt = { start: excerptStart, end: excerptEnd };
  if (!head) {
    if (amount.values.some((value) => catalog.some((entry) => entry.agentPriceIdr === value))) return null;
    return finding(reading, "off_catalog", excerpt, UNKNOWN_PRICE(written));
  }
  if (!head.entry) return finding(reading, "off_catalog", excerpt, UNOFFERED(head.label));
  const entry = head.entry;
  const fees = entry.thirdPartyFees.map((fee) => fee.amountIdr).filter((fee): fee is number => fee !== null);
  const counts = countsIn(reading, part, amount);
  // A fee's amount is the fee, unless Kuasa's own price word names it with no amount between.
  const ownPriced =
    nearest !== null &&
    hitsWithin(reading, OWN_PRICE[languages], nearest.hit).length > 0 &&
    !amounts.some((other) => other.start >= nearest.hit.end && other.end <= amount.start);
  const fits = (value: number) =>
    value === entry.agentPriceIdr || (fees.includes(value) && !ownPriced) || counts.some((count) => value === count * entry.agentPriceIdr);
  if (amount.values.some(fits)) return null;
  return finding(reading, "off_catalog", excerpt, WRONG_PRICE(entry, written));
}

function freeFindings(scope: Scope, sentence: Sentence): RuleFinding[] {
  const { reading, languages, mentions } = scope;
  const found: RuleFinding[] = [];
  for (const hit of hitsWithin(reading, FREE_WORDS[languages], sentence)) {
    const clause = spanAt(sentence.clauses, hit.start);
    const mention = spansWithin(mentions, clause)[0] ?? hitsWithin(reading, ANY_SERVICE[languages], clause)[0];
    if (!mention || hitsWithin(reading, GOVERNMENT, clause).length > 0) continue;
    if (negated(reading, clause, Math.max(hit.end, mention.end))) continue;
    found.push(
      finding(
        reading,
        "off_catalog",
        { start: Math.min(hit.start, mention.start), end: Math.max(hit.end, mention.end) },
        FREE(reading.text.slice(hit.start, hit.end)),
      ),
    );
  }
  return found;
}

/** A service the catalog does not hold, offered as Kuasa's: "kami melayani perceraian", "layanan visa tersedia". */
function unofferedFindings(scope: Scope, sentence: Sentence): RuleFinding[] {
  const { reading, languages, mentions } = scope;
  if (hitsWithin(reading, CASE_BOARD, sentence).length > 0) return [];
  const found: RuleFinding[] = [];
  for (const mention of spansWithin(mentions, sentence)) {
    if (mention.entry) continue;
    const clause = spanAt(sentence.clauses, mention.start);
    const noun = hitsWithin(reading, OFFER_NOUNS[languages], clause).find((hit) =>
      hit.end <= mention.start ? wordsBetween(reading, hit.end, mention.start) <= 1 : wordsBetween(reading, mention.end, hit.start) <= 1,
    );
    const verb = hitsWithin(reading, OFFER_VERBS[languages], clause).find(
      () => hitsWithin(reading, OFFER_SUBJECTS[languages], clause).length > 0,
    );
    const available = hitsWithin(reading, AVAILABLE[languages], clause)[0];
    const cue = noun ?? verb ?? available;
    if (!cue) continue;
    // Any negation in the part: "untuk layanan perceraian, Kuasa belum memiliki paket".
    const part = spanAt(sentence.parts, mention.start);
    if (negated(reading, part, part.end)) continue;
    found.push(
      finding(
        reading,
        "off_catalog",
        { start: Math.min(cue.start, mention.start), end: Math.max(cue.end, mention.end) },
        UNOFFERED(mention.label),
      ),
    );
  }
  return found;
}

export function offCatalog(reading: Reading, catalog: readonly CatalogEntryForContent[], languages: Languages): RuleFinding[] {
  const mentions = mentionsIn(reading, serviceLexicon(catalog, languages));
  const scope: Scope = { reading, catalog, languages, mentions };
  const amounts = readAmounts(reading);
  const findings: RuleFinding[] = [];
  reading.sentences.forEach((sentence, index) => {
    const inSentence = spansWithin(amounts, sentence);
    for (const amount of inSentence) {
      if (!ownStatement(reading, sentence, amount.start)) continue;
      const found = priceFinding(scope, sentence, reading.sentences[index - 1], amount, inSentence);
      if (found) findings.push(found);
    }
    for (const found of [...freeFindings(scope, sentence), ...unofferedFindings(scope, sentence)])
      if (ownStatement(reading, sentence, found.start)) findings.push(found);
  });
  return findings;
}
