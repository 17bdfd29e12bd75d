// Seed catalog of fixed-price legal services. Applied to the Service table at first start
// (only services missing from the database are added; the operator edits the rest in the console).
// All customer-facing text is in Bahasa Indonesia. Prices are public client prices in IDR;
// official/third-party costs (PNBP, notary and PPAT fees, taxes, bea meterai, court fees) are never
// included and are described in `thirdParty` instead. Every fee's amount, basis and source is listed
// in docs/catalog-sources.md.
import type { IntakeField } from "@/server/domain/catalog/intake";
import type { ThirdPartyFee } from "@/server/domain/catalog/third-party-fees";
import type { CredentialKind } from "@/server/domain/practitioners/credentials";

export interface CatalogSeedEntry {
  /** Stable lowercase code, e.g. "pendirian_pt". Never rename once orders exist. */
  code: string;
  /** Service name in Bahasa Indonesia. */
  name: string;
  /** One of the category codes in CATALOG_CATEGORIES. */
  category: string;
  /** 1-3 sentences in Bahasa Indonesia: what is delivered, without promising an outcome. */
  description: string;
  /** Public client price, integer IDR. */
  clientPriceIdr: number;
  /** Working days to deliver. */
  slaDays: number;
  /** Human label for slaDays, e.g. "5 hari kerja". */
  slaLabel: string;
  /** What the client must provide. */
  intake: IntakeField[];
  /** Third-party/official costs billed separately at official rates, or null. */
  thirdParty: string | null;
  /** The same costs as billable lines (sources in docs/catalog-sources.md); empty exactly when thirdParty is null. */
  thirdPartyFees: ThirdPartyFee[];
  /** Credential kinds the practitioner must hold, counting (domain/practitioners/credentials.ts); empty: any verified practitioner. */
  requires: CredentialKind[];
}

export const CATALOG_CATEGORIES = [
  "korporasi",
  "kekayaan_intelektual",
  "kontrak",
  "ketenagakerjaan",
  "perizinan",
  "sengketa",
  "properti",
  "keluarga",
] as const;

const BAHASA_DOKUMEN: string[] = ["Bahasa Indonesia", "Bahasa Inggris", "Dwibahasa (Indonesia-Inggris)"];

/** Languages of a sworn translation; one of the pair is Bahasa Indonesia. */
const BAHASA_TERJEMAHAN: string[] = [
  "Bahasa Indonesia",
  "Bahasa Inggris",
  "Bahasa Mandarin",
  "Bahasa Jepang",
  "Bahasa Korea",
  "Bahasa Arab",
  "Bahasa Belanda",
  "Bahasa Jerman",
  "Bahasa Prancis",
];

const JENIS_HAK_TANAH: string[] = [
  "Hak Milik (SHM)",
  "Hak Guna Bangunan (HGB)",
  "Hak Pakai",
  "Hak Guna Usaha (HGU)",
  "Hak Milik atas Satuan Rumah Susun (SHMSRS)",
];

// ------------------------------------------------------------------ official costs
// Amounts only where a regulation fixes them; each amount and basis was read against the source
// listed in docs/catalog-sources.md on CHECKED_ON.

/** The day every fee below was last read against its source. */
const CHECKED_ON = "2026-11-29";

const PP_PNBP_KEMENKUM =
  "PP No. 45 Tahun 2024 tentang Jenis dan Tarif atas Jenis PNBP yang Berlaku pada Kementerian Hukum dan Hak Asasi Manusia";
const PP_PNBP_ATR_BPN = "PP No. 128 Tahun 2015 tentang Jenis dan Tarif atas Jenis PNBP yang Berlaku pada Kementerian ATR/BPN";

const BEA_METERAI: ThirdPartyFee = {
  code: "bea_meterai",
  kind: "lainnya",
  description: "Bea meterai atas dokumen yang ditandatangani",
  amountIdr: 10_000,
  per: "per dokumen",
  basis: "UU No. 10 Tahun 2020 tentang Bea Meterai, Pasal 5",
  checkedOn: CHECKED_ON,
};

const HONORARIUM_NOTARIS_BASIS =
  "UU No. 30 Tahun 2004 tentang Jabatan Notaris sebagaimana diubah dengan UU No. 2 Tahun 2014, Pasal 36: honorarium menurut nilai ekonomis dan sosiologis akta, paling tinggi 2,5% (objek sampai Rp100 juta), 1,5% (di atas Rp100 juta sampai Rp1 miliar) atau 1% (di atas Rp1 miliar) dari nilai objek akta, dan paling tinggi Rp5.000.000 untuk akta bernilai sosiologis";

const HONORARIUM_NOTARIS = (description: string, basis: string = HONORARIUM_NOTARIS_BASIS): ThirdPartyFee => ({
  code: "honorarium_notaris",
  kind: "notaris",
  description,
  amountIdr: null,
  per: "per akta",
  basis,
  checkedOn: CHECKED_ON,
});

const HONORARIUM_PPAT = (description: string): ThirdPartyFee => ({
  code: "honorarium_ppat",
  kind: "notaris",
  description,
  amountIdr: null,
  per: "per akta",
  basis:
    "PP No. 37 Tahun 1998 tentang Peraturan Jabatan PPAT sebagaimana diubah dengan PP No. 24 Tahun 2016, Pasal 32 ayat (1): uang jasa PPAT, termasuk uang jasa saksi, tidak boleh melebihi 1% dari harga transaksi yang tercantum dalam akta; rincian berjenjang dalam Permen ATR/Kepala BPN No. 33 Tahun 2021",
  checkedOn: CHECKED_ON,
});

/** A Kementerian Hukum fee whose amount is the billing code's: `line` names the annex line of PP 45/2024. */
const PNBP_KEMENKUM = (code: string, description: string, line: string, per = "per permohonan"): ThirdPartyFee => ({
  code,
  kind: "pnbp",
  description,
  amountIdr: null,
  per,
  basis: `${PP_PNBP_KEMENKUM}, Lampiran: ${line}; jumlah sesuai kode billing yang diterbitkan sistem layanan`,
  checkedOn: CHECKED_ON,
});

const PNBP_PENGECEKAN_SERTIPIKAT: ThirdPartyFee = {
  code: "pnbp_pengecekan_sertipikat",
  kind: "pnbp",
  description: "PNBP pelayanan pengecekan sertipikat di Kantor Pertanahan",
  amountIdr: 50_000,
  per: "per sertipikat",
  basis: `${PP_PNBP_ATR_BPN}, Lampiran: pelayanan pengecekan sertipikat`,
  checkedOn: CHECKED_ON,
};

// Trademark applicants: the option decides the tariff (an individual who runs no micro or small
// business pays the general rate).
const PEMOHON_MEREK_UMK = "Usaha mikro atau usaha kecil (UMK), perorangan atau badan usaha";
const PEMOHON_MEREK_UMUM = "Umum (bukan UMK, termasuk perorangan yang tidak menjalankan usaha mikro atau kecil)";

// Mortgage registration fee bands (value of the hak tanggungan), each with its fixed PNBP.
const HAK_TANGGUNGAN_BANDS = [
  { option: "Sampai dengan Rp250 juta", code: "pnbp_hak_tanggungan_sd_250jt", amountIdr: 50_000 },
  { option: "Di atas Rp250 juta sampai dengan Rp1 miliar", code: "pnbp_hak_tanggungan_sd_1m", amountIdr: 200_000 },
  { option: "Di atas Rp1 miliar sampai dengan Rp10 miliar", code: "pnbp_hak_tanggungan_sd_10m", amountIdr: 2_500_000 },
  { option: "Di atas Rp10 miliar sampai dengan Rp1 triliun", code: "pnbp_hak_tanggungan_sd_1t", amountIdr: 25_000_000 },
  { option: "Di atas Rp1 triliun", code: "pnbp_hak_tanggungan_di_atas_1t", amountIdr: 50_000_000 },
] as const;

