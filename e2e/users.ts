/**
 * Portal users of the end-to-end journeys. e2e/create-users.ts creates them with the operator
 * CLI before the server starts (the embedded database is locked while the server runs).
 */
export const PRACTITIONER = {
  email: "praktisi.e2e@contoh.id",
  name: "Rina Advokat",
  password: "kata-sandi-uji-123",
  /** Recorded verified by the CLI (`kind:issuer:number`); the label clients see is derived from it. */
  credentials: "advokat:PERADI:12.00123",
  label: "Advokat (PERADI)",
  categories: "kontrak,korporasi",
} as const;

/** A verified advocate's credential for the practitioners whose journeys are not about credentials. */
export const ADVOCATE_CREDENTIAL = "advokat:PERADI:12.00999";

/**
 * The password-change journey's own practitioner: a password change ends the user's other
 * sessions, so it must not be the one whose stored session the other journeys share. No
 * categories, so no order is ever offered to them.
 */
export const PASSWORD_CHANGER = {
  email: "praktisi.sandi.e2e@contoh.id",
  name: "Sari Advokat",
  password: "kata-sandi-uji-789",
} as const;

/**
 * The bank-account journey's own practitioner: it enters, and the operator verifies and pays out
 * to, an account of its own. No categories, so no order is ever offered to them; their balance is
 * given to them by e2e/create-users.ts.
 */
export const ACCOUNT_HOLDER = {
  email: "praktisi.rekening.e2e@contoh.id",
  name: "Bayu Advokat",
  password: "kata-sandi-uji-456",
  earningsIdr: 3_000_000,
} as const;

/**
 * The account PRACTITIONER's payouts go to: entered and verified two days before the run, so the
 * earnings journey's payout needs no second confirmation.
 */
export const PRACTITIONER_ACCOUNT = { bankCode: "bca", accountNumber: "5521009312", holderName: PRACTITIONER.name } as const;

/** The org admin journey's own organisation: its threshold, keys and deposit change. */
export const ORG_ADMIN = {
  email: "admin.e2e@contoh.id",
  name: "Dewi Admin",
  password: "kata-sandi-admin-123",
  organization: "PT Agen Uji",
  depositIdr: 20_000_000,
  thresholdIdr: 5_000_000,
} as const;

export const OPERATOR = {
  email: "operator.e2e@contoh.id",
  name: "Tim Operator",
  password: "kata-sandi-operator-123",
} as const;

/** An admin of the demo organisation (whose key the API journeys use): opens a dispute from its portal in the operator journey. */
export const DEMO_ADMIN = {
  email: "admin.demo.e2e@contoh.id",
  name: "Rina Demo",
  password: "kata-sandi-demo-123",
} as const;

/** Waits for the operator's approval; the operator journey approves, tops up, suspends it. */
export const PENDING_ORGANIZATION = "PT Mitra Menunggu";

/**
 * The password-reset journey's own practitioner, on a server of that spec's own (it needs an SMTP
 * server to read the e-mailed link from): resetting ends every session of the user.
 */
export const PASSWORD_RESETTER = {
  email: "praktisi.lupa.e2e@contoh.id",
  name: "Lina Advokat",
  password: "kata-sandi-lupa-123",
} as const;

/**
 * The official-costs journey's own people: a trademark consultant (the only practitioner a
 * trademark registration is offered to) and an admin of an organisation of its own, so its
 * deposit and approvals move nothing the other journeys count.
 */
export const IP_CONSULTANT = {
  email: "konsultan.ki.e2e@contoh.id",
  name: "Bayu Konsultan KI",
  password: "kata-sandi-ki-456",
  credentials: "konsultan_ki:DJKI:KI-0123",
  label: "Konsultan KI",
  categories: "kekayaan_intelektual",
} as const;

export const COSTS_ADMIN = {
  email: "admin.biaya.e2e@contoh.id",
  name: "Wulan Admin",
  password: "kata-sandi-biaya-123",
  organization: "PT Merek Nusantara",
  depositIdr: 20_000_000,
} as const;

