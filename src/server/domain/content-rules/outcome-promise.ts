/**
 * outcome_promise: the agent promises what only a court or an authority decides: a case won, a
 * claim granted, a permit or certificate issued, or a government body's deadline as a certainty.
 * Kuasa's own SLA for a practitioner's work is not such an outcome.
 */
import type { RuleFinding } from "./content-rules";
import { conditional, hedged, hitsWithin, negated, negatedFrom, normative, ownStatement, supposed } from "./context";
import { type Advice, clausesOf, finding } from "./findings";
import { compile, type Languages } from "./lexicon";
import { type Reading, type Sentence, type Span, spanAt, spansWithin, wordsBetween } from "./reading";

/** Words that state an outcome as certain: verbs of guarantee and promise, certainty adverbs, "100%". */
const CERTAINTY = compile({
  id: [
    "jamin",
    "menjamin",
    "dijamin",
    "terjamin",
    "kujamin",
    "jaminan",
    "garansi",
    "bergaransi",
    "digaransi",
    "menggaransi",
    "janji",
    "berjanji",
    "menjanjikan",
    "dijanjikan",
    "pasti",
    "pastinya",
    "dipastikan",
    "kami pastikan",
    "saya pastikan",
    "kupastikan",
    "aku pastikan",
    "memastikan",
    "tentu",
    "tentunya",
    "niscaya",
    "mutlak",
    "seratus persen",
    "100 persen",
    "tidak diragukan lagi",
    "tak diragukan lagi",
    "tanpa ragu",
    "saya yakin",
    "kami yakin",
    "aku yakin",
    "saya sangat yakin",
    "kami sangat yakin",
    "yakinlah",
    "percayalah",
    /100\s?%/,
    // "Saya bisa pastikan", "kami berani menjamin": the speaker's own certainty with an auxiliary between.
    /(?:saya|kami|aku|kita)\s+(?:bisa|dapat|berani|mampu|sudah|telah|akan)\s+(?:pastikan|memastikan|jamin|menjamin|janjikan|menjanjikan|garansi|menggaransi)/,
    "tentu saja",
    "sudah tentu",
    "sudah barang tentu",
    "barang tentu",
    "sudah pasti",
    "dapat dipastikan",
    "bisa dipastikan",
    "tanpa keraguan",
    "tak perlu diragukan",
    "tidak perlu diragukan",
    "pokoknya",
    "saya yakinkan",
    "kami yakinkan",
    "saya yakinkan anda",
    "percaya deh",
    "percaya saya",
    "percayalah pada saya",
    "yakin deh",
    "pasti deh",
    "dijamin deh",
    /(?:sudah\s+)?jelas\s+(?:akan|bakal)/,
  ],
  en: [
    "guarantee",
    "guarantees",
    "guaranteed",
    "guaranteeing",
    "promise",
    "promises",
    "promised",
    "assure",
    "assures",
    "assured",
    "ensure",
    "ensures",
    "ensured",
    "definitely",
    "certainly",
    "surely",
    "absolutely",
    "undoubtedly",
    "for sure",
    "100 percent",
    "one hundred percent",
    "hundred percent",
    "without a doubt",
    "without doubt",
    "no doubt",
    "rest assured",
    "make sure",
    "makes sure",
    "bound to",
    "sure to",
    "certain to",
    "i'm confident",
    "we're confident",
    "i am confident",
    "we are confident",
    "i'm certain",
    "we're certain",
    "i am certain",
    "we are certain",
    "i'm sure",
    "we're sure",
    "i am sure",
    "we are sure",
    /100\s?%/,
    "without fail",
    "unquestionably",
    "inevitably",
    "guaranteed to",
    "i assure you",
    "i can assure you",
    "we assure you",
    "we can assure you",
    "you can be sure",
    "you can be certain",
    "rest easy",
    "take my word for it",
    "take my word",
    "mark my words",
    "trust me",
    "believe me",
    "you have my word",
    "count on it",
    "bank on it",
    "no question",
    "without question",
    "beyond doubt",
    "beyond any doubt",
    "have no doubt",
    "i have no doubt",
    "there's no doubt",
    "there is no doubt",
  ],
});

/** The same words where they mean something else: collateral, a right the law secures, an instruction to check. */
const NOT_CERTAINTY = compile({
  id: [
    /jaminan\s+(?:fidusia|kebendaan|perorangan|pribadi|perusahaan|bank|sosial|kesehatan|hari tua|pensiun|kecelakaan|kehilangan|kredit|utang|pelaksanaan|penawaran|uang muka|pemeliharaan|sewa)/,
    /(?:uang|barang|objek|obyek|benda|pemberi|penerima|hak|lembaga|surat|sertifikat|sertipikat|akta|nilai|agunan)\s+jaminan/,
    /dijamin\s+(?:dengan|oleh|dalam|menurut)\s+(?:hak|fidusia|gadai|hipotek|jaminan|agunan|undang|uu|uud|konstitusi|pasal|negara|hukum|peraturan|lps)/,
    /dijamin\s+(?:undang|uu|uud|konstitusi|pasal|negara|hukum)/,
    "menjaminkan",
    "dijaminkan",
    "kepastian hukum",
    "yang pasti",
    "garansi bank",
    "bank garansi",
    /(?:untuk|guna|agar dapat|demi)\s+memastikan/,
    // "Klien kami yakin ...": the client's belief, not ours.
    /(?:klien|pelanggan|pengguna)\s+(?:kami|saya)\s+(?:sangat\s+)?yakin/,
  ],
  en: [
    /(?:bank|personal|corporate|parent company|performance|bid|payment|advance payment)\s+guarantee/,
    /guarantee\s+(?:agreement|deed|letter|facility)/,
    "letter of guarantee",
    /guaranteed\s+by\s+(?:law|the law|the constitution|article|the state|statute)/,
    /(?:to|please|kindly)\s+(?:ensure|make sure)/,
  ],
});

