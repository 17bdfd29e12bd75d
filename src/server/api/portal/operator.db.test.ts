import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SWEEPER, VISITOR } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { fixedClock } from "@/server/domain/clock";
import { agentPrice } from "@/server/domain/money/pricing";
import { authenticateApiKey, SignInThrottle, signIn } from "@/server/services/access";
import { getAgentService, listAgentServices } from "@/server/services/catalog";
import { ensureOffering, ensureSimulatedPractitioners } from "@/server/services/offers";
import { TEST_OPERATOR } from "@/test/actors";
import { bid, createTestCase } from "@/test/cases";
import { createTestDatabase, type TestDatabase } from "@/test/db";
import { orderWithFiles } from "@/test/files";
import { createTestOrg, seededCatalog, type TestOrg } from "@/test/fixtures";
import { createPaidOrder, createTestPractitioner, driveOrder, NDA_PRICE_IDR, sampleIntake } from "@/test/orders";
import { codeOf, portalCaller, portalUser } from "@/test/portal";

let database: TestDatabase;
const clock = fixedClock("2026-11-23T03:00:00Z");
let operator: PortalUser;
let org: TestOrg;

const as = (user: PortalUser | null) => portalCaller({ db: database.prisma, clock }, user);

const paidOrder = (body: Record<string, unknown> = {}) => createPaidOrder(database.prisma, clock, org, body);

const auditActions = async (subjectId: string) =>
  (await database.prisma.auditLog.findMany({ where: { subjectId }, orderBy: { createdAt: "asc" } })).map((a) => a.action);

beforeAll(async () => {
  database = await createTestDatabase();
  await seededCatalog(database.prisma);
  operator = await portalUser(database.prisma, "operator");
  org = await createTestOrg(database.prisma, { depositIdr: 10_000_000n });
});

afterAll(async () => {
  await database?.destroy();
});

describe("who may call the operator procedures", () => {
  it("anonymous → UNAUTHENTICATED; an org admin → FORBIDDEN, even for their own organisation", async () => {
    const admin = await portalUser(database.prisma, "org_admin", org.id);
    expect(await codeOf(as(null).operator.organizations({}))).toBe("UNAUTHENTICATED");
    expect(await codeOf(as(null).operator.services())).toBe("UNAUTHENTICATED");
    expect(await codeOf(as(admin).operator.organizations({}))).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).operator.topUp({ organizationId: org.id, amountIdr: 1_000_000, reference: "TRF-1" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).operator.setOrganizationStatus({ organizationId: org.id, status: "aktif" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(admin).operator.updateService({ code: "perjanjian_kerahasiaan", clientPriceIdr: 1 }))).toBe("FORBIDDEN");
    expect(
      await codeOf(
        as(admin).operator.createPractitioner({
          name: "X",
          email: "x@contoh.id",
          password: "rahasia-sekali-123",
          categories: [],
        }),
      ),
    ).toBe("FORBIDDEN");
  });
});

