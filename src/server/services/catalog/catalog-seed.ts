// Seed catalog of fixed-price legal services. Applied to the Service table at first start
// (only services missing from the database are added; the operator edits the rest in the console).
// All customer-facing text is in Bahasa Indonesia. Prices are public client prices in IDR;
// official/third-party costs (PNBP, notary fees, bea meterai, court fees) are never included
// and are described in `thirdParty` instead.
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
  /** The same costs as billable lines (sources in docs/decisions/third-party-costs.md); empty exactly when thirdParty is null. */
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

// Official costs shared by several services. Amounts only where a regulation fixes them; the
// sources are listed in docs/decisions/third-party-costs.md.
const BEA_METERAI: ThirdPartyFee = {
  code: "bea_meterai",
  kind: "lainnya",
  description: "Bea meterai atas dokumen yang ditandatangani",
  amountIdr: 10_000,
  per: "per dokumen",
  basis: "UU No. 10 Tahun 2020 tentang Bea Meterai, Pasal 5",
};
const HONORARIUM_NOTARIS = (description: string): ThirdPartyFee => ({
  code: "honorarium_notaris",
  kind: "notaris",
  description,
  amountIdr: null,
  per: "per akta",
  basis:
    "UU No. 2 Tahun 2014 (Jabatan Notaris), Pasal 36: honorarium menurut nilai ekonomis dan sosiologis akta, paling tinggi batas dalam pasal itu",
});
const PNBP_KEMENKUM = (code: string, description: string): ThirdPartyFee => ({
  code,
  kind: "pnbp",
  description,
  amountIdr: null,
  per: "per permohonan",
  basis: "PP No. 45 Tahun 2024 (PNBP Kementerian Hukum): jumlah sesuai kode billing yang diterbitkan sistem layanan",
});