/** Outcomes only a court or an authority decides. */
const OUTCOMES = compile({
  id: [
    "menang",
    "memenangkan",
    "dimenangkan",
    "kemenangan",
    "menangkan",
    "dikabulkan",
    "mengabulkan",
    "terkabul",
    "terbit",
    "diterbitkan",
    "terbitnya",
    "lolos",
    "disetujui",
    "disahkan",
    "terdaftar",
    "divonis bebas",
    "diputus bebas",
    "putusan bebas",
    "dibebaskan",
    "bebas dari dakwaan",
    "bebas dari tuntutan",
    "bebas dari hukuman",
    "lepas dari tuntutan",
    "berpihak kepada anda",
    "berpihak pada anda",
    "memihak anda",
    "memihak kepada anda",
    "menguntungkan anda",
    "putusan yang menguntungkan",
    "sesuai keinginan anda",
    /jatuh\s+(?:ke\s+tangan|ke|kepada)\s+anda/,
    "sesuai harapan anda",
    "sesuai tuntutan anda",
    /(?:permohonan|gugatan|banding|kasasi|pendaftaran|pengajuan|visa)(?:\s+[a-z]+){0,2}\s+diterima/,
    "dinyatakan pailit",
    "dipailitkan",
    /menyatakan(?:\s+[a-z]+){0,2}\s+pailit/,
    "berbadan hukum",
    "resmi berbadan hukum",
    "resmi berdiri",
    "resmi terdaftar",
    "divonis ringan",
    "dihukum ringan",
    "hukuman ringan",
    "bebas murni",
    "dilepaskan",
    "dibebaskan dari tahanan",
    "dihentikan penyidikannya",
    "sp3",
    "diakui pengadilan",
    "putusan berpihak",
    "dikabulkan seluruhnya",
    /(?:izin|sertifikat|sertipikat|visa|nib|sk|paspor|kitas|putusan|penetapan)(?:\s+[a-z]+){0,2}\s+(?:keluar|turun)/,
    "menang telak",
    "menang mutlak",
  ],
  en: [
    "win",
    "wins",
    "won",
    "winning",
    "victory",
    "prevail",
    "prevails",
    "in your favour",
    "in your favor",
    "side with you",
    "sides with you",
    "rule for you",
    "decide for you",
    /favou?rable\s+(?:ruling|judgment|judgement|decision|verdict|outcome|result)/,
    "granted",
    "grant",
    "acquit",
    "acquits",
    "approved",
    "approval",
    "issued",
    "issuance",
    "registered",
    "acquitted",
    "acquittal",
    "found not guilty",
    "cleared of all charges",
    "incorporated",
    "legally established",
    "officially registered",
    "declared bankrupt",
    "declared insolvent",
    "declared the winner",
    "cleared of",
    "awarded",
    "upheld",
    "overturned",
    "set aside",
    "dropped",
    "set free",
    "walk free",
    "walks free",
    "not guilty",
    "found innocent",
    "get off",
  ],
});

/** What an authority does, an outcome when the authority is the one said to do it ("DJKI akan menyetujui merek Anda"). */
const AUTHORITY_ACTS = compile({
  id: [
    "menyetujui",
    "mengesahkan",
    "menerbitkan",
    "mengabulkan",
    "mendaftarkan",
    "memenangkan",
    "meloloskan",
    "memberikan izin",
    "memberi izin",
    "memberikan persetujuan",
    "mencatat",
    "mencatatkan",
  ],
  en: [
    "approve",
    "approves",
    "issue",
    "issues",
    "grant",
    "grants",
    "register",
    "registers",
    "accept",
    "accepts",
    "acquit",
    "acquits",
    "rule",
    "rules",
    "incorporate",
    "incorporates",
    "clear",
    "clears",
    "award",
    "awards",
    "uphold",
    "upholds",
    "certify",
    "certifies",
    "license",
    "licenses",
  ],
});

/** An authority's acts beside a word of certainty only ("pasti hakim menolak gugatan lawan"): plain statements of how an authority works use them too. */
const CERTAIN_AUTHORITY_ACTS = compile({
  id: [
    "menolak",
    "membatalkan",
    "menghukum",
    "memerintahkan",
    "memutus",
    "memutuskan",
    "memenangkan",
    "membebaskan",
    "menyatakan",
    "mengeluarkan",
    "memberikan",
    "mengembalikan",
    "memailitkan",
    "menjatuhkan",
    "memvonis",
    "melepaskan",
    "mengakui",
    "menetapkan",
  ],
  en: [
    "reject",
    "rejects",
    "dismiss",
    "dismisses",
    "order",
    "orders",
    "annul",
    "annuls",
    "decide",
    "decides",
    "convict",
    "convicts",
    "find",
    "finds",
    "declare",
    "declares",
    "release",
    "releases",
    "return",
    "returns",
    "overturn",
    "overturns",
    "throw out",
    "throws out",
    "sentence",
    "sentences",
    "recognise",
    "recognises",
    "recognize",
    "recognizes",
    "find in your favour",
  ],
});

/** The other side of the client's matter, whose act is no more the agent's to promise than a court's. */
const COUNTERPARTIES = compile({
  id: [
    "pihak lawan",
    "lawan",
    "tergugat",
    "termohon",
    "terlapor",
    "debitur",
    "debitor",
    "kreditur",
    "kreditor",
    "penyewa",
    "pemilik",
    "penjual",
    "pembeli",
    "perusahaan",
    "majikan",
    "pemberi kerja",
    "mantan suami",
    "mantan istri",
    "pelaku",
    "pihak lain",
    "mereka",
    "dia",
    "ia",
    "penggugat",
    "pelapor",
    "terdakwa",
    "tersangka",
    "pengembang",
    "developer",
    "bank",
    "leasing",
    "asuransi",
    "kontraktor",
    "mitra bisnis",
    "ahli waris lain",
    "pihak bank",
  ],
  en: [
    "other party",
    "other side",
    "opposing party",
    "opposing side",
    "counterparty",
    "defendant",
    "respondent",
    "debtor",
    "creditor",
    "tenant",
    "landlord",
    "seller",
    "buyer",
    "employer",
    "company",
    "they",
    "they'll",
    "them",
    "he",
    "she",
    "him",
    "her",
    "ex-husband",
    "ex-wife",
    "plaintiff",
    "accused",
    "developer",
    "the bank",
    "insurer",
    "contractor",
    "business partner",
    "debtors",
  ],
});