const THIRD_PARTY_FEES: Record<string, ThirdPartyFee[]> = {
  pendirian_pt: [
    PNBP_KEMENKUM(
      "pnbp_ahu_pendirian_pt",
      "PNBP pemesanan nama dan pengesahan badan hukum PT di AHU Online",
      "persetujuan pemakaian nama dan pengesahan badan hukum Perseroan",
    ),
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta pendirian PT"),
    BEA_METERAI,
  ],
  pendirian_cv: [
    PNBP_KEMENKUM("pnbp_sabu_cv", "PNBP pendaftaran CV di SABU Kementerian Hukum", "pendaftaran persekutuan komanditer (CV)"),
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta pendirian CV"),
    BEA_METERAI,
  ],
  pendirian_pt_perorangan: [
    PNBP_KEMENKUM(
      "pnbp_ahu_pt_perorangan",
      "PNBP pendaftaran pernyataan pendirian Perseroan perorangan di AHU Online",
      "pendaftaran pendirian Perseroan perorangan",
    ),
  ],
  perubahan_anggaran_dasar_pt: [
    PNBP_KEMENKUM(
      "pnbp_ahu_perubahan_pt",
      "PNBP persetujuan atau pemberitahuan perubahan anggaran dasar/data perseroan di AHU Online",
      "persetujuan perubahan anggaran dasar dan pemberitahuan perubahan anggaran dasar/data Perseroan",
    ),
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta perubahan"),
    BEA_METERAI,
  ],
  pendaftaran_merek: [
    {
      code: "pnbp_merek_umk",
      kind: "pnbp",
      description: "PNBP permohonan pendaftaran merek secara elektronik, pemohon usaha mikro dan kecil",
      amountIdr: 500_000,
      per: "per kelas",
      basis: `${PP_PNBP_KEMENKUM}, Lampiran, PNBP merek: permohonan pendaftaran merek, usaha mikro dan usaha kecil, secara elektronik (online)`,
      checkedOn: CHECKED_ON,
      appliesWhen: { field: "jenis_pemohon", option: PEMOHON_MEREK_UMK },
    },
    {
      code: "pnbp_merek_umum",
      kind: "pnbp",
      description: "PNBP permohonan pendaftaran merek secara elektronik, pemohon umum",
      amountIdr: 1_800_000,
      per: "per kelas",
      basis: `${PP_PNBP_KEMENKUM}, Lampiran, PNBP merek: permohonan pendaftaran merek, umum, secara elektronik (online)`,
      checkedOn: CHECKED_ON,
      appliesWhen: { field: "jenis_pemohon", option: PEMOHON_MEREK_UMUM },
    },
    {
      ...BEA_METERAI,
      description: "Bea meterai atas surat pernyataan usaha mikro atau usaha kecil yang dilampirkan pada permohonan",
      appliesWhen: { field: "jenis_pemohon", option: PEMOHON_MEREK_UMK },
    },
  ],
  pencatatan_hak_cipta: [
    {
      code: "pnbp_hak_cipta",
      kind: "pnbp",
      description: "PNBP pencatatan ciptaan di DJKI",
      amountIdr: 200_000,
      per: "per permohonan",
      basis: `${PP_PNBP_KEMENKUM}, Lampiran, PNBP hak cipta: pencatatan ciptaan, satu tarif untuk semua jenis ciptaan`,
      checkedOn: CHECKED_ON,
    },
  ],
  perjanjian_kerahasiaan: [BEA_METERAI],
  surat_kuasa_legalisasi: [BEA_METERAI],
  akta_jaminan_fidusia: [
    HONORARIUM_NOTARIS(
      "Honorarium notaris untuk akta jaminan fidusia",
      "UU No. 30 Tahun 2004 tentang Jabatan Notaris sebagaimana diubah dengan UU No. 2 Tahun 2014, Pasal 36: honorarium menurut nilai ekonomis dan sosiologis akta, dalam batas persentase pasal itu; biaya pembuatan akta jaminan fidusia juga diatur PP No. 21 Tahun 2015 tentang Tata Cara Pendaftaran Jaminan Fidusia dan Biaya Pembuatan Akta Jaminan Fidusia",
    ),
    PNBP_KEMENKUM(
      "pnbp_fidusia",
      "PNBP pendaftaran jaminan fidusia secara elektronik di Ditjen AHU",
      "pendaftaran jaminan fidusia, tarif berjenjang menurut nilai penjaminan",
      "per akta",
    ),
    BEA_METERAI,
  ],
  terjemahan_tersumpah: [
    {
      code: "pengiriman_dokumen",
      kind: "lainnya",
      description: "Pengiriman hasil terjemahan cetak bercap (pos atau kurir), bila diminta",
      amountIdr: null,
      per: "per pengiriman",
      basis: "Tarif penyedia jasa pengiriman",
      checkedOn: CHECKED_ON,
    },
  ],
  apostille_dokumen: [PNBP_KEMENKUM("pnbp_apostille", "PNBP layanan Apostille Kementerian Hukum", "layanan Apostille", "per dokumen")],
  nib_oss: [
    {
      code: "pnbp_retribusi_izin",
      kind: "pnbp",
      description: "PNBP atau retribusi izin dan sertifikat standar tertentu (NIB sendiri tanpa biaya)",
      amountIdr: null,
      per: "per izin",
      basis: "PP No. 28 Tahun 2025 (Perizinan Berusaha Berbasis Risiko) dan tarif instansi penerbit izin",
      checkedOn: CHECKED_ON,
    },
  ],
  somasi: [
    {
      code: "pengiriman_surat",
      kind: "lainnya",
      description: "Pengiriman surat somasi (pos tercatat atau kurir)",
      amountIdr: null,
      per: "per pengiriman",
      basis: "Tarif penyedia jasa pengiriman",
      checkedOn: CHECKED_ON,
    },
  ],
  gugatan_sederhana: [
    {
      code: "panjar_biaya_perkara",
      kind: "lainnya",
      description: "Panjar biaya perkara di pengadilan negeri",
      amountIdr: null,
      per: "per perkara",
      basis: "PERMA No. 2 Tahun 2015 jo. PERMA No. 4 Tahun 2019; taksiran panjar ditetapkan Ketua Pengadilan Negeri",
      checkedOn: CHECKED_ON,
    },
    BEA_METERAI,
  ],
  pengecekan_sertifikat_tanah: [PNBP_PENGECEKAN_SERTIPIKAT],
  akta_jual_beli_balik_nama: [
    HONORARIUM_PPAT("Uang jasa PPAT untuk akta jual beli, termasuk saksi"),
    {
      code: "bphtb",
      kind: "lainnya",
      description: "Bea Perolehan Hak atas Tanah dan/atau Bangunan (BPHTB), terutang oleh pembeli",
      amountIdr: null,
      per: "per perolehan hak",
      basis:
        "UU No. 1 Tahun 2022 tentang Hubungan Keuangan antara Pemerintah Pusat dan Pemerintahan Daerah, Bab II Bagian Kesatu Paragraf 9 (BPHTB): pajak daerah kabupaten/kota, tarif paling tinggi 5% dari nilai perolehan dikurangi NPOPTKP, ditetapkan dengan Perda setempat",
      checkedOn: CHECKED_ON,
    },
    {
      code: "pph_pengalihan_hak_tanah",
      kind: "lainnya",
      description: "PPh final atas penghasilan dari pengalihan hak atas tanah dan/atau bangunan, terutang oleh penjual",
      amountIdr: null,
      per: "per pengalihan",
      basis:
        "PP No. 34 Tahun 2016 tentang PPh atas Penghasilan dari Pengalihan Hak atas Tanah dan/atau Bangunan, Pasal 2 ayat (1): umumnya 2,5% dari jumlah bruto nilai pengalihan (1% atau 0% untuk pengalihan tertentu)",
      checkedOn: CHECKED_ON,
    },
    PNBP_PENGECEKAN_SERTIPIKAT,
    {
      code: "pnbp_peralihan_hak",
      kind: "pnbp",
      description: "PNBP pendaftaran peralihan hak (balik nama) di Kantor Pertanahan",
      amountIdr: null,
      per: "per bidang",
      basis: `${PP_PNBP_ATR_BPN}, Lampiran: pelayanan pendaftaran peralihan hak, tarif = (1‰ × nilai tanah) + Rp50.000`,
      checkedOn: CHECKED_ON,
    },
    BEA_METERAI,
  ],
  akta_pemberian_hak_tanggungan: [
    HONORARIUM_PPAT("Uang jasa PPAT untuk akta pemberian hak tanggungan, termasuk saksi"),
    PNBP_PENGECEKAN_SERTIPIKAT,
    ...HAK_TANGGUNGAN_BANDS.map(
      (band): ThirdPartyFee => ({
        code: band.code,
        kind: "pnbp",
        description: `PNBP pendaftaran hak tanggungan, nilai hak tanggungan ${band.option.charAt(0).toLowerCase()}${band.option.slice(1)}`,
        amountIdr: band.amountIdr,
        per: "per sertipikat hak tanggungan",
        basis: `${PP_PNBP_ATR_BPN}, Lampiran: pelayanan pendaftaran hak tanggungan, nilai hak tanggungan ${band.option.charAt(0).toLowerCase()}${band.option.slice(1)}`,
        checkedOn: CHECKED_ON,
        appliesWhen: { field: "nilai_hak_tanggungan", option: band.option },
      }),
    ),
    BEA_METERAI,
  ],
  perjanjian_sewa_properti: [BEA_METERAI, HONORARIUM_NOTARIS("Honorarium notaris bila perjanjian dibuat dalam bentuk akta notaris")],
  perjanjian_pranikah: [
    HONORARIUM_NOTARIS("Honorarium notaris bila perjanjian perkawinan dibuat dengan akta notaris"),
    {
      code: "pencatatan_perjanjian_perkawinan",
      kind: "lainnya",
      description: "Biaya pencatatan perjanjian perkawinan pada KUA atau Dinas Dukcapil, bila ada",
      amountIdr: null,
      per: "per pencatatan",
      basis: "UU No. 1 Tahun 1974 Pasal 29 jo. Putusan MK No. 69/PUU-XIII/2015; tarif instansi pencatat",
      checkedOn: CHECKED_ON,
    },
    BEA_METERAI,
  ],
  keterangan_waris: [
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta keterangan hak mewaris"),
    PNBP_KEMENKUM(
      "pnbp_surat_keterangan_wasiat",
      "PNBP permohonan Surat Keterangan Wasiat pada Pusat Daftar Wasiat Ditjen AHU",
      "permohonan surat keterangan wasiat",
    ),
    BEA_METERAI,
  ],
};