const THIRD_PARTY_FEES: Record<string, ThirdPartyFee[]> = {
  pendirian_pt: [
    PNBP_KEMENKUM("pnbp_ahu_pendirian_pt", "PNBP pemesanan nama dan pengesahan badan hukum PT di AHU Online"),
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta pendirian PT"),
    BEA_METERAI,
  ],
  pendirian_cv: [
    PNBP_KEMENKUM("pnbp_sabu_cv", "PNBP pendaftaran CV di SABU Kementerian Hukum"),
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta pendirian CV"),
    BEA_METERAI,
  ],
  perubahan_anggaran_dasar_pt: [
    PNBP_KEMENKUM("pnbp_ahu_perubahan_pt", "PNBP persetujuan atau pemberitahuan perubahan anggaran dasar/data perseroan di AHU Online"),
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
      basis:
        "PP No. 28 Tahun 2019, Lampiran (tarif PNBP DJKI): permohonan pendaftaran merek, usaha mikro dan usaha kecil, secara elektronik",
    },
    {
      code: "pnbp_merek_umum",
      kind: "pnbp",
      description: "PNBP permohonan pendaftaran merek secara elektronik, pemohon umum",
      amountIdr: 1_800_000,
      per: "per kelas",
      basis: "PP No. 28 Tahun 2019, Lampiran (tarif PNBP DJKI): permohonan pendaftaran merek, umum, secara elektronik",
    },
  ],
  pencatatan_hak_cipta: [
    {
      code: "pnbp_hak_cipta",
      kind: "pnbp",
      description: "PNBP pencatatan ciptaan di DJKI",
      amountIdr: 200_000,
      per: "per permohonan",
      basis: "PP No. 45 Tahun 2024 (PNBP Kementerian Hukum): pencatatan ciptaan, satu tarif untuk semua jenis ciptaan",
    },
  ],
  perjanjian_kerahasiaan: [BEA_METERAI],
  surat_kuasa_legalisasi: [BEA_METERAI],
  nib_oss: [
    {
      code: "pnbp_retribusi_izin",
      kind: "pnbp",
      description: "PNBP atau retribusi izin dan sertifikat standar tertentu (NIB sendiri tanpa biaya)",
      amountIdr: null,
      per: "per izin",
      basis: "PP No. 28 Tahun 2025 (Perizinan Berusaha Berbasis Risiko) dan tarif instansi penerbit izin",
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
    },
    BEA_METERAI,
  ],
  pengecekan_sertifikat_tanah: [
    {
      code: "pnbp_pengecekan_sertipikat",
      kind: "pnbp",
      description: "PNBP pelayanan pengecekan sertipikat di Kantor Pertanahan",
      amountIdr: 50_000,
      per: "per sertipikat",
      basis: "PP No. 128 Tahun 2015 (PNBP Kementerian ATR/BPN), Lampiran: pelayanan pengecekan sertipikat",
    },
  ],
  perjanjian_sewa_properti: [BEA_METERAI, HONORARIUM_NOTARIS("Honorarium notaris bila perjanjian dibuat dalam bentuk akta notaris")],
  perjanjian_pranikah: [
    HONORARIUM_NOTARIS("Honorarium notaris untuk akta perjanjian perkawinan"),
    {
      code: "pencatatan_perjanjian_perkawinan",
      kind: "lainnya",
      description: "Biaya pencatatan perjanjian perkawinan pada KUA atau Dinas Dukcapil, bila ada",
      amountIdr: null,
      per: "per pencatatan",
      basis: "UU No. 1 Tahun 1974 Pasal 29 jo. Putusan MK No. 69/PUU-XIII/2015; tarif instansi pencatat",
    },
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
      "Pengecekan dan pemesanan nama, pembuatan akta pendirian PT oleh notaris, serta pengajuan pengesahan badan hukum melalui AHU Online Kementerian Hukum (d/h Kemenkumham) hingga terbit SK pengesahan. Jangka waktu dihitung sejak data dan dokumen lengkap diterima dan para pendiri menandatangani akta.",
    clientPriceIdr: 7_850_000,
    slaDays: 10,
    slaLabel: "10 hari kerja",
    intake: [
      { key: "usulan_nama_pt", label: "Usulan nama PT (maksimal 3 alternatif, urut prioritas)", required: true, type: "textarea" },
      {
        key: "maksud_tujuan_usaha",
        label: "Maksud, tujuan, dan kegiatan usaha (KBLI bila sudah diketahui)",
        required: true,
        type: "textarea",
      },
      { key: "modal_dasar", label: "Modal dasar (Rp)", required: true, type: "number" },
      { key: "susunan_pemegang_saham", label: "Susunan pemegang saham, direksi, dan dewan komisaris", required: true, type: "textarea" },
      { key: "nik_direktur_utama", label: "NIK direktur utama", required: true, type: "nik" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
    ],
    thirdParty:
      "PNBP pemesanan nama dan pengesahan badan hukum di AHU Online Kementerian Hukum sesuai tarif resmi PNBP, serta bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "pendirian_cv",
    name: "Pendirian CV (Persekutuan Komanditer)",
    category: "korporasi",
    description:
      "Pembuatan akta pendirian CV oleh notaris dan pendaftaran CV melalui Sistem Administrasi Badan Usaha (SABU) Kementerian Hukum hingga terbit surat keterangan terdaftar. Jangka waktu dihitung sejak data lengkap diterima dan para pesero menandatangani akta.",
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
      "PNBP pendaftaran CV di SABU Kementerian Hukum sesuai tarif resmi PNBP dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: ["notaris"],
  },
  {
    code: "perubahan_anggaran_dasar_pt",
    name: "Perubahan Anggaran Dasar / Data PT",
    category: "korporasi",
    description:
      "Penyusunan keputusan pemegang saham, pembuatan akta perubahan oleh notaris, dan pengajuan persetujuan atau pemberitahuan perubahan melalui AHU Online (misalnya perubahan pengurus, pemegang saham, modal, alamat, atau kegiatan usaha). Satu paket mencakup perubahan yang diputuskan dalam satu rapat atau keputusan sirkuler.",
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
      { key: "nik_direktur", label: "NIK direktur yang mewakili PT", required: true, type: "nik" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
      { key: "provinsi_penandatanganan", label: "Provinsi tempat para pihak menandatangani akta", required: true, type: "provinsi" },
    ],
    thirdParty:
      "PNBP persetujuan atau pemberitahuan perubahan anggaran dasar/data perseroan di AHU Online sesuai tarif resmi PNBP dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
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
      "Penyiapan dan pengajuan permohonan pendaftaran merek untuk satu kelas melalui sistem daring DJKI, termasuk penyusunan uraian barang/jasa dan penyampaian bukti pengajuan. Keputusan pendaftaran ada pada DJKI setelah pemeriksaan formalitas, pengumuman, dan substantif yang dapat berlangsung berbulan-bulan; tanggapan atas penolakan atau keberatan tidak termasuk dalam paket ini.",
    clientPriceIdr: 2_290_000,
    slaDays: 5,
    slaLabel: "5 hari kerja",
    intake: [
      { key: "nama_merek", label: "Nama atau kata merek", required: true, type: "text" },
      { key: "kelas_merek", label: "Kelas merek (Klasifikasi Nice 1-45)", required: true, type: "number" },
      { key: "uraian_barang_jasa", label: "Uraian barang/jasa yang dimohonkan", required: true, type: "textarea" },
      {
        key: "jenis_pemohon",
        label: "Jenis pemohon",
        required: true,
        type: "select",
        options: ["Perorangan", "Usaha mikro dan kecil (UMK)", "Badan hukum / badan usaha non-UMK"],
      },
      { key: "nama_alamat_pemohon", label: "Nama dan alamat lengkap pemohon", required: true, type: "textarea" },
      { key: "email_kontak", label: "Email kontak", required: true, type: "email" },
    ],
    thirdParty:
      "PNBP permohonan pendaftaran merek DJKI per kelas sesuai tarif resmi PNBP (tarif UMK berbeda dengan tarif umum), ditagihkan terpisah.",
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
    thirdParty: "PNBP pencatatan ciptaan DJKI sesuai tarif resmi PNBP (tarif UMK berbeda dengan tarif umum), ditagihkan terpisah.",
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
      "Penyusunan satu surat kuasa (umum atau khusus) dan legalisasi tanda tangan pemberi kuasa oleh notaris. Pemberi kuasa wajib hadir dan menandatangani di hadapan notaris dengan membawa identitas asli.",
    clientPriceIdr: 890_000,
    slaDays: 2,
    slaLabel: "2 hari kerja",
    intake: [
      {
        key: "jenis_kuasa",
        label: "Jenis surat kuasa",
        required: true,
        type: "select",
        options: ["Kuasa umum", "Kuasa khusus", "Kuasa untuk urusan pertanahan / perbankan", "Lainnya"],
      },
      { key: "data_pemberi_penerima", label: "Nama dan alamat pemberi kuasa dan penerima kuasa", required: true, type: "textarea" },
      { key: "nik_pemberi_kuasa", label: "NIK pemberi kuasa", required: true, type: "nik" },
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
      "Penyusunan surat gugatan sederhana dan daftar bukti untuk perkara wanprestasi atau perbuatan melawan hukum dengan nilai gugatan materiil sampai batas yang diatur PERMA gugatan sederhana, siap didaftarkan melalui e-Court. Tidak termasuk pendampingan persidangan; para pihak tetap wajib hadir langsung di persidangan.",
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
      { key: "nilai_gugatan", label: "Nilai kerugian materiil yang digugat (Rp)", required: true, type: "number" },
      { key: "identitas_tergugat", label: "Nama dan alamat tergugat", required: true, type: "textarea" },
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
      {
        key: "jenis_hak",
        label: "Jenis hak atas tanah",
        required: true,
        type: "select",
        options: [
          "Hak Milik (SHM)",
          "Hak Guna Bangunan (HGB)",
          "Hak Pakai",
          "Hak Guna Usaha (HGU)",
          "Hak Milik atas Satuan Rumah Susun (SHMSRS)",
        ],
      },
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
      "Konsultasi dan penyusunan draf perjanjian perkawinan mengenai pemisahan harta serta hak dan kewajiban para pihak, yang dapat dibuat sebelum atau selama perkawinan, serta koordinasi pembuatan akta dengan notaris. Akta harus ditandatangani kedua pihak di hadapan notaris dan dicatatkan pada KUA atau Dinas Dukcapil.",
    clientPriceIdr: 3_450_000,
    slaDays: 7,
    slaLabel: "7 hari kerja",
    intake: [
      { key: "nama_para_pihak", label: "Nama lengkap kedua calon/pasangan suami istri", required: true, type: "text" },
      { key: "nik_pihak_pertama", label: "NIK pihak pertama", required: true, type: "nik" },
      { key: "nik_pihak_kedua", label: "NIK pihak kedua", required: true, type: "nik" },
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
      "Honorarium notaris untuk pembuatan akta perjanjian perkawinan, biaya pencatatan pada KUA atau Dinas Dukcapil bila ada, dan bea meterai sesuai ketentuan yang berlaku, ditagihkan terpisah.",
    requires: [],
  },
];

export const CATALOG_SEED: readonly CatalogSeedEntry[] = SEED_WITHOUT_FEES.map((entry) => ({
  ...entry,
  thirdPartyFees: THIRD_PARTY_FEES[entry.code] ?? [],
}));