/** What the other side may do or suffer for the client: pay, settle, give in, lose. */
const YIELDS = compile({
  id: [
    "kalah",
    "dihukum",
    "dipenjara",
    "membayar",
    "bayar",
    "melunasi",
    "mengalah",
    "menyerah",
    "berdamai",
    "mundur",
    "mencabut",
    "mengosongkan",
    "mengembalikan",
    "mengganti rugi",
    "memberi ganti rugi",
    "memenuhi tuntutan",
    "menuruti",
    "tunduk",
    "mengakui",
    "meminta maaf",
    "minta maaf",
    "sepakat",
    "setuju",
    "dinyatakan pailit",
    "pailit",
    "bangkrut",
    "dipidana",
    "ditahan",
    "divonis",
    "dijatuhi hukuman",
    "masuk penjara",
    "dipecat",
    "menyerahkan",
    "mengakui kesalahan",
    "mencabut gugatan",
  ],
  en: [
    "lose",
    "loses",
    "be convicted",
    "be jailed",
    "pay",
    "pays",
    "pay up",
    "settle",
    "settles",
    "vacate",
    "vacates",
    "comply",
    "complies",
    "back down",
    "backs down",
    "give in",
    "gives in",
    "withdraw",
    "withdraws",
    "refund",
    "refunds",
    "cave",
    "caves",
    "apologise",
    "apologize",
    "agree",
    "agrees",
    "move out",
    "be declared bankrupt",
    "go bankrupt",
    "be punished",
    "be sentenced",
    "go to jail",
    "go to prison",
    "be arrested",
    "hand over",
    "hands over",
    "give back",
    "gives back",
    "drop the case",
    "drop the claim",
    "drop the charges",
    "admit",
    "admits",
  ],
});