/**
 * The chosen-offer journey's own practitioner: the only one in the licensing field (perizinan, whose
 * services no other journey orders), created inactive and without a credential by
 * e2e/create-users.ts. An order of `SERVICE` therefore stalls until the operator activates them,
 * records `credential` on their page and offers it to them by choice; nobody else's offers move.
 */
export const LICENSING_PRACTITIONER = {
  email: "praktisi.perizinan.e2e@contoh.id",
  name: "Nadia Konsultan Perizinan",
  password: "kata-sandi-izin-123",
  categories: "perizinan",
  service: "nib_oss",
  credential: { kind: "Advokat", issuer: "KAI", number: "KAI-2019-0457", label: "Advokat (KAI)" },
} as const;

/**
 * The credentials journey's own practitioner (e2e/credentials.spec.ts): starts with no credential
 * and no categories (so no order is ever offered to them), submits credentials that the operator
 * rejects, verifies, adds and revokes; their label follows.
 */
export const CREDENTIAL_HOLDER = {
  email: "praktisi.kredensial.e2e@contoh.id",
  name: "Maya Notaris",
  password: "kata-sandi-kredensial-123",
} as const;

/**
 * The case-selection journey's own admin and organisation (e2e/organization-portal.spec.ts): its
 * case, the bid selected in the portal and the unpaid invoice stay out of the pages the other
 * organisation journeys count.
 */
export const CASE_ADMIN = {
  email: "admin.kasus.e2e@contoh.id",
  name: "Rudi Admin",
  password: "kata-sandi-kasus-123",
  organization: "PT Kasus Mandiri",
  depositIdr: 30_000_000,
} as const;

/**
 * The OAuth journey's own admin and organisation (e2e/oauth.spec.ts): the grant it approves adds a
 * key and test orders that no other journey counts. Its test deposit is given by e2e/create-users.ts.
 */
export const OAUTH_ADMIN = {
  email: "admin.oauth.e2e@contoh.id",
  name: "Rudi Admin",
  password: "kata-sandi-oauth-123",
  organization: "PT Asisten Cerdas",
  testDepositIdr: 10_000_000,
} as const;

/**
 * The conflicts-of-interest journey's own people (e2e/conflicts.spec.ts): the only practitioner in
 * the disputes field (sengketa, whose services no other journey orders), and an organisation of
 * its own whose live key (written by e2e/create-users.ts to `keyFile` in the server's data
 * directory) orders a demand letter naming the other side.
 */
export const CONFLICT_HOLDER = {
  email: "praktisi.benturan.e2e@contoh.id",
  name: "Hendra Advokat",
  password: "kata-sandi-benturan-123",
  credentials: "advokat:PERADI:12.34000",
  categories: "sengketa",
} as const;

export const CONFLICT_CLIENT = {
  organization: "PT Klien Sengketa",
  depositIdr: 20_000_000,
  keyFile: "e2e-conflicts-api-key.txt",
} as const;

/**
 * The books journey's own people (e2e/books.spec.ts): an organisation whose deposit, receipts and
 * statements no other journey reads, with a live order paid and cancelled by e2e/create-users.ts
 * before the server starts (a receipt and a credit note; no practitioner is ever offered it) and a
 * sandbox key (written to `testKeyFile` in the server's data directory) for test documents; and a
 * practitioner without categories whose earnings and payout e2e/create-users.ts records.
 */
export const BOOKS_ADMIN = {
  email: "admin.buku.e2e@contoh.id",
  name: "Sinta Admin",
  password: "kata-sandi-buku-123",
  organization: "PT Buku Rapi",
  depositIdr: 15_000_000,
  testKeyFile: "e2e-books-test-api-key.txt",
} as const;

export const BOOKS_PRACTITIONER = {
  email: "praktisi.buku.e2e@contoh.id",
  name: "Dimas Advokat",
  password: "kata-sandi-buku-456",
  earningsIdr: 2_500_000,
  payoutIdr: 1_000_000,
} as const;
