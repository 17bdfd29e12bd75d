import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { agentActor, KUASA, SEED } from "@/server/domain/access/actor";
import type { IntakeField } from "@/server/domain/catalog/intake";
import { type Clock, fixedClock } from "@/server/domain/clock";
import type { OrderTrigger } from "@/server/domain/orders/order-state";
import { createPractitioner, practitionerActorOf } from "@/server/services/access";
import { changeContextOf, changeOrderStatus } from "@/server/services/order-engine";
import { type CreateOrderInput, createOrder } from "@/server/services/orders";
import { addCredential, type CredentialInput } from "@/server/services/practitioners";
import { agentKey } from "./cases";
import type { TestOrg } from "./fixtures";
import { ndaOrder } from "./nda-order";
import { TEST_PASSWORD_HASHING } from "./passwords";

export { ndaOrder };

/** An order made through the service as POST /v1/orders would, with the organisation's key (paid unless it needs approval). */
export async function createPaidOrder(db: Db, clock: Clock, org: TestOrg, overrides: Record<string, unknown> = {}) {
  return createOrder(
    { db, clock },
    {
      actor: agentActor(await agentKey(db, clock, org)),
      input: ndaOrder(overrides) as CreateOrderInput,
    },
  );
}

export const NDA_PRICE_IDR = 1_700_000;
export const NDA_CLIENT_PRICE_IDR = 1_490_000;

let practitionerCount = 0;

/** An advocate's card of PERADI that does not expire: what most tests' practitioner holds. */
export const ADVOKAT: CredentialInput = { kind: "advokat", issuer: "PERADI", number: "12.00123", validUntil: null, province: null };

/** A notary and PPAT of `province` (a Kemendagri code). */
export const notaryOf = (province: string): CredentialInput[] => [
  { kind: "notaris", issuer: "Kementerian Hukum", number: `AHU-${province}-01`, validUntil: null, province },
  { kind: "ppat", issuer: "Kementerian ATR/BPN", number: `PPAT-${province}-01`, validUntil: null, province },
];

const CREDENTIALS_RECORDED = fixedClock("2026-01-01T03:00:00Z");

/** A practitioner of `categories` holding `credentials`, verified (by the seed) so that they count. */
export async function createTestPractitioner(
  db: Db,
  categories = ["kontrak"],
  credentials: readonly CredentialInput[] = [ADVOKAT],
): Promise<string> {
  practitionerCount++;
  const { id } = await createPractitioner(
    { db, passwordHashing: TEST_PASSWORD_HASHING },
    {
      input: {
        email: `praktisi${practitionerCount}-${Date.now()}@contoh.id`,
        name: `Praktisi ${practitionerCount}`,
        password: "rahasia-sekali-123",
        categories,
      },
      actor: SEED,
    },
  );
  // Recorded as of a fixed day, so a credential a test dates late in 2026 is never refused as past.
  for (const input of credentials) await addCredential({ db, clock: CREDENTIALS_RECORDED }, { actor: SEED, practitionerId: id, input });
  return id;
}

/**
 * Moves a paid order along the practitioner's side of the state machine (the offer engine and
 * portal do this in production), through the same changeOrderStatus every path uses.
 */
export async function driveOrder(
  db: Db,
  orderId: string,
  practitionerId: string,
  until: "diambil" | "dikerjakan" | "butuh_input_klien" | "diserahkan",
  // The test's own clock: events stamped with real time would sort after the test's later steps.
  now: Date,
) {
  const steps: Array<[OrderTrigger, "system" | "practitioner", Record<string, unknown>]> = [
    ["start_offering", "system", {}],
    ["take", "practitioner", { practitionerId }],
    ["start_work", "practitioner", {}],
  ];
  if (until === "butuh_input_klien")
    steps.push(["request_input", "practitioner", { message: { role: "practitioner", body: "Mohon kirim alamat lengkap PT Dua." } }]);
  if (until === "diserahkan") steps.push(["deliver", "practitioner", { deliverable: "https://berkas.contoh.id/nda-final.pdf" }]);
  const stopAfter = { diambil: 2, dikerjakan: 3, butuh_input_klien: 4, diserahkan: 4 }[until];
  for (const [trigger, kind, extra] of steps.slice(0, stopAfter)) {
    await db.$transaction(async (tx) => {
      const order = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
      await changeOrderStatus(
        tx,
        changeContextOf({ clock: fixedClock(now) }),
        order,
        trigger,
        kind === "system" ? KUASA : await practitionerActorOf(tx, practitionerId),
        extra,
      );
    });
  }
}

/** The events of an order that is paid, offered, taken, worked with one question, delivered and accepted. */
export const FULL_JOURNEY_EVENTS = [
  "order.dibayar",
  "order.ditawarkan",
  "order.diambil",
  "order.dikerjakan",
  "order.butuh_input_klien",
  "order.dikerjakan",
  "order.diserahkan",
  "order.selesai",
] as const;