/** A cause said to bring the other side's act about: "somasi ini akan membuat debitur membayar". */
const CAUSES = compile({
  id: [/(?:akan|bakal)\s+(?:membuat|memaksa|bikin)/],
  en: [/(?:will|'ll)\s+(?:make|force|get)/],
});

/** Success in general: an outcome only beside a word of certainty ("100% berhasil", "guaranteed results"). */
const SUCCESS = compile({
  id: [
    "berhasil",
    "sukses",
    "keberhasilan",
    /hasil\s+(?:perkara|sidang|akhir|putusan|gugatan|permohonan|kasus|yang positif|positif|terbaik|yang terbaik|yang menguntungkan|memuaskan|yang memuaskan)/,
    /(?:mendapat|mendapatkan|memperoleh|dapat)\s+(?:izin|sertifikat|sertipikat|visa|persetujuan|hak asuh|ganti rugi|pesangon penuh)/,
    /hak asuh\s+(?:penuh|tunggal)/,
    // Money recovered from the other side ("uang Anda kembali"); not "dikembalikan", Kuasa's own refund.
    /(?:uang|dana|piutang|tagihan|modal|deposit)(?:\s+(?:anda|kamu|klien|yang [a-z]+)){0,2}(?:\s+(?:akan|bakal|pasti))?\s+(?:kembali|tertagih|terbayar|terbayarkan|lunas|dilunasi)/,
    /(?:mendapat|mendapatkan|memperoleh|menerima)\s+(?:kembali\s+)?(?:uang|dana|piutang)(?:\s+anda)?\s+kembali/,
    /(?:kembali\s+)?menjadi\s+milik\s+(?:anda|kamu|klien|kita)/,
    "kembali menjadi milik",
    // Property the client lost coming back to them: "tanah itu pasti kembali (ke tangan Anda)", not a document returned after a check.
    /(?<=(?<!(?:sertifikat|sertipikat|dokumen|akta|surat|berkas|salinan|fotokopi)\s{1,3})(?:tanah|rumah|properti|aset|saham|lahan|harta|bangunan|mobil|kendaraan)(?:\s{1,3}[a-z]+){0,4}\s{1,3})kembali(?:\s{1,3}(?:ke\s{1,3}tangan|kepada|ke|menjadi\s{1,3}milik)\s{1,3}(?:anda|kamu|klien))?/,
    /(?:mendapatkan|memperoleh|merebut|mengambil|menguasai)\s+kembali\s+(?:tanah|rumah|hak|properti|aset|saham|mobil|uang|dana|harta|lahan|bangunan)/,
  ],
  en: [
    "success",
    "successful",
    "succeed",
    "succeeds",
    "results",
    "result",
    "outcome",
    "positive outcome",
    "go through",
    "goes through",
    /(?:get|obtain|receive|secure|win)\s+(?:the\s+|your\s+|a\s+)?(?:full\s+|sole\s+|final\s+)?(?:permit|license|licence|visa|certificate|approval|custody|compensation|damages)/,
    // Money recovered from the other side; "refunded" is Kuasa's own refund.
    /(?:get|getting|recover|recovering|see|win)\s+(?:all\s+(?:of\s+)?)?(?:your|the|their)\s+(?:money|funds|deposit|debt|investment|savings)\s+back/,
    /recover(?:ing)?\s+(?:all\s+)?(?:your|the)\s+(?:money|debt|funds|losses|deposit|unpaid [a-z]+)/,
    /(?:get|win|recover|regain|reclaim|take)\s+(?:back\s+)?(?:your|the|their)\s+(?:land|house|home|property|shares|car|title|assets|ownership|business)(?:\s+back)?/,
    "regain ownership",
    /(?:be|become)\s+yours\s+again/,
  ],
});

/**
 * A certainty said after the statement, closing its clause: "Anda akan menang, pasti itu", "you will get
 * your money back, no doubt about it".
 */
const CERTAINTY_TAGS = compile({
  id: [
    "pasti",
    "pasti itu",
    "itu pasti",
    "sudah pasti",
    "pastinya",
    "dijamin",
    "terjamin",
    "saya jamin",
    "kami jamin",
    "aku jamin",
    "saya jamin itu",
    "saya pastikan",
    "kami pastikan",
    "saya janji",
    "kami janji",
    "tanpa ragu",
    "tidak diragukan lagi",
    "tak diragukan lagi",
    "tidak perlu ragu",
    "jangan ragu",
    "percayalah",
    "percaya saya",
    "yakinlah",
    "seratus persen",
    "100 persen",
    /100\s?%/,
    "itu sudah jelas",
    "sudah jelas",
    "jelas itu",
    "itu jelas",
    "sudah tentu",
    "tentu saja",
    "tentu",
    "tentunya",
    "niscaya",
    "dapat dipastikan",
    "bisa dipastikan",
    "saya yakinkan",
    "saya yakinkan anda",
    "kami yakinkan anda",
    "saya jamin 100%",
    "percaya deh",
    "percaya sama saya",
    "percaya pada saya",
    "yakin deh",
    "dijamin deh",
    "pasti deh",
    "tidak usah ragu",
    "tak usah ragu",
    "jangan khawatir",
    "tidak usah khawatir",
    "pokoknya",
    "tanpa keraguan",
    "mutlak",
    "saya berani jamin",
    "kami berani jamin",
    "itu janji saya",
    "janji saya",
  ],
  en: [
    "for sure",
    "guaranteed",
    "i guarantee it",
    "i guarantee you",
    "we guarantee it",
    "i promise",
    "i promise you",
    "we promise",
    "no doubt",
    "no doubt about it",
    "without a doubt",
    "no question",
    "no question about it",
    "mark my words",
    "count on it",
    "you can count on it",
    "trust me",
    "believe me",
    "rest assured",
    "definitely",
    "certainly",
    "100 percent",
    "one hundred percent",
    /100\s?%/,
    "i can assure you",
    "i assure you",
    "we assure you",
    "we can assure you",
    "i can promise you",
    "we can promise you",
    "i can guarantee it",
    "i can guarantee you",
    "i can guarantee that",
    "we can guarantee it",
    "you have my word",
    "take my word for it",
    "you can take my word for it",
    "without fail",
    "of course",
    "surely",
    "absolutely",
    "undoubtedly",
    "for certain",
    "it's certain",
    "that's certain",
    "that's for sure",
    "that is for sure",
    "it's guaranteed",
    "that's guaranteed",
    "it's a sure thing",
    "a sure thing",
    "bank on it",
    "you can bank on it",
    "don't worry",
    "without question",
    "beyond doubt",
    "no doubt at all",
    "i'm sure",
    "i am sure",
    "i'm certain",
    "i am certain",
    "trust me on this",
    "100 percent sure",
  ],
});

/** Outcomes too common to count further than a word or two from the certainty ("pasti diterima", "will certainly be accepted"). */
const OUTCOMES_NEAR = compile({
  id: ["diterima", "disetujui", "sah", "diperpanjang", "diperbarui"],
  en: ["accepted", "extended", "renewed"],
});

/** Certainty written after the outcome ("kemenangan dijamin", "approval is guaranteed"). */
const CERTAINTY_AFTER = compile({
  id: [
    "pasti",
    "dijamin",
    "terjamin",
    "dipastikan",
    "seratus persen",
    "100 persen",
    "saya jamin",
    "kami jamin",
    "saya pastikan",
    "kami pastikan",
    "saya janji",
    "kami janji",
    /100\s?%/,
    "sudah jelas",
    "niscaya",
    "sudah pasti",
    "sudah di tangan",
    "tak terelakkan",
    "tidak terelakkan",
  ],
  en: [
    "guaranteed",
    "assured",
    "certain",
    "sure",
    "for sure",
    "a sure thing",
    "a given",
    "locked in",
    "i guarantee",
    "we guarantee",
    "i promise",
    "we promise",
    /100\s?%/,
    "inevitable",
    "a certainty",
    "a foregone conclusion",
    "in the bag",
    "a done deal",
  ],
});

/** Outcome nouns that certainty may follow. */
const OUTCOME_NOUNS = compile({
  id: [
    "menang",
    "kemenangan",
    "keberhasilan",
    "kesuksesan",
    "lolos",
    "persetujuan",
    "pengesahan",
    "penerbitan",
    "putusan",
    /hasil\s+(?:perkara|sidang|akhir|putusan|gugatan|permohonan|kasus)/,
  ],
  en: [
    "win",
    "winning",
    "a win",
    "victory",
    "success",
    "approval",
    "registration",
    "result",
    "results",
    "outcome",
    "issuance",
    "acquittal",
    /favou?rable\s+(?:ruling|judgment|judgement|decision|verdict|outcome|result)/,
  ],
});

/** A breach in itself, a negation inside it included: "tidak mungkin kalah", "can't lose", "100% success rate". */
const SURE_THINGS = compile({
  id: [
    /(?:tidak|tak|gak|nggak|mustahil)\s+(?:mungkin|akan|bakal|bisa|pernah)(?:\s+[a-z]+){0,3}?\s+(?:kalah|ditolak|gagal|dipenjara|dihukum)/,
    /(?:dijamin|pasti|dipastikan|menjamin|jamin)(?:\s+[a-z]+){0,2}\s+(?:tidak|tak)\s+(?:akan\s+)?(?:kalah|ditolak|gagal)/,
    /mustahil\s+(?:kalah|ditolak|gagal)/,
    /anti\s+(?:ditolak|gagal|kalah)/,
    /selalu\s+(?:menang|berhasil|disetujui|dikabulkan|lolos)/,
    /(?:tingkat keberhasilan|tingkat kemenangan|peluang menang|peluang berhasil|kemungkinan menang|kemungkinan berhasil|rasio kemenangan)(?:\s+[a-z]+){0,2}\s+(?:100\s?%|seratus persen)/,
    /(?:kemungkinan|peluang|risiko|resiko)\s+(?:untuk\s+)?(?:kalah|ditolak|gagal)(?:\s+[a-z]+){0,2}\s+(?:nol|0\s?%|0 persen|tidak ada)/,
    /(?:kemenangan|menang)\s+(?:sudah\s+)?(?:ada\s+)?di\s+(?:tangan|depan mata)/,
    /(?:tidak|tak|gak|nggak)\s+mungkin\s+(?:hakim|pengadilan|majelis|djki|bpn|instansi|kementerian)(?:\s+[a-z]+){0,2}?\s+(?:menolak|mengalahkan|memenangkan lawan)/,
  ],
  en: [
    /(?:can't|cannot|can not|won't|will not|never|couldn't|could not)\s+(?:possibly\s+)?(?:lose|fail|be rejected|be refused|be denied|be turned down)/,
    /no\s+(?:way|chance)\s+(?:you|to|of)\s+(?:will\s+)?(?:lose|losing|fail|failing|be rejected|rejection)/,
    /(?:zero|no)\s+(?:chance|risk|possibility)\s+(?:that\s+|of\s+)?(?:[a-z']+\s+){0,3}(?:will\s+)?(?:be\s+)?(?:lose|losing|lost|fail|failing|rejected|rejection|refused|denied)/,
    /(?:zero|no)\s+risk\s+of\s+(?:losing|rejection|failure|being rejected|refusal)/,
    /always\s+(?:win|wins|succeed|succeeds|get approved|gets approved|approved|granted)/,
    /impossible\s+(?:for\s+)?(?:[a-z']+\s+){0,3}?(?:to\s+)?(?:lose|fail|be rejected|be refused|be denied)/,
    /(?:no\s+way|(?:there's|there is)\s+no\s+way)\s+(?:that\s+)?(?:[a-z']+\s+){0,3}?(?:will\s+|would\s+|could\s+)?(?:rule|rules|decide|decides|find|finds|go|goes|turn|turns|reject|rejects)\s+(?:against\s+you|your)/,
    /(?:can't|cannot|won't|will never|would never)\s+(?:possibly\s+)?(?:rule|decide|go|find)\s+against\s+you/,
    "as good as won",
    "in the bag",
    "a done deal",
    "slam dunk",
    "open-and-shut",
    /never\s+(?:lost|loses|lose|been rejected|fails|failed)/,
    /(?:success|win|approval)\s+rate\s+(?:of\s+)?(?:100\s?%|one hundred percent)/,
    /100\s?%\s+(?:success|win|approval)\s+rate/,
  ],
});

/** "Tanpa risiko", "risk-free": a sure thing only where a case, a claim or an application is spoken of. */
const RISK_FREE = compile({
  id: ["tanpa risiko", "tanpa resiko", "bebas risiko", "bebas resiko", "nol risiko"],
  en: ["risk-free", "risk free", "no risk", "zero risk"],
});
const CASE_WORDS = compile({
  id: ["perkara", "gugatan", "kasus", "sidang", "merek", "izin", "permohonan", "pendaftaran", "sertifikat", "menang", "kalah", "ditolak"],
  en: ["case", "claim", "lawsuit", "trial", "trademark", "permit", "application", "registration", "certificate", "win", "lose", "rejected"],
});

/**
 * Words between a promise and an outcome that make the promise about something else: effort and
 * purpose ("kami pastikan praktisi berupaya agar ..."), or a second statement ("... dan permohonan diterima").
 */
const BREAKS = compile({
  id: [
    "berusaha",
    "berupaya",
    "mengupayakan",
    "berjuang",
    "memperjuangkan",
    "bekerja",
    "membantu",
    "mendampingi",
    "menyiapkan",
    "menyusun",
    "mengajukan",
    "memantau",
    "maksimal",
    "semaksimal",
    "terbaik",
    "untuk",
    "agar",
    "supaya",
    "demi",
    "guna",
    "peluang",
    "kemungkinan",
    "kesempatan",
    "dan",
    "serta",
    "lalu",
    "kemudian",
    "sebelum",
    "setelah",
    "apakah",
    "menentukan",
    "memutuskan",
    "menilai",
    "memeriksa",
  ],
  en: [
    "and",
    "then",
    "before",
    "after",
    "whether",
    "decide",
    "decides",
    "determine",
    "determines",
    "assess",
    "examine",
    "try",
    "tries",
    "work",
    "works",
    "fight",
    "fights",
    "strive",
    "strives",
    "help",
    "helps",
    "assist",
    "aim",
    "aims",
    "seek",
    "best",
    "effort",
    "efforts",
    "chance",
    "chances",
    "prepare",
    "file",
    "submit",
  ],
});

const FUTURE = compile({
  id: ["akan", "bakal"],
  en: ["will", "shall", "going to", "you'll", "we'll", "it'll", "they'll", "i'll", "he'll", "she'll"],
});

/** Who or what a future outcome is said of: the client, their case or application, the court deciding it. */
const SUBJECTS = compile({
  id: [
    "anda",
    "kamu",
    "klien",
    "kita",
    "kami",
    "perkara",
    "gugatan",
    "permohonan",
    "kasus",
    "merek",
    "izin",
    "sertifikat",
    "sertipikat",
    "banding",
    "kasasi",
    "paten",
    "visa",
    "nib",
    "hakim",
    "pengadilan",
    "majelis",
    "djki",
    "bpn",
    "pendaftaran",
    "pengajuan",
    "lisensi",
    "putusan",
    "keputusan",
    "ini",
    "tanah",
    "rumah",
    "properti",
    "badan hukum",
    "tuntutan",
    "klaim",
    "hak cipta",
    "hak asuh",
    "pengadilan niaga",
    "ptun",
    "ma",
    "kementerian",
    "kemenkum",
    "imigrasi",
    "bpom",
    "oss",
    "ahu",
    "akta pendirian",
    "paspor",
    "kitas",
    "perceraian",
  ],
  en: [
    "you",
    "your",
    "you'll",
    "we",
    "we'll",
    "client",
    "case",
    "claim",
    "lawsuit",
    "application",
    "appeal",
    "permit",
    "license",
    "licence",
    "trademark",
    "certificate",
    "visa",
    "judge",
    "court",
    "registration",
    "filing",
    "it",
    "it'll",
    "this",
    "decision",
    "ruling",
    "judgment",
    "verdict",
    "company",
    "business",
    "land",
    "property",
    "house",
    "petition",
    "divorce",
    "charges",
    "copyright",
    "custody",
    "patent",
    "passport",
    "ministry",
    "registry",
    "tribunal",
    "police",
    "prosecutor",
    "land office",
  ],
});

const CLIENT = compile({ id: ["anda", "kamu", "klien"], en: ["you", "your", "you'll", "client"] });

/** What an authority issues. */
const GOVERNMENT_OUTPUTS = compile({
  id: [
    "sertifikat",
    "sertipikat",
    "shm",
    "shgb",
    "izin",
    "perizinan",
    "nib",
    "sk",
    "surat keputusan",
    "pengesahan",
    "persetujuan",
    "putusan",
    "penetapan",
    "paspor",
    "visa",
    "kitas",
    "kitap",
    "ktp",
    "npwp",
    "surat pencatatan",
    "nomor pendaftaran",
    "buku tanah",
    "balik nama",
    "badan hukum",
    "surat keterangan terdaftar",
    "akta kelahiran",
    "buku nikah",
    "sertifikat halal",
    "izin edar",
    "sk kemenkum",
    "sk pengesahan",
    "akta kematian",
    "kartu keluarga",
    "izin tinggal",
    "sertifikat merek",
    "surat pencatatan ciptaan",
    "hgb",
  ],
  en: [
    "certificate",
    "permit",
    "license",
    "licence",
    "visa",
    "passport",
    "decision",
    "ruling",
    "judgment",
    "judgement",
    "decree",
    "approval",
    "title deed",
    "land title",
    "nib",
    "registration number",
    "work permit",
    "stay permit",
    "trademark certificate",
    "copyright certificate",
    "business licence",
    "business license",
    "court order",
    "verdict",
  ],
});

const GOVERNMENT_BODIES = compile({
  id: [
    "bpn",
    "kantor pertanahan",
    "atr",
    "djki",
    "ditjen ki",
    "dirjen ki",
    "kementerian",
    "kemenkum",
    "kemenkumham",
    "ahu",
    "ditjen ahu",
    "oss",
    "bkpm",
    "pemerintah",
    "pemda",
    "pemkot",
    "pemkab",
    "dinas",
    "disnaker",
    "dukcapil",
    "disdukcapil",
    "kua",
    "imigrasi",
    "pengadilan",
    "pn",
    "ptun",
    "mahkamah",
    "hakim",
    "majelis",
    "panitera",
    "instansi",
    "kantor pajak",
    "djp",
    "bpom",
    "kemenaker",
    "kelurahan",
    "kecamatan",
    "ojk",
    "kedutaan",
    "menteri",
    "pengadilan niaga",
    "pengadilan agama",
    "pengadilan negeri",
    "pengadilan tinggi",
    "pengadilan pajak",
    "pengadilan hubungan industrial",
    "ma",
    "mk",
    "mahkamah agung",
    "mahkamah konstitusi",
    "kementerian hukum",
    "dirjen ahu",
    "ditjen imigrasi",
    "kantor imigrasi",
    "kantah",
    "badan pertanahan",
    "kepolisian",
    "polisi",
    "polri",
    "polda",
    "polres",
    "kejaksaan",
    "jaksa",
    "penyidik",
    "kppu",
    "bani",
    "arbiter",
    "majelis arbitrase",
    "bea cukai",
    "kemendag",
    "capil",
    "catatan sipil",
    "otoritas",
  ],
  en: [
    "court",
    "judge",
    "government",
    "ministry",
    "agency",
    "authority",
    "authorities",
    "land office",
    "registry",
    "registrar",
    "immigration",
    "tax office",
    "dgip",
    "trademark office",
    "bpn",
    "djki",
    "oss",
    "embassy",
    "minister",
    "commercial court",
    "district court",
    "supreme court",
    "constitutional court",
    "religious court",
    "administrative court",
    "tax court",
    "high court",
    "panel of judges",
    "the panel",
    "tribunal",
    "arbitrator",
    "arbitral tribunal",
    "police",
    "prosecutor",
    "prosecutors",
    "land agency",
    "ministry of law",
    "immigration office",
    "regulator",
    "customs",
    "kemenkum",
    "ahu",
    "ptun",
    "bpom",
    "djp",
  ],
});

/** Verbs of an authority's act. */
const ISSUED = compile({
  id: [
    "terbit",
    "diterbitkan",
    "menerbitkan",
    "dikeluarkan",
    "disetujui",
    "menyetujui",
    "disahkan",
    "mengesahkan",
    "dikabulkan",
    "mengabulkan",
    "terdaftar",
    "diputus",
    "diputuskan",
  ],
  en: ["issued", "approved", "granted", "registered", "decided", "approve", "approves", "issue", "issues", "grant", "grants"],
});

/** Verbs of being done or taking time: an authority's act only when an authority or what it issues is named. */
const DONE = compile({
  id: [
    "selesai",
    "rampung",
    "beres",
    "siap",
    "kelar",
    "tuntas",
    "keluar",
    "diproses",
    "memakan waktu",
    "butuh",
    "membutuhkan",
    "perlu waktu",
    /jadi(?=\s{1,3}(?:dalam|dlm|besok|lusa|hari|minggu|\d))/,
  ],
  en: [
    "done",
    "ready",
    "completed",
    "complete",
    "finished",
    "finish",
    "finishes",
    "processed",
    "takes",
    "will take",
    "be out",
    "come out",
    "comes out",
  ],
});

const TIMES = compile({
  id: [
    /(?:\d{1,3}|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|sebelas|dua belas|empat belas|lima belas|dua puluh|tiga puluh)\s{0,3}(?:x\s{0,3}24\s{0,3})?(?:hari kerja|hari|minggu|pekan|bulan|jam)/,
    "besok",
    "lusa",
    "hari ini",
    "minggu depan",
    "pekan depan",
    "bulan depan",
    "minggu ini",
    "bulan ini",
    "akhir bulan",
    /(?:sebelum|paling lambat|hari)\s+(?:senin|selasa|rabu|kamis|jumat|jum'at|sabtu|minggu)/,
    "seminggu",
    "sebulan",
    "sehari",
  ],
  en: [
    /(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty|a|an)[\s-]{0,3}(?:working days?|business days?|calendar days?|days?|weeks?|months?|hours?)/,
    "tomorrow",
    "today",
    "tonight",
    "next week",
    "next month",
    "this week",
    "this month",
    /by\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|next week|the end of (?:the )?(?:week|month))/,
    "overnight",
    "same day",
  ],
});

/** The practitioner's own work and Kuasa's SLA: a deadline for these is not an authority's. */
const OWN_WORK = compile({
  id: [
    "sla",
    "praktisi",
    "advokat",
    "notaris",
    "ppat",
    "penerjemah",
    "pengecekan",
    "penelusuran",
    "penyusunan",
    "pengajuan",
    "penyiapan",
    "penyerahan",
    "pengiriman",
    "penyampaian",
    "telaah",
    "review",
    "draf",
    "memo",
    "laporan",
    "ringkasan",
    "terjemahan",
    "waktu pengerjaan",
    "jangka waktu layanan",
  ],
  en: [
    "sla",
    "service level",
    "turnaround",
    "practitioner",
    "practitioner's",
    "lawyer",
    "notary",
    "translator",
    "draft",
    "memo",
    "report",
    "summary",
    "translation",
    "filing",
    "submission",
    "search",
    "check",
    "review",
    "preparation",
  ],
});

const PROMISE: Advice = {
  message:
    "Menjanjikan hasil yang hanya diputuskan pengadilan atau instansi (menang perkara, permohonan dikabulkan, izin atau sertifikat terbit). Hasil akhir tidak dapat dijamin.",
  suggestion:
    "Kami tidak dapat menjamin hasilnya; praktisi akan menyiapkan dan mengajukan berkas sebaik mungkin, dan keputusan akhir ada pada hakim atau instansi yang berwenang.",
  suggestionEn:
    "We cannot guarantee the outcome; the practitioner will prepare and file the matter as well as possible, and the final decision rests with the court or the authority.",
};

const DEADLINE: Advice = {
  message:
    "Menyatakan jangka waktu instansi pemerintah atau pengadilan sebagai kepastian. Kapan keputusan atau dokumen terbit ditentukan instansi tersebut, bukan Kuasa.",
  suggestion:
    "Praktisi menyelesaikan pekerjaannya dalam SLA layanan; waktu proses di instansi (misalnya BPN, DJKI atau Kementerian Hukum) ditentukan instansi tersebut dan tidak dapat dijamin.",
  suggestionEn:
    "The practitioner completes their work within the service's SLA; how long the authority (e.g. BPN, DJKI or the Ministry of Law) takes is up to it and cannot be guaranteed.",
};

const overlaps = (spans: readonly Span[], at: Span) => spans.some((span) => at.start < span.end && span.start < at.end);

/** Certainty before an outcome in one part, or after an outcome noun. */
function certainOutcomes(reading: Reading, sentence: Sentence, part: Span, languages: Languages): Span[] {
  const found: Span[] = [];
  const masked = hitsWithin(reading, NOT_CERTAINTY[languages], part);
  const certainty = hitsWithin(reading, CERTAINTY[languages], part).filter((hit) => !overlaps(masked, hit));
  const bodies = hitsWithin(reading, GOVERNMENT_BODIES[languages], part);
  // An authority's act is an outcome where the authority is named before it ("we guarantee the land office approves ...").
  const acts = [
    ...hitsWithin(reading, AUTHORITY_ACTS[languages], part),
    ...hitsWithin(reading, CERTAIN_AUTHORITY_ACTS[languages], part),
  ].filter((act) => bodies.some((body) => body.end <= act.start && wordsBetween(reading, body.end, act.start) <= 3));
  const outcomes = [...hitsWithin(reading, OUTCOMES[languages], part), ...hitsWithin(reading, SUCCESS[languages], part), ...acts].sort(
    (a, b) => a.start - b.start,
  );
  const breaks = hitsWithin(reading, BREAKS[languages], part);
  const nearOutcomes = hitsWithin(reading, OUTCOMES_NEAR[languages], part);
  for (const marker of certainty) {
    const near = nearOutcomes.filter((hit) => hit.start >= marker.end && wordsBetween(reading, marker.end, hit.start) <= 2);
    const outcome = [
      ...outcomes.filter((hit) => hit.start >= marker.end && wordsBetween(reading, marker.end, hit.start) <= 8 && !overlaps(masked, hit)),
      ...near,
    ].sort((a, b) => a.start - b.start)[0];
    if (!outcome) continue;
    if (breaks.some((word) => word.start >= marker.end && word.end <= outcome.start)) continue;
    if (
      conditional(reading, spanAt(sentence.clauses, outcome.start)) &&
      spanAt(sentence.clauses, outcome.start) !== spanAt(sentence.clauses, marker.start)
    )
      continue;
    if (negatedFrom(reading, sentence, marker.start, outcome.end)) continue;
    found.push({ start: marker.start, end: outcome.end });
  }
  const after = hitsWithin(reading, CERTAINTY_AFTER[languages], part).filter((hit) => !overlaps(masked, hit));
  for (const noun of hitsWithin(reading, OUTCOME_NOUNS[languages], part)) {
    const marker = after.find((hit) => hit.start >= noun.end && wordsBetween(reading, noun.end, hit.start) <= 4);
    if (!marker) continue;
    if (negatedFrom(reading, sentence, noun.start, marker.end)) continue;
    found.push({ start: noun.start, end: marker.end });
  }
  return found;
}

/** "Perusahaan Anda", "your company": the client's own company, whose acts are the client's to do ("debitur Anda" is the other side). */
const ownSide = (reading: Reading, party: Span) =>
  /^(?:perusahaan|company)$/.test(reading.lower.slice(party.start, party.end)) &&
  (/^\s{1,3}(?:anda|kamu|kami|saya)(?![\p{L}])/u.test(reading.lower.slice(party.end, party.end + 8)) ||
    /(?:^|\s)(?:your|my|our)\s{1,3}$/.test(reading.lower.slice(Math.max(0, party.start - 6), party.start)));

/** "Somasi ini pasti membuat pihak lawan membayar", "the other party will definitely settle": the other side's act stated as certain. */
function counterpartyActs(reading: Reading, sentence: Sentence, part: Span, languages: Languages): Span[] {
  const found: Span[] = [];
  const masked = hitsWithin(reading, NOT_CERTAINTY[languages], part);
  const markers = [
    ...hitsWithin(reading, CERTAINTY[languages], part).filter((hit) => !overlaps(masked, hit)),
    ...(conditional(reading, sentence) || hedged(reading, part) ? [] : hitsWithin(reading, CAUSES[languages], part)),
  ];
  if (markers.length === 0) return found;
  const parties = hitsWithin(reading, COUNTERPARTIES[languages], part);
  const breaks = hitsWithin(reading, BREAKS[languages], part);
  for (const marker of markers) {
    const act = hitsWithin(reading, YIELDS[languages], part).find(
      (hit) => hit.start >= marker.end && wordsBetween(reading, marker.end, hit.start) <= 6,
    );
    if (!act) continue;
    // The other side is the one acting: named between the certainty and the act, or just before the certainty.
    const party = parties.find(
      (hit) =>
        ((hit.start >= marker.end && hit.end <= act.start) ||
          (hit.end <= marker.start && wordsBetween(reading, hit.end, marker.start) <= 3)) &&
        !ownSide(reading, hit),
    );
    if (!party) continue;
    if (breaks.some((word) => word.start >= marker.end && word.end <= act.start)) continue;
    const start = Math.min(party.start, marker.start);
    if (negatedFrom(reading, sentence, start, act.end)) continue;
    found.push({ start, end: act.end });
  }
  return found;
}

/** Words a tag may be followed by before its clause ends: "pasti itu, deh", "for sure!". */
const TAG_END = /^[\s.!,]{0,6}(?:(?:deh|kok|lho|ya|kan|sih|ok|okay)[\s.!]{0,6})?$/;

/**
 * "Uang Anda akan kembali dari debitur, pasti itu", "you'll get the permit, no question about it": an
 * outcome of the client's matter made certain by a tag after it, in its clause or the next.
 */
function taggedOutcomes(reading: Reading, sentence: Sentence, part: Span, languages: Languages): Span[] {
  if (conditional(reading, sentence) || normative(reading, sentence)) return [];
  const found: Span[] = [];
  const masked = hitsWithin(reading, NOT_CERTAINTY[languages], part);
  const tags = hitsWithin(reading, CERTAINTY_TAGS[languages], part).filter(
    (tag) => !overlaps(masked, tag) && TAG_END.test(reading.lower.slice(tag.end, spanAt(sentence.clauses, tag.start).end)),
  );
  if (tags.length === 0) return found;
  const bodies = hitsWithin(reading, GOVERNMENT_BODIES[languages], part);
  const parties = hitsWithin(reading, COUNTERPARTIES[languages], part).filter((party) => !ownSide(reading, party));
  const outcomes = [
    ...hitsWithin(reading, OUTCOMES[languages], part),
    ...hitsWithin(reading, SUCCESS[languages], part),
    // An authority's act or the other side's, where the one acting is named before it.
    ...[...hitsWithin(reading, AUTHORITY_ACTS[languages], part), ...hitsWithin(reading, CERTAIN_AUTHORITY_ACTS[languages], part)].filter(
      (act) => bodies.some((body) => body.end <= act.start && wordsBetween(reading, body.end, act.start) <= 3),
    ),
    ...hitsWithin(reading, YIELDS[languages], part).filter((act) =>
      parties.some((party) => party.end <= act.start && wordsBetween(reading, party.end, act.start) <= 4),
    ),
  ];
  outcomes.sort((a, b) => a.start - b.start);
  for (const tag of tags) {
    // The outcome stands in the tag's clause or the one just before it.
    const tagClause = spanAt(sentence.clauses, tag.start);
    const from = tagClause.start > sentence.start ? spanAt(sentence.clauses, tagClause.start - 1).start : tagClause.start;
    const outcome = spansWithin(outcomes, { start: Math.max(from, part.start), end: tag.start }).find((hit) => {
      if (overlaps(masked, hit)) return false;
      const clause = spanAt(sentence.clauses, hit.start);
      if (hedged(reading, clause)) return false;
      // Said of the client's matter, "uang Anda kembali" naming it inside the outcome.
      const upTo = { start: clause.start, end: hit.end };
      return (
        hitsWithin(reading, SUBJECTS[languages], upTo).length > 0 ||
        parties.some((party) => party.start >= clause.start && party.end <= hit.start)
      );
    });
    if (!outcome) continue;
    if (negated(reading, spanAt(sentence.clauses, outcome.start), outcome.end)) continue;
    found.push({ start: outcome.start, end: tag.end });
  }
  return found;
}

function sureThings(reading: Reading, sentence: Sentence, part: Span, languages: Languages): Span[] {
  const found: Span[] = [];
  const sure = hitsWithin(reading, SURE_THINGS[languages], part);
  for (const hit of sure) if (!negated(reading, spanAt(sentence.clauses, hit.start), hit.start)) found.push(hit);
  if (hitsWithin(reading, CASE_WORDS[languages], part).length > 0) {
    for (const hit of hitsWithin(reading, RISK_FREE[languages], part))
      if (!negated(reading, spanAt(sentence.clauses, hit.start), hit.start, [hit])) found.push(hit);
  }
  return found;
}

/** "Anda akan menang", "your permit will be approved": a future outcome said of the client's matter, without hedge or condition. */
function futureOutcomes(reading: Reading, sentence: Sentence, part: Span, languages: Languages): Span[] {
  if (conditional(reading, sentence) || normative(reading, sentence)) return [];
  const found: Span[] = [];
  const outcomes = hitsWithin(reading, OUTCOMES[languages], part);
  const acts = hitsWithin(reading, AUTHORITY_ACTS[languages], part);
  const bodies = hitsWithin(reading, GOVERNMENT_BODIES[languages], part);
  const breaks = hitsWithin(reading, BREAKS[languages], part);
  for (const future of hitsWithin(reading, FUTURE[languages], part)) {
    const byAuthority = bodies.some((body) => body.end <= future.start && wordsBetween(reading, body.end, future.start) <= 3);
    const outcome = [...outcomes, ...(byAuthority ? acts : [])]
      .sort((a, b) => a.start - b.start)
      .find((hit) => hit.start >= future.end && wordsBetween(reading, future.end, hit.start) <= 3);
    if (!outcome) continue;
    if (breaks.some((word) => word.start >= future.end && word.end <= outcome.start)) continue;
    const clause = spanAt(sentence.clauses, future.start);
    if (hedged(reading, clause)) continue;
    const before = { start: clause.start, end: future.end };
    const subject = hitsWithin(reading, SUBJECTS[languages], before).some((hit) => wordsBetween(reading, hit.end, future.start) <= 6);
    if (!subject) continue;
    // "Sertifikat akan diterbitkan oleh BPN" names who decides; of the client's own matter ("izin Anda akan diterbitkan oleh ...") it promises.
    const clients = hitsWithin(reading, CLIENT[languages], before).length > 0;
    if (!clients && /^\s{1,3}(?:oleh|by)\s/.test(reading.lower.slice(outcome.end, outcome.end + 6))) continue;
    if (negated(reading, clause, outcome.end)) continue;
    found.push({ start: future.start, end: outcome.end });
  }
  return found;
}

/** An authority's act with a time, stated flat: "izin terbit dalam 3 hari", "sertifikat selesai dalam 7 hari kerja dari BPN". */
function authorityDeadlines(reading: Reading, sentence: Sentence, languages: Languages): { clause: Span; at: number }[] {
  const found: { clause: Span; at: number }[] = [];
  for (const clause of sentence.clauses) {
    const times = hitsWithin(reading, TIMES[languages], clause);
    if (times.length === 0) continue;
    const issued = hitsWithin(reading, ISSUED[languages], clause);
    const authority = [
      ...hitsWithin(reading, GOVERNMENT_BODIES[languages], clause),
      ...hitsWithin(reading, GOVERNMENT_OUTPUTS[languages], clause),
    ];
    const done = authority.length > 0 ? hitsWithin(reading, DONE[languages], clause) : [];
    const acts = [...issued, ...done];
    if (acts.length === 0) continue;
    if (hedged(reading, spanAt(sentence.parts, clause.start)) || normative(reading, sentence) || supposed(reading, clause)) continue;
    const ownWork = hitsWithin(reading, OWN_WORK[languages], clause);
    // The practitioner's work with a time ("praktisi menyerahkan draf dalam 3 hari") is Kuasa's SLA, unless the authority's act is named apart from it.
    if (ownWork.length > 0 && (issued.length === 0 || ownWork.some((word) => word.start <= issued[0]!.start))) continue;
    const end = Math.max(...acts.map((hit) => hit.end), ...times.map((hit) => hit.end));
    if (negated(reading, clause, end)) continue;
    found.push({ clause, at: Math.min(...acts.map((hit) => hit.start)) });
  }
  return found;
}

export function outcomePromises(reading: Reading, languages: Languages): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const sentence of reading.sentences) {
    const spans: Span[] = [];
    for (const part of sentence.parts) {
      spans.push(...certainOutcomes(reading, sentence, part, languages), ...sureThings(reading, sentence, part, languages));
      spans.push(...futureOutcomes(reading, sentence, part, languages), ...counterpartyActs(reading, sentence, part, languages));
      spans.push(...taggedOutcomes(reading, sentence, part, languages));
    }
    for (const span of spans)
      if (ownStatement(reading, sentence, span.start))
        findings.push(finding(reading, "outcome_promise", clausesOf(sentence, span.start, span.end), PROMISE));
    for (const { clause, at } of authorityDeadlines(reading, sentence, languages))
      if (ownStatement(reading, sentence, at)) findings.push(finding(reading, "outcome_promise", clause, DEADLINE));
  }
  return findings;
}
