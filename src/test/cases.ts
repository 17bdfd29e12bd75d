import type { Db } from "@/server/db/client";
import { agentActor } from "@/server/domain/access/actor";
import type { AuthenticatedKey } from "@/server/domain/access/api-key";
import type { Clock } from "@/server/domain/clock";
import { authenticateApiKey, practitionerActorOf } from "@/server/services/access";
import { type CaseWithBids, type CreateCaseInput, createCase, submitBid } from "@/server/services/cases";
import type { TestOrg } from "./fixtures";

/** A CreateCase body whose story carries a phone, an e-mail address, a NIK and an amount. */
export function caseBody(overrides: Record<string, unknown> = {}) {
  return {
    contact_name: "Budi Santoso",
    contact_email: "budi.santoso@contoh.co.id",
    contact_phone: "+62 812-3456-7890",
    story:
      "Penyewa ruko kami di Bekasi menunggak sewa enam bulan senilai Rp 90.000.000. Hubungi 0812-3456-7890 atau budi.santoso@contoh.co.id; NIK 3171011508900001.",
    area: "properti",
    urgency: "minggu ini",
    budget_range: "Rp 5.000.000 - Rp 15.000.000",
    ...overrides,
  };
}

export const CASE_INPUT: CreateCaseInput = {
  contactName: "Budi Santoso",
  contactEmail: "budi.santoso@contoh.co.id",
  contactPhone: "+62 812-3456-7890",
  story: caseBody().story,
  area: "properti",
  urgency: "minggu ini",
  budgetRange: "Rp 5.000.000 - Rp 15.000.000",
};

export function agentKey(db: Db, clock: Clock, org: TestOrg): Promise<AuthenticatedKey> {
  return authenticateApiKey({ db, clock }, { authorization: `Bearer ${org.token}` });
}

/** A case submitted through the service, as POST /v1/cases would. */
export async function createTestCase(db: Db, clock: Clock, org: TestOrg, overrides: Partial<CreateCaseInput> = {}): Promise<CaseWithBids> {
  return createCase(
    { db, clock },
    {
      actor: agentActor(await agentKey(db, clock, org)),
      input: { ...CASE_INPUT, ...overrides },
    },
  );
}

export async function bid(db: Db, clock: Clock, practitionerId: string, caseId: string, priceIdr = 5_000_000) {
  return submitBid(
    { db, clock },
    {
      actor: await practitionerActorOf(db, practitionerId),
      caseId,
      noConflict: true,
      input: {
        scope: "Somasi, negosiasi dan gugatan bila perlu",
        etaDays: 14,
        priceIdr,
        note: "Termasuk satu pertemuan.",
      },
    },
  );
}