/** What ledgerInvariants answers for a sound ledger. */
export const LEDGER_SOUND = {
  unbalancedTransfers: 0,
  balancesNotMatchingEntries: 0,
  negativeBalances: 0,
  transfersCrossingModes: 0,
} as const;

/** Every ledger invariant at once: transfers balance, cached balances match entries, none negative, test money never meets live money. */
export async function ledgerInvariants(db: Db) {
  const [sums, mismatched, negative, crossing] = await Promise.all([
    db.$queryRaw<
      Array<{ transferId: string; total: bigint }>
    >`SELECT "transferId", SUM("amountIdr") AS total FROM "LedgerEntry" GROUP BY "transferId" HAVING SUM("amountIdr") <> 0`,
    db.$queryRaw<Array<{ id: string }>>`
      SELECT a."id" FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a."id"
      GROUP BY a."id", a."balanceIdr" HAVING a."balanceIdr" <> COALESCE(SUM(e."amountIdr"), 0)`,
    db.$queryRaw<Array<{ id: string }>>`SELECT "id" FROM "LedgerAccount" WHERE "balanceIdr" < 0 AND "kind" <> 'external_funding'`,
    db.$queryRaw<Array<{ transferId: string }>>`
      SELECT e."transferId" FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a."id" = e."accountId"
      GROUP BY e."transferId" HAVING COUNT(DISTINCT a."livemode") > 1`,
  ]);
  return {
    unbalancedTransfers: sums.length,
    balancesNotMatchingEntries: mismatched.length,
    negativeBalances: negative.length,
    transfersCrossingModes: crossing.length,
  };
}

/** Statuses in which an order's whole price sits in its escrow; in every other status the escrow is empty. */
const ESCROW_HELD = ["dibayar", "ditawarkan", "diambil", "dikerjakan", "butuh_input_klien", "diserahkan", "sengketa"];

/**
 * Orders whose escrow is not what their status says: the price while paid and open (zero before
 * payment and after release, refund or cancellation), plus every approved cost not yet paid
 * (`disetujui`). Empty for a sound ledger.
 */
export async function escrowMismatches(db: Db): Promise<Array<{ id: string; status: string; price: bigint; escrow: bigint }>> {
  return db.$queryRaw`
    SELECT o."id", o."status"::text AS "status", o."priceIdr" AS "price", COALESCE(a."balanceIdr", 0)::bigint AS "escrow"
    FROM "Order" o LEFT JOIN "LedgerAccount" a ON a."code" = 'order_escrow:' || o."id"
    WHERE COALESCE(a."balanceIdr", 0) <>
      CASE WHEN o."status"::text IN (${Prisma.join(ESCROW_HELD)}) THEN o."priceIdr" ELSE 0 END
      + COALESCE((SELECT SUM(c."amountIdr") FROM "OrderCost" c WHERE c."orderId" = o."id" AND c."status" = 'disetujui'), 0)`;
}

/**
 * A valid intake for a service's required fields, of every type (the NDA fixtures cover only the
 * NDA's) but `berkas`, which names an uploaded file: sampleIntakeWithFiles uploads one for each.
 */
export function sampleIntake(fields: readonly IntakeField[]): Record<string, string> {
  const values: Partial<Record<IntakeField["type"], string>> = {
    email: "klien@contoh.id",
    phone: "081234567890",
    nik: "3174012345678901",
    date: "2026-12-01",
    number: "2",
    provinsi: "31",
    pihak: "PT Pihak Lawan Contoh",
    pihak_klien: "PT Klien Contoh",
    nik_paspor: "3174012345678901",
  };
  return Object.fromEntries(
    fields.filter((f) => f.required).map((f) => [f.key, f.options?.[0] ?? values[f.type] ?? "Data contoh untuk pesanan uji."]),
  );
}

/** sampleIntake with each required `berkas` field naming a file `upload` puts on Kuasa (its id). */
export async function sampleIntakeWithFiles(
  fields: readonly IntakeField[],
  upload: () => Promise<string>,
): Promise<Record<string, string>> {
  const intake = sampleIntake(fields);
  for (const field of fields) if (field.required && field.type === "berkas") intake[field.key] = await upload();
  return intake;
}

/** A pendirian_pt intake (requires a notary of the signing province), signed in DKI Jakarta unless `overrides` say otherwise. */
export function companyIntake(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    usulan_nama_pt: "PT Maju Jaya",
    maksud_tujuan_usaha: "Perdagangan besar",
    kedudukan_pt: "Jakarta Selatan",
    modal_dasar: "100000000",
    modal_disetor: "25000000",
    susunan_pemegang_saham: "Budi 60%, Ani 40%; Budi direktur; Ani komisaris",
    pemilik_manfaat: "Budi, pemegang 60% saham",
    nik_direktur_utama: "3171011508900001",
    email_kontak: "legal@majujaya.co.id",
    provinsi_penandatanganan: "31",
    ...overrides,
  };
}