const SEED_WITHOUT_FEES: ReadonlyArray<Omit<CatalogSeedEntry, "thirdPartyFees">> = [
  // ---------------------------------------------------------------- korporasi
  {
    code: "pendirian_pt",
    name: "Pendirian PT (Perseroan Terbatas)",
    category: "korporasi",
    description:
      "Pengecekan dan pemesanan nama, pembuatan akta pendirian PT oleh notaris, pengajuan permohonan pengesahan badan hukum melalui AHU Online Kementerian Hukum (d/h Kemenkumham) beserta informasi pemilik manfaat (Perpres No. 13 Tahun 2018), serta tindak lanjut permohonan tersebut. Praktisi menyiapkan, mengajukan, dan memantau permohonan; pengesahan badan hukum merupakan keputusan Menteri Hukum. Jangka waktu dihitung sejak data dan dokumen lengkap diterima dan para pendiri menandatangani akta.",
    clientPriceIdr: 7_850_000,
    slaDays: 10,
    slaLabel: "10 hari kerja",
    intake: [
      { key: "usulan_nama_pt", label: "Usulan nama PT (maksimal 3 alternatif, urut prioritas)", required: true, type: "textarea" },
      { key: "kedudukan_pt", label: "Tempat kedudukan PT (kota/kabupaten di Indonesia)", required: true, type: "text" },
      {
        key: "maksud_tujuan_usaha",
        label: "Maksud, tujuan, dan kegiatan usaha (KBLI bila sudah diketahui)",
        required: true,
        type: "textarea",
      },
      { key: "modal_dasar", label: "Modal dasar (Rp), sesuai keputusan para pendiri", required: true, type: "number" },
      {
        key: "modal_disetor",
        label: "Modal ditempatkan dan disetor (Rp), paling sedikit 25% dari modal dasar (UU No. 40 Tahun 2007 Pasal 33)",
        required: true,
        type: "number",
      },
      {
        key: "susunan_pemegang_saham",
        label: "Para pendiri/pemegang saham beserta jumlah sahamnya, serta susunan direksi dan dewan komisaris",
        required: true,
        type: "textarea",
      },
      {
        key: "pemilik_manfaat",
        label: "Pemilik manfaat (Perpres No. 13 Tahun 2018): nama dan kriterianya, mis. memiliki lebih dari 25% saham",
        required: true,
        type: "textarea",
      },
      { key: "nik_direktur_utama", label: "NIK atau nomor paspor direktur utama", required: true, type: "nik_paspor" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
    ],
    thirdParty:
      "Honorarium notaris untuk akta pendirian (dalam batas Pasal 36 UU Jabatan Notaris), PNBP pemesanan nama dan pengesahan badan hukum di AHU Online Kementerian Hukum sesuai tarif resmi PNBP, serta bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "pendirian_cv",
    name: "Pendirian CV (Persekutuan Komanditer)",
    category: "korporasi",
    description:
      "Pembuatan akta pendirian CV oleh notaris, pendaftaran CV melalui Sistem Administrasi Badan Usaha (SABU) Kementerian Hukum, dan tindak lanjut pendaftaran tersebut. Praktisi menyiapkan, mengajukan, dan memantau pendaftaran; surat keterangan terdaftar diterbitkan oleh Kementerian Hukum. CV tidak dapat menampung penanaman modal asing, yang wajib berbentuk PT (UU No. 25 Tahun 2007 Pasal 5 ayat (2)). Jangka waktu dihitung sejak data lengkap diterima dan para pesero menandatangani akta.",
    clientPriceIdr: 3_950_000,
    slaDays: 7,
    slaLabel: "7 hari kerja",
    intake: [
      { key: "usulan_nama_cv", label: "Usulan nama CV (maksimal 3 alternatif)", required: true, type: "textarea" },
      { key: "kegiatan_usaha", label: "Kegiatan usaha (KBLI bila sudah diketahui)", required: true, type: "textarea" },
      {
        key: "susunan_sekutu",
        label: "Nama sekutu aktif dan sekutu pasif beserta besaran pemasukan (inbreng)",
        required: true,
        type: "textarea",
      },
      { key: "nik_sekutu_aktif", label: "NIK sekutu aktif (pengurus)", required: true, type: "nik" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
    ],
    thirdParty:
      "Honorarium notaris untuk akta pendirian (dalam batas Pasal 36 UU Jabatan Notaris), PNBP pendaftaran CV di SABU Kementerian Hukum sesuai tarif resmi PNBP, dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "pendirian_pt_perorangan",
    name: "Pendirian PT Perorangan (Usaha Mikro dan Kecil)",
    category: "korporasi",
    description:
      "Pengecekan nama serta penyiapan dan pengisian pernyataan pendirian Perseroan perorangan secara elektronik melalui AHU Online untuk usaha yang memenuhi kriteria usaha mikro atau kecil, tanpa akta notaris (PP No. 8 Tahun 2021), termasuk pendampingan penyampaian bukti setor modal. Perseroan perorangan didirikan oleh satu warga negara Indonesia berusia paling rendah 17 tahun dan cakap hukum, yang sekaligus menjadi direktur dan pemegang saham. Karena tidak memerlukan akta notaris, layanan ini dikerjakan oleh praktisi terverifikasi Kuasa tanpa syarat kredensial tertentu; sertifikat pendaftaran diterbitkan oleh Kementerian Hukum.",
    clientPriceIdr: 1_750_000,
    slaDays: 3,
    slaLabel: "3 hari kerja",
    intake: [
      {
        key: "usulan_nama_perseroan",
        label: "Usulan nama Perseroan perorangan (maksimal 3 alternatif, urut prioritas)",
        required: true,
        type: "textarea",
      },
      { key: "kedudukan_perseroan", label: "Tempat kedudukan (kota/kabupaten di Indonesia)", required: true, type: "text" },
      { key: "kegiatan_usaha", label: "Maksud, tujuan, dan kegiatan usaha (KBLI bila sudah diketahui)", required: true, type: "textarea" },
      { key: "modal_dasar", label: "Modal dasar (Rp)", required: true, type: "number" },
      {
        key: "modal_disetor",
        label: "Modal ditempatkan dan disetor (Rp), paling sedikit 25% dari modal dasar",
        required: true,
        type: "number",
      },
      { key: "nik_pendiri", label: "NIK pendiri (warga negara Indonesia)", required: true, type: "nik" },
      {
        key: "kriteria_umk",
        label: "Konfirmasi kriteria usaha",
        required: true,
        type: "select",
        options: ["Ya, usaha memenuhi kriteria usaha mikro atau usaha kecil"],
      },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: "PNBP pendaftaran pendirian Perseroan perorangan di AHU Online sesuai tarif resmi PNBP, ditagihkan terpisah.",
    requires: [],
  },
  {
    code: "perubahan_anggaran_dasar_pt",
    name: "Perubahan Anggaran Dasar / Data PT",
    category: "korporasi",
    description:
      "Penyusunan keputusan pemegang saham, pembuatan akta perubahan oleh notaris, dan pengajuan persetujuan atau pemberitahuan perubahan melalui AHU Online (misalnya perubahan pengurus, pemegang saham, modal, alamat, atau kegiatan usaha). Satu paket mencakup perubahan yang diputuskan dalam satu rapat atau keputusan sirkuler. Perubahan anggaran dasar yang tidak dimuat dalam berita acara rapat oleh notaris harus dinyatakan dalam akta notaris paling lambat 30 hari sejak keputusan RUPS, dan permohonan atau pemberitahuannya diajukan paling lambat 30 hari sejak tanggal akta (UU No. 40 Tahun 2007 Pasal 21); karena itu tanggal keputusan diminta. Persetujuan dan penerimaan pemberitahuan merupakan keputusan Menteri Hukum.",
    clientPriceIdr: 4_450_000,
    slaDays: 7,
    slaLabel: "7 hari kerja",
    intake: [
      { key: "nama_pt", label: "Nama PT sesuai akta terakhir", required: true, type: "text" },
      {
        key: "jenis_perubahan",
        label: "Jenis perubahan utama",
        required: true,
        type: "select",
        options: [
          "Pengurus (direksi/komisaris)",
          "Pemegang saham / pengalihan saham",
          "Modal dasar atau modal disetor",
          "Alamat / kedudukan",
          "Maksud dan tujuan (KBLI)",
          "Lebih dari satu jenis perubahan",
        ],
      },
      { key: "rincian_perubahan", label: "Rincian perubahan yang diinginkan", required: true, type: "textarea" },
      {
        key: "tanggal_keputusan",
        label: "Tanggal RUPS atau keputusan sirkuler pemegang saham (tanggal yang direncanakan bila keputusan belum diambil)",
        required: true,
        type: "date",
      },
      { key: "nik_direktur", label: "NIK atau nomor paspor direktur yang mewakili PT", required: true, type: "nik_paspor" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
    ],
    thirdParty:
      "Honorarium notaris untuk akta perubahan (dalam batas Pasal 36 UU Jabatan Notaris), PNBP persetujuan atau pemberitahuan perubahan anggaran dasar/data perseroan di AHU Online sesuai tarif resmi PNBP, dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "pendapat_hukum",
    name: "Pendapat Hukum (Legal Opinion)",
    category: "korporasi",
    description:
      "Pendapat hukum tertulis atas satu pokok permasalahan, memuat fakta yang diasumsikan, dasar hukum, analisis, risiko, dan rekomendasi. Pendapat hukum bergantung pada kelengkapan dan kebenaran fakta yang diberikan dan bukan jaminan atas sikap pengadilan atau instansi.",
    clientPriceIdr: 8_750_000,
    slaDays: 10,
    slaLabel: "10 hari kerja",
    intake: [
      {
        key: "bidang_hukum",
        label: "Bidang hukum",
        required: true,
        type: "select",
        options: [
          "Korporasi dan investasi",
          "Kontrak komersial",
          "Ketenagakerjaan",
          "Pertanahan dan properti",
          "Perizinan dan regulasi",
          "Lainnya",
        ],
      },
      { key: "pertanyaan_hukum", label: "Pertanyaan hukum yang ingin dijawab", required: true, type: "textarea" },
      { key: "kronologi_fakta", label: "Kronologi dan fakta yang relevan", required: true, type: "textarea" },
      { key: "daftar_dokumen", label: "Daftar dokumen pendukung yang tersedia (atau tautan dokumen)", required: false, type: "textarea" },
      { key: "bahasa_dokumen", label: "Bahasa pendapat hukum", required: true, type: "select", options: BAHASA_DOKUMEN },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: null,
    requires: ["advokat"],
  },

  // ---------------------------------------------------------- kekayaan_intelektual
  {
    code: "penelusuran_merek",
    name: "Penelusuran Merek",
    category: "kekayaan_intelektual",
    description:
      "Penelusuran kemiripan merek pada Pangkalan Data Kekayaan Intelektual DJKI untuk satu merek dalam satu kelas, disertai catatan tertulis mengenai merek terdaftar atau dalam proses yang berpotensi menjadi hambatan. Hasil penelusuran adalah penilaian risiko awal, bukan kepastian keputusan pemeriksa DJKI.",
    clientPriceIdr: 790_000,
    slaDays: 3,
    slaLabel: "3 hari kerja",
    intake: [
      { key: "nama_merek", label: "Nama atau kata merek", required: true, type: "text" },
      { key: "kelas_merek", label: "Kelas merek (Klasifikasi Nice 1-45), bila sudah diketahui", required: false, type: "number" },
      { key: "uraian_barang_jasa", label: "Uraian barang/jasa yang akan menggunakan merek", required: true, type: "textarea" },
      {
        key: "unsur_merek",
        label: "Unsur merek",
        required: true,
        type: "select",
        options: ["Kata saja", "Logo saja", "Kata dan logo"],
      },
      { key: "logo_merek", label: "Gambar logo (wajib bila unsur merek memuat logo)", required: false, type: "berkas" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: null,
    requires: ["konsultan_ki"],
  },
  {
    code: "pendaftaran_merek",
    name: "Pendaftaran Merek (per Kelas)",
    category: "kekayaan_intelektual",
    description:
      "Penyiapan dan pengajuan permohonan pendaftaran merek untuk satu kelas melalui sistem daring DJKI, termasuk penyusunan uraian barang/jasa dan penyampaian bukti pengajuan. Tarif PNBP usaha mikro dan kecil hanya berlaku bila permohonan dilampiri bukti status UMK dan surat pernyataan UMK bermeterai; perorangan yang tidak menjalankan usaha mikro atau kecil membayar tarif umum. Keputusan pendaftaran ada pada DJKI setelah pemeriksaan formalitas, pengumuman, dan substantif yang dapat berlangsung berbulan-bulan; tanggapan atas penolakan atau keberatan tidak termasuk dalam paket ini.",
    clientPriceIdr: 2_290_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      { key: "nama_merek", label: "Nama atau kata merek", required: true, type: "text" },
      { key: "kelas_merek", label: "Kelas merek (Klasifikasi Nice 1-45)", required: true, type: "number" },
      { key: "uraian_barang_jasa", label: "Uraian barang/jasa yang dimohonkan", required: true, type: "textarea" },
      {
        key: "jenis_pemohon",
        label: "Jenis pemohon (menentukan tarif PNBP)",
        required: true,
        type: "select",
        options: [PEMOHON_MEREK_UMK, PEMOHON_MEREK_UMUM],
      },
      { key: "nama_alamat_pemohon", label: "Nama dan alamat lengkap pemohon", required: true, type: "textarea" },
      { key: "label_merek", label: "Label merek: gambar merek sebagaimana dimohonkan (JPG atau PNG)", required: true, type: "berkas" },
      {
        key: "bukti_umk",
        label: "Bukti status usaha mikro atau kecil, mis. NIB atau surat keterangan UMK dari instansi berwenang (wajib bila UMK)",
        required: false,
        type: "berkas",
      },
      {
        key: "surat_pernyataan_umk",
        label: "Surat pernyataan UMK bermeterai yang ditandatangani pemohon (wajib bila UMK)",
        required: false,
        type: "berkas",
      },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "PNBP permohonan pendaftaran merek DJKI per kelas sesuai tarif resmi PNBP (tarif usaha mikro dan kecil bagi pemohon UMK yang melampirkan bukti status UMK, tarif umum bagi pemohon lainnya), dan bagi pemohon UMK bea meterai atas surat pernyataan UMK, ditagihkan terpisah.",
    requires: ["konsultan_ki"],
  },
  {
    code: "pencatatan_hak_cipta",
    name: "Pencatatan Hak Cipta",
    category: "kekayaan_intelektual",
    description:
      "Penyiapan dokumen dan pengajuan permohonan pencatatan satu ciptaan melalui sistem daring DJKI, termasuk surat pernyataan dan surat pengalihan hak bila diperlukan. Pencatatan bukan syarat lahirnya hak cipta dan bukan pengesahan atas isi ciptaan; penerbitan surat pencatatan menjadi kewenangan DJKI.",
    clientPriceIdr: 1_190_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      { key: "judul_ciptaan", label: "Judul ciptaan", required: true, type: "text" },
      {
        key: "jenis_ciptaan",
        label: "Jenis ciptaan",
        required: true,
        type: "select",
        options: ["Program komputer", "Karya tulis", "Karya seni rupa / desain grafis", "Musik / lagu", "Sinematografi / video", "Lainnya"],
      },
      { key: "tanggal_pengumuman", label: "Tanggal pertama kali diumumkan (bila sudah)", required: false, type: "date" },
      { key: "data_pencipta_pemegang", label: "Nama dan alamat pencipta serta pemegang hak cipta", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "PNBP pencatatan ciptaan DJKI sesuai tarif resmi PNBP (satu tarif per permohonan untuk semua jenis ciptaan dan semua pemohon), ditagihkan terpisah.",
    requires: ["konsultan_ki"],
  },

  // ------------------------------------------------------------------ kontrak
  {
    code: "review_kontrak",
    name: "Review Kontrak",
    category: "kontrak",
    description:
      "Telaah hukum atas satu kontrak hingga 20 halaman, berupa catatan risiko, klausul yang perlu dinegosiasikan, dan usulan perubahan dalam mode revisi (track changes). Review dilakukan dari sudut kepentingan klien dan tidak menjamin pihak lawan menyetujui usulan perubahan.",
    clientPriceIdr: 2_750_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      {
        key: "jenis_kontrak",
        label: "Jenis kontrak",
        required: true,
        type: "select",
        options: ["Jual beli / pengadaan", "Jasa / konsultansi", "Distribusi / keagenan", "Kerja sama / kemitraan", "Lisensi", "Lainnya"],
      },
      { key: "posisi_klien", label: "Posisi klien dalam kontrak (misalnya pembeli, penyedia jasa)", required: true, type: "text" },
      { key: "teks_kontrak", label: "Teks kontrak atau tautan ke dokumen kontrak", required: true, type: "textarea" },
      { key: "perhatian_khusus", label: "Hal yang menjadi perhatian khusus", required: false, type: "textarea" },
      { key: "bahasa_kontrak", label: "Bahasa kontrak", required: true, type: "select", options: BAHASA_DOKUMEN },
    ],
    thirdParty: null,
    requires: [],
  },
  {
    code: "perjanjian_kerahasiaan",
    name: "Perjanjian Kerahasiaan (NDA)",
    category: "kontrak",
    description:
      "Penyusunan satu perjanjian kerahasiaan (non-disclosure agreement) yang disesuaikan dengan tujuan pengungkapan informasi, jangka waktu, dan pilihan penyelesaian sengketa. Termasuk satu putaran revisi.",
    clientPriceIdr: 1_490_000,
    slaDays: 3,
    slaLabel: "3 hari kerja",
    intake: [
      {
        key: "sifat_nda",
        label: "Sifat perjanjian",
        required: true,
        type: "select",
        options: ["Sepihak (unilateral)", "Timbal balik (mutual)"],
      },
      { key: "para_pihak", label: "Nama dan alamat para pihak", required: true, type: "textarea" },
      { key: "tujuan_pengungkapan", label: "Tujuan pengungkapan informasi rahasia", required: true, type: "textarea" },
      { key: "bahasa_perjanjian", label: "Bahasa perjanjian", required: true, type: "select", options: BAHASA_DOKUMEN },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: "Bea meterai atas dokumen yang ditandatangani, sesuai ketentuan yang berlaku, ditanggung para pihak.",
    requires: [],
  },
  {
    code: "surat_kuasa_legalisasi",
    name: "Penyusunan Surat Kuasa dan Legalisasi Notaris",
    category: "kontrak",
    description:
      "Penyusunan satu surat kuasa (umum atau khusus) dan legalisasi tanda tangan pemberi kuasa oleh notaris. Pemberi kuasa wajib hadir dan menandatangani di hadapan notaris dengan membawa identitas asli. Layanan ini tidak mencakup kuasa yang wajib berbentuk akta autentik, termasuk Surat Kuasa Membebankan Hak Tanggungan (SKMHT) yang wajib dibuat dengan akta notaris atau akta PPAT (UU No. 4 Tahun 1996 Pasal 15 ayat (1)).",
    clientPriceIdr: 890_000,
    slaDays: 2,
    slaLabel: "2 hari kerja",
    intake: [
      {
        key: "jenis_kuasa",
        label: "Jenis surat kuasa",
        required: true,
        type: "select",
        options: ["Kuasa umum", "Kuasa khusus", "Kuasa untuk urusan perbankan atau pertanahan (bukan SKMHT)", "Lainnya"],
      },
      { key: "data_pemberi_penerima", label: "Nama dan alamat pemberi kuasa dan penerima kuasa", required: true, type: "textarea" },
      { key: "nik_pemberi_kuasa", label: "NIK atau nomor paspor pemberi kuasa", required: true, type: "nik_paspor" },
      { key: "ruang_lingkup_kuasa", label: "Hal yang dikuasakan", required: true, type: "textarea" },
      {
        key: "telepon_pemberi_kuasa",
        label: "Nomor telepon pemberi kuasa (untuk penjadwalan tanda tangan)",
        required: true,
        type: "phone",
      },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
    ],
    thirdParty: "Bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "akta_jaminan_fidusia",
    name: "Akta Jaminan Fidusia dan Pendaftaran Fidusia Online",
    category: "kontrak",
    description:
      "Pembuatan akta jaminan fidusia oleh notaris dan pengajuan pendaftarannya secara elektronik pada sistem pendaftaran jaminan fidusia Ditjen AHU Kementerian Hukum, paling lambat 30 hari sejak tanggal akta (PP No. 21 Tahun 2015). Jaminan fidusia lahir pada tanggal dicatat dalam daftar fidusia, dan sertifikat jaminan fidusia diterbitkan secara elektronik oleh Kementerian Hukum. Perjanjian pokok (perjanjian kredit atau utang) disiapkan para pihak dan tidak termasuk.",
    clientPriceIdr: 1_650_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      { key: "pemberi_fidusia", label: "Nama dan alamat pemberi fidusia (debitur atau pemilik benda)", required: true, type: "textarea" },
      { key: "penerima_fidusia", label: "Nama dan alamat penerima fidusia (kreditur)", required: true, type: "textarea" },
      { key: "perjanjian_pokok", label: "Nomor dan tanggal perjanjian pokok (perjanjian kredit atau utang)", required: true, type: "text" },
      {
        key: "objek_fidusia",
        label: "Uraian benda yang menjadi objek jaminan fidusia (mis. kendaraan, persediaan, piutang)",
        required: true,
        type: "textarea",
      },
      { key: "nilai_penjaminan", label: "Nilai penjaminan (Rp)", required: true, type: "number" },
      { key: "nilai_objek", label: "Nilai benda yang menjadi objek jaminan fidusia (Rp)", required: true, type: "number" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "Honorarium notaris untuk akta jaminan fidusia, PNBP pendaftaran jaminan fidusia sesuai tarif resmi PNBP (berjenjang menurut nilai penjaminan), dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "terjemahan_tersumpah",
    name: "Terjemahan Tersumpah (hingga 5 Halaman)",
    category: "kontrak",
    description:
      "Penerjemahan satu dokumen sampai 5 halaman oleh penerjemah tersumpah, dibubuhi cap dan tanda tangan penerjemah, untuk satu pasangan bahasa yang salah satunya Bahasa Indonesia. Hasil diserahkan dalam bentuk elektronik dan, bila diminta, cetak bercap. Keberterimaan terjemahan ditentukan instansi atau negara tujuan; legalisasi dan Apostille atas terjemahan tidak termasuk.",
    clientPriceIdr: 990_000,
    slaDays: 3,
    slaLabel: "3 hari kerja",
    intake: [
      { key: "bahasa_sumber", label: "Bahasa dokumen sumber", required: true, type: "select", options: BAHASA_TERJEMAHAN },
      { key: "bahasa_sasaran", label: "Bahasa terjemahan", required: true, type: "select", options: BAHASA_TERJEMAHAN },
      {
        key: "jumlah_halaman",
        label: "Jumlah halaman dokumen sumber (paket ini sampai 5 halaman; dokumen yang lebih panjang dipesan dalam beberapa paket)",
        required: true,
        type: "number",
      },
      { key: "dokumen_sumber", label: "Dokumen yang diterjemahkan (satu berkas PDF atau gambar)", required: true, type: "berkas" },
      { key: "keperluan", label: "Keperluan terjemahan dan instansi atau negara tujuan", required: true, type: "text" },
      { key: "alamat_pengiriman", label: "Alamat pengiriman hasil cetak bercap (bila diperlukan)", required: false, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "Biaya pengiriman hasil terjemahan cetak (pos atau kurir), bila diminta, ditagihkan terpisah sesuai tarif penyedia jasa pengiriman.",
    requires: ["penerjemah_tersumpah"],
  },
  {
    code: "apostille_dokumen",
    name: "Apostille Dokumen Publik",
    category: "kontrak",
    description:
      "Pengajuan dan tindak lanjut permohonan Apostille melalui layanan AHU Kementerian Hukum untuk sampai 3 dokumen publik yang diterbitkan di Indonesia dan akan digunakan di negara peserta Konvensi Apostille (Permenkum No. 50 Tahun 2025 tentang Layanan Apostille). Tanda tangan pejabat pada dokumen diverifikasi terhadap spesimen di Kementerian Hukum; sebagian dokumen perlu dilegalisasi instansi penerbitnya lebih dulu, dan identitas pemohon serta surat kuasa diminta praktisi saat pengajuan. Sertifikat Apostille diterbitkan oleh Kementerian Hukum; legalisasi untuk negara yang bukan peserta Konvensi tidak termasuk.",
    clientPriceIdr: 750_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      {
        key: "dokumen",
        label: "Dokumen yang dimohonkan Apostille (satu berkas; gabungkan bila lebih dari satu dokumen)",
        required: true,
        type: "berkas",
      },
      { key: "jenis_dokumen", label: "Jenis dan nomor dokumen (mis. akta kelahiran, ijazah, akta notaris)", required: true, type: "text" },
      { key: "penerbit_dokumen", label: "Instansi penerbit dan nama pejabat yang menandatangani dokumen", required: true, type: "text" },
      { key: "negara_tujuan", label: "Negara tujuan penggunaan dokumen", required: true, type: "text" },
      { key: "jumlah_dokumen", label: "Jumlah dokumen (paling banyak 3 per pesanan)", required: true, type: "number" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: "PNBP layanan Apostille Kementerian Hukum per dokumen sesuai tarif resmi PNBP, ditagihkan terpisah.",
    requires: [],
  },

  // ---------------------------------------------------------- ketenagakerjaan
  {
    code: "perjanjian_kerja",
    name: "Penyusunan Perjanjian Kerja (PKWT/PKWTT)",
    category: "ketenagakerjaan",
    description:
      "Penyusunan satu templat perjanjian kerja waktu tertentu (PKWT) atau waktu tidak tertentu (PKWTT) yang mengacu pada UU Ketenagakerjaan sebagaimana diubah UU Cipta Kerja dan peraturan pelaksanaannya. Termasuk satu putaran revisi dan catatan kewajiban pencatatan PKWT.",
    clientPriceIdr: 1_850_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      {
        key: "jenis_perjanjian",
        label: "Jenis perjanjian kerja",
        required: true,
        type: "select",
        options: ["PKWT (waktu tertentu)", "PKWTT (waktu tidak tertentu)"],
      },
      { key: "nama_perusahaan", label: "Nama perusahaan pemberi kerja", required: true, type: "text" },
      { key: "jabatan", label: "Jabatan / posisi pekerja", required: true, type: "text" },
      { key: "jangka_waktu", label: "Jangka waktu kontrak (khusus PKWT)", required: false, type: "text" },
      { key: "ketentuan_khusus", label: "Upah, tunjangan, jam kerja, dan ketentuan khusus lainnya", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: null,
    requires: [],
  },
  {
    code: "peraturan_perusahaan",
    name: "Penyusunan Peraturan Perusahaan",
    category: "ketenagakerjaan",
    description:
      "Penyusunan naskah peraturan perusahaan sesuai ketentuan ketenagakerjaan dan kondisi perusahaan, serta penyiapan berkas pengajuan pengesahan ke instansi ketenagakerjaan yang berwenang. Pengesahan merupakan kewenangan instansi tersebut; jangka waktu tidak termasuk proses pengesahan.",
    clientPriceIdr: 6_750_000,
    slaDays: 14,
    slaLabel: "14 hari kerja",
    intake: [
      { key: "nama_perusahaan", label: "Nama perusahaan", required: true, type: "text" },
      { key: "jumlah_pekerja", label: "Jumlah pekerja", required: true, type: "number" },
      {
        key: "wilayah_operasional",
        label: "Wilayah lokasi kerja perusahaan",
        required: true,
        type: "select",
        options: ["Satu kabupaten/kota", "Lebih dari satu kabupaten/kota dalam satu provinsi", "Lebih dari satu provinsi"],
      },
      { key: "bidang_usaha", label: "Bidang usaha", required: true, type: "text" },
      { key: "kebijakan_khusus", label: "Kebijakan internal yang sudah berlaku atau ingin diatur", required: false, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: null,
    requires: [],
  },
  {
    code: "konsultasi_phk_pesangon",
    name: "Konsultasi PHK dan Perhitungan Pesangon",
    category: "ketenagakerjaan",
    description:
      "Memo tertulis berisi analisis dasar dan prosedur pemutusan hubungan kerja serta estimasi perhitungan uang pesangon, uang penghargaan masa kerja, dan uang penggantian hak berdasarkan data yang diberikan. Perhitungan bersifat estimasi dan dapat berbeda apabila fakta atau perjanjian kerja bersama mengatur lain.",
    clientPriceIdr: 1_375_000,
    slaDays: 3,
    slaLabel: "3 hari kerja",
    intake: [
      {
        key: "posisi_klien",
        label: "Klien sebagai",
        required: true,
        type: "select",
        options: ["Pekerja", "Pemberi kerja"],
      },
      {
        key: "status_hubungan_kerja",
        label: "Status hubungan kerja",
        required: true,
        type: "select",
        options: ["PKWT", "PKWTT"],
      },
      { key: "tanggal_mulai_kerja", label: "Tanggal mulai bekerja", required: true, type: "date" },
      { key: "tanggal_phk", label: "Tanggal PHK (tanggal yang direncanakan bila belum terjadi)", required: true, type: "date" },
      { key: "upah_bulanan", label: "Upah pokok dan tunjangan tetap per bulan (Rp)", required: true, type: "number" },
      { key: "alasan_kronologi_phk", label: "Alasan dan kronologi PHK", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty: null,
    requires: [],
  },

  // ---------------------------------------------------------------- perizinan
  {
    code: "nib_oss",
    name: "Pengurusan NIB melalui OSS (Perizinan Berusaha Berbasis Risiko)",
    category: "perizinan",
    description:
      "Pendaftaran akun dan pengajuan Nomor Induk Berusaha (NIB) melalui sistem OSS RBA, termasuk pemetaan KBLI dan tingkat risiko kegiatan usaha. Izin atau sertifikat standar lanjutan yang memerlukan verifikasi instansi teknis tidak termasuk dan penerbitannya menjadi kewenangan instansi tersebut.",
    clientPriceIdr: 1_290_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      {
        key: "jenis_pelaku_usaha",
        label: "Jenis pelaku usaha",
        required: true,
        type: "select",
        options: ["Perorangan (UMK)", "PT", "PT Perorangan", "CV / Firma", "Koperasi / Yayasan"],
      },
      { key: "nama_usaha", label: "Nama usaha atau badan usaha", required: true, type: "text" },
      { key: "nik_penanggung_jawab", label: "NIK penanggung jawab", required: true, type: "nik" },
      { key: "kegiatan_usaha", label: "Uraian kegiatan usaha (KBLI bila sudah diketahui)", required: true, type: "textarea" },
      { key: "alamat_usaha", label: "Alamat lokasi usaha", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak (akan digunakan untuk akun OSS)", required: true, type: "email" },
    ],
    thirdParty:
      "Penerbitan NIB di OSS tidak dipungut biaya; PNBP atau retribusi untuk izin dan sertifikat standar tertentu, bila ada, ditagihkan terpisah sesuai tarif resmi.",
    requires: [],
  },

  // ----------------------------------------------------------------- sengketa
  {
    code: "somasi",
    name: "Somasi / Surat Peringatan Hukum",
    category: "sengketa",
    description:
      "Penyusunan dan pengiriman satu surat somasi oleh advokat atas nama klien kepada satu pihak penerima, berdasarkan kronologi dan bukti yang diberikan. Somasi merupakan teguran resmi dan tidak menjamin pihak penerima memenuhi tuntutan.",
    clientPriceIdr: 2_450_000,
    slaDays: 3,
    slaLabel: "3 hari kerja",
    intake: [
      { key: "pihak_penerima", label: "Nama dan alamat pihak penerima somasi", required: true, type: "textarea" },
      { key: "kronologi", label: "Kronologi permasalahan", required: true, type: "textarea" },
      { key: "tuntutan", label: "Tuntutan dan tenggat yang diinginkan", required: true, type: "textarea" },
      {
        key: "jenis_permasalahan",
        label: "Jenis permasalahan",
        required: true,
        type: "select",
        options: [
          "Utang piutang / wanprestasi pembayaran",
          "Wanprestasi kontrak lainnya",
          "Pelanggaran merek / hak cipta",
          "Pencemaran nama baik",
          "Lainnya",
        ],
      },
      { key: "telepon_klien", label: "Nomor telepon klien", required: true, type: "phone" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "pihak_lawan", label: "Nama pihak lawan (satu per baris)", required: true, type: "pihak" },
      {
        key: "pihak_klien",
        label: "Nama pihak yang diwakili, bila bukan organisasi Anda (satu per baris)",
        required: false,
        type: "pihak_klien",
      },
    ],
    thirdParty: "Biaya pengiriman surat (pos tercatat atau kurir) ditagihkan terpisah sesuai tarif penyedia jasa pengiriman.",
    requires: ["advokat"],
  },
  {
    code: "gugatan_sederhana",
    name: "Penyusunan Gugatan Sederhana",
    category: "sengketa",
    description:
      "Penyusunan surat gugatan sederhana dan daftar bukti untuk perkara wanprestasi atau perbuatan melawan hukum dengan nilai gugatan materiil sampai batas yang diatur PERMA gugatan sederhana, siap didaftarkan melalui e-Court. Gugatan sederhana tidak dapat diajukan untuk sengketa hak atas tanah, dan penggugat serta tergugat harus berdomisili di wilayah hukum pengadilan negeri yang sama, kecuali penggugat menunjuk kuasa atau wakil yang beralamat di wilayah hukum tergugat (PERMA No. 2 Tahun 2015 jo. PERMA No. 4 Tahun 2019). Tidak termasuk pendampingan persidangan; para pihak tetap wajib hadir langsung di persidangan.",
    clientPriceIdr: 4_850_000,
    slaDays: 7,
    slaLabel: "7 hari kerja",
    intake: [
      {
        key: "dasar_gugatan",
        label: "Dasar gugatan",
        required: true,
        type: "select",
        options: ["Wanprestasi (ingkar janji)", "Perbuatan melawan hukum"],
      },
      {
        key: "bukan_sengketa_tanah",
        label: "Konfirmasi objek perkara",
        required: true,
        type: "select",
        options: ["Ya, bukan sengketa hak atas tanah"],
      },
      { key: "nilai_gugatan", label: "Nilai kerugian materiil yang digugat (Rp)", required: true, type: "number" },
      { key: "identitas_tergugat", label: "Nama dan alamat tergugat", required: true, type: "textarea" },
      { key: "domisili_penggugat", label: "Domisili penggugat (kabupaten/kota)", required: true, type: "text" },
      { key: "kronologi_bukti", label: "Kronologi dan daftar bukti yang dimiliki", required: true, type: "textarea" },
      { key: "nik_penggugat", label: "NIK penggugat (bila perorangan)", required: false, type: "nik" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "pihak_lawan", label: "Nama pihak lawan (satu per baris)", required: true, type: "pihak" },
      {
        key: "pihak_klien",
        label: "Nama pihak yang diwakili, bila bukan organisasi Anda (satu per baris)",
        required: false,
        type: "pihak_klien",
      },
    ],
    thirdParty:
      "Panjar biaya perkara sesuai taksiran pengadilan negeri dan bea meterai atas bukti surat, dibayar terpisah sesuai ketentuan resmi.",
    requires: ["advokat"],
  },

  // ----------------------------------------------------------------- properti
  {
    code: "pengecekan_sertifikat_tanah",
    name: "Pengecekan Sertifikat Tanah di BPN",
    category: "properti",
    description:
      "Pengecekan kesesuaian data sertifikat hak atas tanah dengan buku tanah di Kantor Pertanahan (BPN) setempat, termasuk catatan blokir, sita, atau hak tanggungan yang tercatat, disertai ringkasan tertulis hasilnya. Sertifikat asli atau data yang dipersyaratkan harus diserahkan kepada PPAT; hasil pengecekan hanya mencerminkan data yang tercatat di BPN pada tanggal pengecekan.",
    clientPriceIdr: 1_150_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      { key: "jenis_hak", label: "Jenis hak atas tanah", required: true, type: "select", options: JENIS_HAK_TANAH },
      { key: "nomor_sertifikat", label: "Nomor sertifikat dan desa/kelurahan", required: true, type: "text" },
      { key: "lokasi_tanah", label: "Alamat dan kabupaten/kota lokasi tanah", required: true, type: "textarea" },
      { key: "provinsi_tanah", label: "Provinsi letak tanah", required: true, type: "provinsi" },
      { key: "nama_pemegang_hak", label: "Nama pemegang hak sesuai sertifikat", required: true, type: "text" },
      { key: "telepon_kontak", label: "Nomor telepon untuk koordinasi penyerahan sertifikat", required: true, type: "phone" },
    ],
    thirdParty: "PNBP pelayanan pengecekan sertifikat di Kantor Pertanahan (BPN) sesuai tarif resmi PNBP, ditagihkan terpisah.",
    requires: ["ppat"],
  },
  {
    code: "akta_jual_beli_balik_nama",
    name: "Akta Jual Beli (AJB) Tanah dan Balik Nama Sertipikat",
    category: "properti",
    description:
      "Pengecekan sertipikat di Kantor Pertanahan, pemeriksaan pelunasan BPHTB dan PPh, pembuatan akta jual beli oleh PPAT yang daerah kerjanya meliputi letak tanah, serta penyampaian akta dan berkas pendaftaran peralihan hak (balik nama) ke Kantor Pertanahan paling lambat 7 hari kerja sejak penandatanganan (PP No. 24 Tahun 1997 Pasal 40). Pendaftaran peralihan hak dilakukan oleh Kantor Pertanahan; jangka waktu layanan dihitung sejak dokumen lengkap dan pajak lunas sampai berkas disampaikan, tidak termasuk waktu proses di Kantor Pertanahan. Hak Milik hanya dapat beralih kepada warga negara Indonesia (UU No. 5 Tahun 1960 Pasal 21 dan 26).",
    clientPriceIdr: 3_250_000,
    slaDays: 10,
    slaLabel: "10 hari kerja",
    intake: [
      { key: "jenis_hak", label: "Jenis hak atas tanah", required: true, type: "select", options: JENIS_HAK_TANAH },
      { key: "nomor_sertifikat", label: "Nomor sertipikat dan desa/kelurahan", required: true, type: "text" },
      { key: "lokasi_tanah", label: "Alamat dan kabupaten/kota letak tanah", required: true, type: "textarea" },
      { key: "provinsi_tanah", label: "Provinsi letak tanah", required: true, type: "provinsi" },
      { key: "harga_transaksi", label: "Harga jual beli yang disepakati (Rp)", required: true, type: "number" },
      {
        key: "data_penjual",
        label: "Nama dan alamat penjual (sebut juga suami/istri bila tanah merupakan harta bersama)",
        required: true,
        type: "textarea",
      },
      { key: "data_pembeli", label: "Nama dan alamat pembeli", required: true, type: "textarea" },
      {
        key: "telepon_kontak",
        label: "Nomor telepon untuk penjadwalan penandatanganan dan penyerahan sertipikat asli",
        required: true,
        type: "phone",
      },
    ],
    thirdParty:
      "Uang jasa PPAT (paling tinggi 1% dari harga transaksi), BPHTB sesuai Perda setempat (terutang oleh pembeli), PPh final atas pengalihan hak (terutang oleh penjual), PNBP pengecekan sertipikat dan pendaftaran peralihan hak di Kantor Pertanahan sesuai tarif resmi PNBP, serta bea meterai, ditagihkan terpisah.",
    requires: ["ppat"],
  },
  {
    code: "akta_pemberian_hak_tanggungan",
    name: "Akta Pemberian Hak Tanggungan (APHT) dan Pendaftarannya",
    category: "properti",
    description:
      "Pengecekan sertipikat di Kantor Pertanahan, pembuatan APHT oleh PPAT yang daerah kerjanya meliputi letak tanah, dan pengiriman APHT beserta berkasnya untuk pendaftaran hak tanggungan melalui sistem Hak Tanggungan elektronik (HT-el) paling lambat 7 hari kerja sejak penandatanganan (UU No. 4 Tahun 1996 Pasal 13 ayat (2)). Pendaftaran dan penerbitan sertipikat hak tanggungan dilakukan oleh Kantor Pertanahan. Perjanjian kredit atau utang yang menjadi perjanjian pokoknya disiapkan kreditur dan tidak termasuk; SKMHT, bila diperlukan, dibuat dengan akta notaris atau akta PPAT tersendiri.",
    clientPriceIdr: 2_250_000,
    slaDays: 7,
    slaLabel: "7 hari kerja",
    intake: [
      { key: "jenis_hak", label: "Jenis hak atas tanah", required: true, type: "select", options: JENIS_HAK_TANAH },
      { key: "nomor_sertifikat", label: "Nomor sertipikat dan desa/kelurahan", required: true, type: "text" },
      { key: "lokasi_tanah", label: "Alamat dan kabupaten/kota letak tanah", required: true, type: "textarea" },
      { key: "provinsi_tanah", label: "Provinsi letak tanah", required: true, type: "provinsi" },
      { key: "nilai_tanggungan", label: "Nilai hak tanggungan yang diperjanjikan (Rp)", required: true, type: "number" },
      {
        key: "nilai_hak_tanggungan",
        label: "Golongan nilai hak tanggungan (menentukan tarif PNBP pendaftaran)",
        required: true,
        type: "select",
        options: HAK_TANGGUNGAN_BANDS.map((band) => band.option),
      },
      { key: "kreditur", label: "Nama kreditur (penerima hak tanggungan)", required: true, type: "text" },
      {
        key: "pemberi_hak_tanggungan",
        label: "Nama dan alamat pemberi hak tanggungan (sebut juga suami/istri bila tanah merupakan harta bersama)",
        required: true,
        type: "textarea",
      },
      { key: "perjanjian_pokok", label: "Nomor dan tanggal perjanjian kredit atau utang (perjanjian pokok)", required: true, type: "text" },
      { key: "telepon_kontak", label: "Nomor telepon untuk penjadwalan penandatanganan", required: true, type: "phone" },
    ],
    thirdParty:
      "Uang jasa PPAT (paling tinggi 1% dari nilai dalam akta), PNBP pengecekan sertipikat dan pendaftaran hak tanggungan di Kantor Pertanahan sesuai tarif resmi PNBP (berjenjang menurut nilai hak tanggungan), serta bea meterai, ditagihkan terpisah.",
    requires: ["ppat"],
  },
  {
    code: "perjanjian_sewa_properti",
    name: "Penyusunan Perjanjian Sewa Menyewa Properti",
    category: "properti",
    description:
      "Penyusunan satu perjanjian sewa menyewa rumah, apartemen, ruko, atau ruang kantor yang mengatur harga sewa, jangka waktu, pemeliharaan, jaminan, dan pengakhiran. Termasuk satu putaran revisi.",
    clientPriceIdr: 1_690_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      {
        key: "jenis_properti",
        label: "Jenis properti",
        required: true,
        type: "select",
        options: ["Rumah", "Apartemen", "Ruko", "Ruang kantor", "Gudang", "Tanah kosong"],
      },
      {
        key: "posisi_klien",
        label: "Klien sebagai",
        required: true,
        type: "select",
        options: ["Pemilik / yang menyewakan", "Penyewa"],
      },
      { key: "alamat_properti", label: "Alamat properti", required: true, type: "textarea" },
      { key: "harga_sewa", label: "Harga sewa per tahun (Rp)", required: true, type: "number" },
      { key: "ketentuan_khusus", label: "Jangka waktu dan ketentuan khusus", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "Bea meterai sesuai ketentuan yang berlaku; apabila dibuat dalam bentuk akta notaris, honorarium notaris ditagihkan terpisah.",
    requires: [],
  },

  // ----------------------------------------------------------------- keluarga
  {
    code: "perjanjian_pranikah",
    name: "Perjanjian Perkawinan (Pranikah / Pascanikah)",
    category: "keluarga",
    description:
      "Konsultasi dan penyusunan draf perjanjian perkawinan mengenai pemisahan harta serta hak dan kewajiban para pihak, yang dapat dibuat sebelum atau selama perkawinan, serta koordinasi pengesahan dan pencatatannya. Perjanjian perkawinan disahkan oleh pegawai pencatat perkawinan atau notaris (UU No. 1 Tahun 1974 Pasal 29 jo. Putusan MK No. 69/PUU-XIII/2015); bila dibuat dengan akta notaris, kedua pihak menandatanganinya di hadapan notaris, lalu perjanjian dicatatkan pada KUA atau Dinas Dukcapil.",
    clientPriceIdr: 3_450_000,
    slaDays: 7,
    slaLabel: "7 hari kerja",
    intake: [
      { key: "nama_para_pihak", label: "Nama lengkap kedua calon/pasangan suami istri", required: true, type: "text" },
      { key: "nik_pihak_pertama", label: "NIK atau nomor paspor pihak pertama", required: true, type: "nik_paspor" },
      { key: "nik_pihak_kedua", label: "NIK atau nomor paspor pihak kedua", required: true, type: "nik_paspor" },
      {
        key: "waktu_pembuatan",
        label: "Waktu pembuatan perjanjian",
        required: true,
        type: "select",
        options: ["Sebelum perkawinan (pranikah)", "Selama perkawinan (pascanikah)"],
      },
      { key: "pokok_pengaturan", label: "Pokok pengaturan harta dan hal lain yang ingin diatur", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "Honorarium notaris bila perjanjian dibuat dengan akta notaris, biaya pencatatan pada KUA atau Dinas Dukcapil bila ada, dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: [],
  },
  {
    code: "keterangan_waris",
    name: "Akta Keterangan Hak Mewaris (Keterangan Ahli Waris)",
    category: "keluarga",
    description:
      "Penelaahan susunan ahli waris berdasarkan data dan dokumen yang diberikan, permohonan Surat Keterangan Wasiat ke Pusat Daftar Wasiat Ditjen AHU, dan pembuatan akta keterangan hak mewaris oleh notaris. Bukti ahli waris tidak selalu berupa akta notaris: bergantung pada hukum waris pewaris dan instansi yang memintanya, bukti itu dapat berupa surat keterangan ahli waris yang dibuat para ahli waris dan diketahui lurah/kepala desa dan camat, surat keterangan waris dari Balai Harta Peninggalan, atau penetapan pengadilan (Pengadilan Agama bagi yang beragama Islam). Bila jalur akta notaris tidak sesuai dengan keperluan klien, praktisi menyampaikannya sebelum akta dibuat. Akta dibuat berdasarkan keterangan para ahli waris; sengketa antarahli waris tidak termasuk.",
    clientPriceIdr: 2_750_000,
    slaDays: 10,
    slaLabel: "10 hari kerja",
    intake: [
      { key: "nama_pewaris", label: "Nama lengkap pewaris", required: true, type: "text" },
      { key: "tanggal_meninggal", label: "Tanggal meninggal pewaris", required: true, type: "date" },
      { key: "tempat_tinggal_terakhir", label: "Tempat tinggal terakhir pewaris (kabupaten/kota)", required: true, type: "text" },
      {
        key: "ahli_waris",
        label: "Nama para ahli waris dan hubungannya dengan pewaris, satu per baris (sebut juga ahli waris yang telah meninggal)",
        required: true,
        type: "textarea",
      },
      {
        key: "hukum_waris",
        label: "Agama pewaris / hukum waris yang berlaku",
        required: true,
        type: "select",
        options: ["Islam (hukum waris Islam)", "Selain Islam (KUHPerdata)", "Hukum adat", "Belum diketahui"],
      },
      { key: "keperluan", label: "Keperluan keterangan waris (mis. pencairan rekening, balik nama tanah)", required: true, type: "text" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para ahli waris menandatangani akta", required: true, type: "provinsi" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "Honorarium notaris untuk akta keterangan hak mewaris, PNBP permohonan Surat Keterangan Wasiat sesuai tarif resmi PNBP, dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
];

export const CATALOG_SEED: readonly CatalogSeedEntry[] = SEED_WITHOUT_FEES.map((entry) => ({
  ...entry,
  thirdPartyFees: THIRD_PARTY_FEES[entry.code] ?? [],
}));