describe("organisations", () => {
  it("tops up a deposit with a reference recorded in the ledger, and the list shows the new balance", async () => {
    const { depositIdr } = await as(operator).operator.topUp({ organizationId: org.id, amountIdr: 2_500_000, reference: "BCA 0912-77" });
    expect(depositIdr).toBe(12_500_000);
    expect((await as(operator).operator.organizations({})).data.find((o) => o.id === org.id)).toMatchObject({
      status: "aktif",
      depositIdr: 12_500_000,
      apiKeys: 1,
    });
    const entry = await database.prisma.ledgerEntry.findFirst({
      where: { account: { code: `org_deposit:${org.id}` }, transfer: { reference: "BCA 0912-77" } },
    });
    expect(entry?.amountIdr).toBe(2_500_000n);
    expect(await codeOf(as(operator).operator.topUp({ organizationId: org.id, amountIdr: 1_000, reference: " " }))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.topUp({ organizationId: "org_tidakada", amountIdr: 1_000, reference: "x" }))).toBe(
      "NOT_FOUND",
    );
  });

  it("suspends an organisation (its keys stop working) and approves it again", async () => {
    await as(operator).operator.setOrganizationStatus({ organizationId: org.id, status: "ditangguhkan" });
    expect(await codeOf(authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${org.token}` }))).toBe(
      "ORGANIZATION_NOT_ACTIVE",
    );
    await as(operator).operator.setOrganizationStatus({ organizationId: org.id, status: "aktif" });
    expect((await authenticateApiKey({ db: database.prisma, clock }, { authorization: `Bearer ${org.token}` })).organizationId).toBe(
      org.id,
    );
    expect(await auditActions(org.id)).toEqual(expect.arrayContaining(["organization.ditangguhkan", "organization.aktif"]));
  });
});

describe("order queue", () => {
  it("shows an order whose offering stalled (nobody eligible) with its reason, and refunds it", async () => {
    const order = await paidOrder();
    await ensureOffering(
      { db: database.prisma, clock },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    const stalled = (await as(operator).operator.stalledOrders()).find((o) => o.id === order.id);
    expect(stalled).toMatchObject({
      service: { code: "perjanjian_kerahasiaan" },
      organization: { id: org.id },
      priceIdr: NDA_PRICE_IDR,
      reason: expect.stringContaining("Tidak ada praktisi"),
      // Refunded on its own a day later unless re-offered (OFFER_STALL_HOURS).
      refundAt: new Date(clock.now().getTime() + 24 * 3_600_000),
    });

    expect(await codeOf(as(operator).operator.orderAction({ orderId: order.id, action: "settle_for_practitioner" }))).toBe("INVALID_STATE");
    expect(
      await as(operator).operator.orderAction({ orderId: order.id, action: "refund", note: "Tidak ada praktisi; dana dikembalikan." }),
    ).toBe("direfund");
    expect((await as(operator).operator.stalledOrders()).map((o) => o.id)).not.toContain(order.id);
    expect(await codeOf(as(operator).operator.orderAction({ orderId: "ord_tidakada", action: "cancel" }))).toBe("NOT_FOUND");
  });
});

describe("disputes, SLA breaches and cases", () => {
  it("lists a dispute with its reason, requires a note to open one, and ends it by sending the order back to work", async () => {
    const order = await paidOrder();
    const practitionerId = await createTestPractitioner(database.prisma, ["kontrak"]);
    await driveOrder(database.prisma, order.id, practitionerId, "dikerjakan", clock.now());
    expect(await codeOf(as(operator).operator.orderAction({ orderId: order.id, action: "dispute" }))).toBe("VALIDATION");
    expect(
      await as(operator).operator.orderAction({ orderId: order.id, action: "dispute", note: "Klien menelepon: praktisi tidak membalas." }),
    ).toBe("sengketa");
    expect((await as(operator).operator.disputes()).find((d) => d.id === order.id)).toMatchObject({
      organization: { id: org.id },
      practitioner: { id: practitionerId },
      reason: "Klien menelepon: praktisi tidak membalas.",
    });
    expect(await as(operator).operator.orderAction({ orderId: order.id, action: "resume_work", note: "Praktisi sudah dihubungi." })).toBe(
      "dikerjakan",
    );
    expect((await as(operator).operator.disputes()).map((d) => d.id)).not.toContain(order.id);
  });

  it("lists an order past its SLA", async () => {
    const order = await paidOrder();
    await database.prisma.order.update({ where: { id: order.id }, data: { slaBreachedAt: clock.now() } });
    expect((await as(operator).operator.slaBreaches()).find((o) => o.id === order.id)).toMatchObject({
      slaBreachedAt: clock.now(),
      organization: { id: org.id },
    });
  });

  it("lists open cases and closes one: its live bids end and it leaves the list", async () => {
    const created = await createTestCase(database.prisma, clock, org);
    const bidder = await createTestPractitioner(database.prisma, ["properti"]);
    await bid(database.prisma, clock, bidder, created.id);
    expect((await as(operator).operator.cases()).find((c) => c.id === created.id)).toMatchObject({
      status: "terbuka",
      liveBids: 1,
      invoice: null,
      organization: { id: org.id },
    });
    expect(await as(operator).operator.closeCase({ caseId: created.id })).toBe("ditutup");
    expect((await as(operator).operator.cases()).map((c) => c.id)).not.toContain(created.id);
    expect(await codeOf(as(operator).operator.closeCase({ caseId: created.id }))).toBe("INVALID_STATE");
    expect(await database.prisma.bid.findMany({ where: { caseId: created.id }, select: { status: true } })).toEqual([
      { status: "tidak_dipilih" },
    ]);
  });
});

describe("practitioners", () => {
  const input = (email: string, categories = ["kontrak"]) => ({
    name: "Sari Wulandari, S.H.",
    email,
    password: "rahasia-sekali-123",
    categories,
  });

  it("creates a practitioner who can sign in, with categories from the catalog only, and audits it", async () => {
    const { id } = await as(operator).operator.createPractitioner(input("sari@contoh.id"));
    const listed = (await as(operator).operator.practitioners()).data.find((p) => p.id === id);
    expect(listed).toMatchObject({
      name: "Sari Wulandari, S.H.",
      email: "sari@contoh.id",
      label: null,
      categories: ["kontrak"],
      active: true,
      ordersInHand: 0,
      liveOffers: 0,
    });
    expect(
      await signIn(
        { db: database.prisma, clock },
        {
          actor: VISITOR,
          throttle: new SignInThrottle({ kind: "memory" }),
          email: "sari@contoh.id",
          password: "rahasia-sekali-123",
          address: "test",
        },
      ),
    ).toMatchObject({ ok: true, user: { role: "practitioner", practitionerId: id } });
    expect(await auditActions(id)).toEqual(["practitioner.create"]);

    expect(await codeOf(as(operator).operator.createPractitioner(input("sari@contoh.id")))).toBe("CONFLICT");
    expect(await codeOf(as(operator).operator.createPractitioner(input("budi@contoh.id", ["kontrak", "pidana_umum"])))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.createPractitioner({ ...input("budi@contoh.id"), password: "pendek" }))).toBe("VALIDATION");
  });

  it("lists practitioners in pages, newest first, each once, never the sandbox's simulated ones", async () => {
    await database.prisma.$transaction((tx) => ensureSimulatedPractitioners(tx));
    for (const name of ["page-a", "page-b", "page-c"]) await as(operator).operator.createPractitioner(input(`${name}@contoh.id`));
    const seen: Array<{ id: string }> = [];
    let page = await as(operator).operator.practitioners({ limit: 2 });
    seen.push(...page.data);
    while (page.has_more) {
      expect(page.data).toHaveLength(2);
      page = await as(operator).operator.practitioners({ limit: 2, starting_after: page.data.at(-1)!.id });
      seen.push(...page.data);
    }
    const real = await database.prisma.practitioner.findMany({
      where: { simulated: false },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(seen.map((p) => p.id)).toEqual(real.map((p) => p.id));
    expect(await database.prisma.practitioner.count({ where: { simulated: true } })).toBeGreaterThan(0);
    expect(await codeOf(as(operator).operator.practitioners({ starting_after: "prk_tidakada" }))).toBe("VALIDATION");
  });

  it("edits categories, audited with before and after", async () => {
    const { id } = await as(operator).operator.createPractitioner(input("dewi@contoh.id"));
    await as(operator).operator.updatePractitioner({ practitionerId: id, categories: ["kekayaan_intelektual", "kontrak", "kontrak"] });
    expect((await as(operator).operator.practitioners()).data.find((p) => p.id === id)).toMatchObject({
      categories: ["kekayaan_intelektual", "kontrak"],
    });
    const audit = await database.prisma.auditLog.findFirstOrThrow({ where: { subjectId: id, action: "practitioner.update" } });
    expect(audit.data).toMatchObject({ before: { categories: ["kontrak"] }, after: { categories: ["kekayaan_intelektual", "kontrak"] } });
    expect(await codeOf(as(operator).operator.updatePractitioner({ practitionerId: id, categories: ["tidak_ada"] }))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.updatePractitioner({ practitionerId: "prk_tidakada", categories: [] }))).toBe("NOT_FOUND");
  });

  it("labels a practitioner only from credentials that count: the operator's verified at once, the practitioner's after verification", async () => {
    const { id } = await as(operator).operator.createPractitioner(input("kredensial@contoh.id"));
    const added = await as(operator).operator.addCredential({
      practitionerId: id,
      kind: "advokat",
      issuer: " PERADI ",
      number: "12.00999",
      validUntil: null,
      province: null,
    });
    expect(added).toMatchObject({ status: "terverifikasi", issuer: "PERADI" });
    expect((await as(operator).operator.practitioners()).data.find((p) => p.id === id)?.label).toBe("Advokat (PERADI)");

    expect(
      await codeOf(
        as(operator).operator.addCredential({
          practitionerId: id,
          kind: "notaris",
          issuer: "Kementerian Hukum",
          number: "AHU-1",
          validUntil: null,
          province: null,
        }),
      ),
    ).toBe("VALIDATION");
    expect(
      await codeOf(
        as(operator).operator.addCredential({
          practitionerId: id,
          kind: "advokat",
          issuer: "PERADI",
          number: "1",
          validUntil: "2020-01-01",
          province: null,
        }),
      ),
    ).toBe("VALIDATION");

    const revoked = await as(operator).operator.decideCredential({
      credentialId: added.id,
      approve: false,
      reason: "Kartu dicabut PERADI.",
    });
    expect(revoked).toMatchObject({ status: "ditolak", reason: "Kartu dicabut PERADI." });
    expect((await as(operator).operator.practitioners()).data.find((p) => p.id === id)?.label).toBeNull();
    expect(await codeOf(as(operator).operator.decideCredential({ credentialId: added.id, approve: true }))).toBe("INVALID_STATE");
    expect(await auditActions(id)).toEqual(expect.arrayContaining(["credential.add_verified", "credential.revoke"]));
  });

  it("deactivating withdraws the practitioner's live offer and offers the order to the next one; they cannot sign in until activated", async () => {
    // Only these two may take a family-law order in this database.
    const first = await as(operator).operator.createPractitioner(input("ayu@contoh.id", ["keluarga"]));
    const second = await as(operator).operator.createPractitioner(input("rina@contoh.id", ["keluarga"]));
    // Offered only once a credential of theirs counts.
    for (const { id } of [first, second])
      await as(operator).operator.addCredential({
        practitionerId: id,
        kind: "advokat",
        issuer: "PERADI",
        number: `12.${id}`,
        validUntil: null,
        province: null,
      });
    const order = await paidOrder({
      service: "perjanjian_pranikah",
      intake: sampleIntake(
        (
          await getAgentService(
            { db: database.prisma },
            {
              actor: TEST_OPERATOR,
              code: "perjanjian_pranikah",
            },
          )
        ).intake,
      ),
    });
    await ensureOffering(
      { db: database.prisma, clock },
      {
        actor: SWEEPER,
        orderId: order.id,
      },
    );
    const offered = await database.prisma.offer.findFirstOrThrow({ where: { orderId: order.id, status: "aktif" } });
    const holder = offered.practitionerId;
    const other = holder === first.id ? second.id : first.id;
    expect((await as(operator).operator.practitioners()).data.find((p) => p.id === holder)?.liveOffers).toBe(1);

    expect(await as(operator).operator.setPractitionerActive({ practitionerId: holder, active: false })).toEqual({ offersWithdrawn: 1 });
    expect(await database.prisma.offer.findUniqueOrThrow({ where: { id: offered.id } })).toMatchObject({ status: "dibatalkan" });
    expect(await database.prisma.offer.findFirstOrThrow({ where: { orderId: order.id, status: "aktif" } })).toMatchObject({
      practitionerId: other,
    });
    const email = holder === first.id ? "ayu@contoh.id" : "rina@contoh.id";
    expect(
      await signIn(
        { db: database.prisma, clock },
        {
          actor: VISITOR,
          throttle: new SignInThrottle({ kind: "memory" }),
          email,
          password: "rahasia-sekali-123",
          address: "test-deactivated",
        },
      ),
    ).toMatchObject({ ok: false });

    expect(await as(operator).operator.setPractitionerActive({ practitionerId: holder, active: true })).toEqual({ offersWithdrawn: 0 });
    expect((await as(operator).operator.practitioners()).data.find((p) => p.id === holder)?.active).toBe(true);
    expect(await auditActions(holder)).toEqual([
      "practitioner.create",
      "credential.add_verified",
      "practitioner.deactivate",
      "practitioner.activate",
    ]);
  });
});

describe("catalog", () => {
  it("lists every service with the agent price computed from the client price", async () => {
    const { services, categories } = await as(operator).operator.services();
    expect(services.length).toBeGreaterThan(10);
    for (const s of services) expect(s.agentPriceIdr).toBe(agentPrice(s.clientPriceIdr));
    expect(categories).toEqual([...new Set(services.map((s) => s.category))].sort());
  });

  it("narrows the list by name or code in any case, by category and by state, and still offers every category to filter by", async () => {
    const all = await as(operator).operator.services();
    const byName = await as(operator).operator.services({ q: "KERAHASIAAN" });
    expect(byName.services.map((s) => s.code)).toEqual(["perjanjian_kerahasiaan"]);
    expect(byName.categories).toEqual(all.categories);
    expect((await as(operator).operator.services({ q: "nib_O" })).services.map((s) => s.code)).toEqual(["nib_oss"]);
    const category = all.services[0]!.category;
    expect((await as(operator).operator.services({ category })).services.map((s) => s.code)).toEqual(
      all.services.filter((s) => s.category === category).map((s) => s.code),
    );

    await as(operator).operator.updateService({ code: "perjanjian_kerja", agentEligible: false });
    await as(operator).operator.updateService({ code: "somasi", active: false });
    try {
      const codes = async (state: "aktif" | "tersembunyi" | "nonaktif") =>
        (await as(operator).operator.services({ state })).services.map((s) => s.code);
      expect(await codes("tersembunyi")).toEqual(["perjanjian_kerja"]);
      expect(await codes("nonaktif")).toEqual(["somasi"]);
      expect(await codes("aktif")).toHaveLength(all.services.length - 2);
      expect((await as(operator).operator.service({ code: "somasi" })).state).toBe("nonaktif");
    } finally {
      await as(operator).operator.updateService({ code: "perjanjian_kerja", agentEligible: true });
      await as(operator).operator.updateService({ code: "somasi", active: true });
    }
    expect(await as(operator).operator.services({ q: "tidak ada layanan seperti ini" })).toMatchObject({ services: [] });
  });

  it("opens one service by its code; an unknown or internal one is NOT_FOUND", async () => {
    const service = await as(operator).operator.service({ code: "review_kontrak" });
    expect(service).toMatchObject({ code: "review_kontrak", state: "aktif", agentPriceIdr: agentPrice(service.clientPriceIdr) });
    expect(await codeOf(as(operator).operator.service({ code: "tidak_ada" }))).toBe("NOT_FOUND");
    // "kasus" is the internal service behind accepted cases (from the order-life migration).
    expect(await database.prisma.service.findUniqueOrThrow({ where: { code: "kasus" } })).toMatchObject({ internal: true });
    expect(await codeOf(as(operator).operator.service({ code: "kasus" }))).toBe("NOT_FOUND");
  });

  it("edits the client price and description; the agent price stays computed (a sent agent price is ignored), the API sees it, audited", async () => {
    const updated = await as(operator).operator.updateService({
      code: "review_kontrak",
      clientPriceIdr: 3_000_000,
      description: "  Telaah kontrak hingga 30 halaman dengan catatan risiko.  ",
      ...({ agentPriceIdr: 1 } as object),
    });
    expect(updated).toMatchObject({
      clientPriceIdr: 3_000_000,
      agentPriceIdr: agentPrice(3_000_000),
      description: "Telaah kontrak hingga 30 halaman dengan catatan risiko.",
    });
    expect(agentPrice(3_000_000)).toBe(3_450_000);
    expect(
      await getAgentService(
        { db: database.prisma },
        {
          actor: TEST_OPERATOR,
          code: "review_kontrak",
        },
      ),
    ).toMatchObject({
      clientPriceIdr: 3_000_000,
      agentPriceIdr: 3_450_000,
    });
    const audit = await database.prisma.auditLog.findFirstOrThrow({ where: { subjectId: "review_kontrak", action: "service.update" } });
    expect(audit.data).toEqual({
      before: { clientPriceIdr: 2_750_000, agentPriceIdr: 3_150_000, description: expect.any(String) },
      after: {
        clientPriceIdr: 3_000_000,
        agentPriceIdr: 3_450_000,
        description: "Telaah kontrak hingga 30 halaman dengan catatan risiko.",
      },
    });
  });

  it("hides a service from agents, deactivates it, and brings it back", async () => {
    await as(operator).operator.updateService({ code: "somasi", agentEligible: false });
    expect(
      (
        await listAgentServices(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).map((s) => s.code),
    ).not.toContain("somasi");
    await as(operator).operator.updateService({ code: "somasi", agentEligible: true, active: false });
    expect(
      (
        await listAgentServices(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).map((s) => s.code),
    ).not.toContain("somasi");
    await as(operator).operator.updateService({ code: "somasi", active: true });
    expect(
      (
        await listAgentServices(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
          },
        )
      ).map((s) => s.code),
    ).toContain("somasi");
    expect((await as(operator).operator.services()).services.find((s) => s.code === "somasi")).toMatchObject({
      agentEligible: true,
      active: true,
      state: "aktif",
    });
  });

  it("validates intake fields and prices; an unknown service is NOT_FOUND", async () => {
    const intake = [
      { key: "nama_pihak", label: "Nama para pihak", required: true, type: "textarea" },
      { key: "jenis", label: "Jenis", required: false, type: "select", options: ["Jual beli", "Sewa"] },
    ];
    expect((await as(operator).operator.updateService({ code: "nib_oss", intake })).intake).toEqual(intake);
    expect(
      await codeOf(
        as(operator).operator.updateService({
          code: "nib_oss",
          intake: [{ key: "Bukan Kunci", label: "x", required: true, type: "text" }],
        }),
      ),
    ).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.updateService({ code: "nib_oss", intake: [intake[0], intake[0]] }))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.updateService({ code: "nib_oss", intake: [{ ...intake[1], options: undefined }] }))).toBe(
      "VALIDATION",
    );
    expect(await codeOf(as(operator).operator.updateService({ code: "nib_oss", description: "   " }))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.updateService({ code: "nib_oss", clientPriceIdr: 0 }))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.updateService({ code: "nib_oss" }))).toBe("VALIDATION");
    expect(await codeOf(as(operator).operator.updateService({ code: "tidak_ada", active: false }))).toBe("NOT_FOUND");
    expect(
      (
        await getAgentService(
          { db: database.prisma },
          {
            actor: TEST_OPERATOR,
            code: "nib_oss",
          },
        )
      ).intake,
    ).toEqual(intake);
  });
});

describe("an order's files in the console", () => {
  it("lists every file, the delivery first, all of them for the operator to open", async () => {
    const placed = await orderWithFiles(database.prisma, clock, org, await createTestPractitioner(database.prisma));
    const detail = await as(operator).operator.order({ orderId: placed.orderId });
    expect(detail.files.map((f) => [f.id, f.from, f.downloadable])).toEqual([
      [placed.result.id, "deliverable", true],
      [placed.contract.id, "order", true],
      [placed.draft.id, "message", true],
      [placed.scan.id, "message", true],
    ]);
    expect(detail.files.find((f) => f.from === "message")?.messageId).toBe(detail.messages.find((m) => m.role === "practitioner")?.id);
  });
});
