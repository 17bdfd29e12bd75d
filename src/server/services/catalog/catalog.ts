import type { Prisma, Service } from "@/generated/prisma/client";
import type { InputJsonValue } from "@/generated/prisma/internal/prismaNamespace";
import type { Db, DbOrTx } from "@/server/db/client";
import { type Actor, type OperatorActor, requireActor, type SystemActor } from "@/server/domain/access/actor";
import { type IntakeField, intakeFieldListSchema, intakeFieldsProblems } from "@/server/domain/catalog/intake";
import { SERVICE_STATE_SWITCHES, type ServiceState, serviceState } from "@/server/domain/catalog/service-state";
import { type DeliveryFigures, publishedStats } from "@/server/domain/catalog/service-stats";
import { type ThirdPartyFee, thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
import { AppError } from "@/server/domain/errors";
import { agentPrice } from "@/server/domain/money/pricing";
import { slaDaysProblem, slaLabelOf } from "@/server/domain/orders/sla";
import { CREDENTIAL_KINDS, type CredentialKind, isCredentialKind } from "@/server/domain/practitioners/credentials";
import { audit } from "../audit";
import type { ServiceDeps } from "../deps";
import { CATALOG_SEED, type CatalogSeedEntry } from "./catalog-seed";

/** A catalog service as the agent sees it, with the computed agent price. */
export interface CatalogService {
  code: string;
  name: string;
  category: string;
  description: string;
  clientPriceIdr: number;
  agentPriceIdr: number;
  slaDays: number;
  slaLabel: string;
  intake: ReturnType<typeof intakeFieldListSchema.parse>;
  thirdParty: string | null;
  thirdPartyFees: ThirdPartyFee[];
  requires: CredentialKind[];
  /** Its delivery statistics as last computed (services/catalog/service-stats.ts); null while too few orders completed. */
  stats: DeliveryFigures | null;
}

/** What the Service row says of itself; the agent catalog adds its stats. */
function toCatalogService(row: Service): Omit<CatalogService, "stats"> {
  const clientPriceIdr = Number(row.clientPriceIdr);
  return {
    code: row.code,
    name: row.name,
    category: row.category,
    description: row.description,
    clientPriceIdr,
    agentPriceIdr: agentPrice(clientPriceIdr),
    slaDays: row.slaDays,
    slaLabel: row.slaLabel,
    intake: intakeFieldListSchema.parse(row.intake),
    thirdParty: row.thirdParty,
    thirdPartyFees: thirdPartyFeeListSchema.parse(row.thirdPartyFees),
    requires: row.requires.filter(isCredentialKind),
  };
}

const AGENT_VISIBLE = { agentEligible: true, active: true, internal: false } as const;

/** The service case-board work is ordered under (created by a migration; never in the catalog). */
export const CASE_WORK_SERVICE_CODE = "kasus";

/**
 * The agent catalog is read on most agent calls and changes rarely, so each process keeps it for
 * a few seconds. An edit through this module clears this process's copy at once; other
 * instances see it within CATALOG_CACHE_MS.
 */
export const CATALOG_CACHE_MS = 5_000;
// On globalThis: Next's bundle of a portal route and the custom server load this module twice in
// one process, and an operator's edit in one must clear the copy the other serves.
type CatalogCache = WeakMap<Db, { loadedAt: number; services: Promise<CatalogService[]> }>;
const CACHE_KEY = Symbol.for("kuasa.catalogCache");
const catalogCache: CatalogCache = ((globalThis as { [CACHE_KEY]?: CatalogCache })[CACHE_KEY] ??= new WeakMap());

export function invalidateCatalogCache(deps: Pick<ServiceDeps, "db">): void {
  const { db } = deps;
  catalogCache.delete(db);
}

/**
 * The agent catalog as the database holds it now, past every process's cache: for a reader that
 * must see an edit made on any instance at once (the content check, services/content-checks).
 */
export async function readAgentServices(db: DbOrTx): Promise<CatalogService[]> {
  const rows = await db.service.findMany({
    where: AGENT_VISIBLE,
    orderBy: [{ sortOrder: "asc" }, { code: "asc" }],
    // Read as the job stored them: the catalog computes nothing.
    include: { stats: true },
  });
  return rows.map((row) => ({ ...toCatalogService(row), stats: publishedStats(row.stats) }));
}

/** Only agent-eligible, active services, in catalog order. */
export async function listAgentServices(
  deps: Pick<ServiceDeps, "db">,
  // The catalog reads the same for every actor.
  { actor: _anyone }: { actor: Actor },
): Promise<CatalogService[]> {
  const { db } = deps;
  const cached = catalogCache.get(db);
  if (cached && Date.now() - cached.loadedAt < CATALOG_CACHE_MS) return cached.services;
  const services = readAgentServices(db);
  catalogCache.set(db, { loadedAt: Date.now(), services });
  // A failed load must not be served from the cache.
  services.catch(() => invalidateCatalogCache(deps));
  return services;
}

export async function getAgentService(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    code,
  }: {
    actor: Actor;
    code: string;
  },
): Promise<CatalogService> {
  const service = (
    await listAgentServices(deps, {
      actor: actor,
    })
  ).find((s) => s.code === code);
  if (!service) throw new AppError("NOT_FOUND", `No service with code "${code}" in the catalog. List the catalog with GET /v1/services.`);
  return service;
}

/** A seed entry as its Service row, at `index` in the catalog's order. */
export function serviceRowOf(entry: CatalogSeedEntry, index: number) {
  return {
    code: entry.code,
    name: entry.name,
    category: entry.category,
    description: entry.description,
    clientPriceIdr: BigInt(entry.clientPriceIdr),
    slaDays: entry.slaDays,
    slaLabel: entry.slaLabel,
    intake: intakeFieldListSchema.parse(entry.intake),
    thirdParty: entry.thirdParty,
    thirdPartyFees: thirdPartyFeeListSchema.parse(entry.thirdPartyFees),
    requires: entry.requires,
    sortOrder: index,
  };
}

/**
 * Adds the seed catalog's services that are missing. Existing rows are left alone, so the
 * operator's edits survive restarts. Returns the codes added.
 */
export async function seedCatalog(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
  }: {
    actor: SystemActor;
  },
): Promise<string[]> {
  requireActor(actor, "system");
  const { db } = deps;
  const existing = new Set((await db.service.findMany({ select: { code: true } })).map((s) => s.code));
  const missing = CATALOG_SEED.map((entry, index) => ({ entry, index })).filter(({ entry }) => !existing.has(entry.code));
  if (missing.length === 0) return [];
  await db.service.createMany({
    data: missing.map(({ entry, index }) => serviceRowOf(entry, index)),
    skipDuplicates: true,
  });
  invalidateCatalogCache(deps);
  return missing.map(({ entry }) => entry.code);
}

const toOperatorService = (row: Service) => ({
  ...toCatalogService(row),
  agentEligible: row.agentEligible,
  active: row.active,
  state: serviceState(row),
  updatedAt: row.updatedAt,
});

export interface ServiceSearch {
  /** Part of a service's name or code, any case. */
  q?: string;
  category?: string;
  state?: ServiceState;
}

/**
 * The services the operator manages, hidden and inactive ones too, narrowed by `search`, with
 * every category and required practitioner label in the catalog (for the filter and the edit
 * form's suggestions, whatever the search leaves).
 */
export async function listServicesForOperator(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    search = {},
  }: {
    actor: OperatorActor;
    search?: ServiceSearch;
  },
) {
  requireActor(actor, "operator");
  const { db } = deps;
  const q = search.q?.trim();
  const [rows, all] = await Promise.all([
    db.service.findMany({
      where: {
        internal: false,
        ...(q ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { code: { contains: q, mode: "insensitive" } }] } : {}),
        ...(search.category ? { category: search.category } : {}),
        ...(search.state ? SERVICE_STATE_SWITCHES[search.state] : {}),
      },
      orderBy: [{ sortOrder: "asc" }, { code: "asc" }],
    }),
    db.service.findMany({ where: { internal: false }, select: { category: true } }),
  ]);
  const distinct = (values: Array<string | null>) => [...new Set(values.filter((value) => value !== null))].sort();
  return {
    services: rows.map(toOperatorService),
    categories: distinct(all.map((row) => row.category)),
  };
}

/** One service as the operator manages it; internal and unknown codes are NOT_FOUND. */
export async function serviceForOperator(
  deps: Pick<ServiceDeps, "db">,
  {
    actor,
    code,
  }: {
    actor: OperatorActor;
    code: string;
  },
) {
  requireActor(actor, "operator");
  const row = await deps.db.service.findUnique({ where: { code, internal: false } });
  if (!row) throw new AppError("NOT_FOUND", `Layanan ${code} tidak ada di katalog.`);
  return toOperatorService(row);
}

/** What the operator may change on a service; the agent price follows from the client price. */
export interface ServiceChanges {
  clientPriceIdr?: number;
  /** Working days; the catalog's label follows ("5 hari kerja"). Orders already paid keep their due time. */
  slaDays?: number;
  description?: string;
  /** Credential kinds (CREDENTIAL_KINDS); empty: any verified practitioner of the field. */
  requires?: readonly string[];
  intake?: unknown;
  thirdPartyFees?: unknown;
  agentEligible?: boolean;
  active?: boolean;
}

const SERVICE_DESCRIPTION_MAX = 2_000;
/** Far above any catalog price; keeps the agent-price arithmetic well inside safe integers. */
const SERVICE_PRICE_MAX_IDR = 10_000_000_000;

type EditableField = keyof ServiceChanges;

/** The named fields of a row, as JSON for the audit log; a client price comes with the agent price it makes. */
function editable(row: Service, fields: readonly EditableField[]) {
  const all = {
    clientPriceIdr: Number(row.clientPriceIdr),
    slaDays: row.slaDays,
    description: row.description,
    requires: row.requires,
    intake: row.intake,
    thirdPartyFees: row.thirdPartyFees,
    agentEligible: row.agentEligible,
    active: row.active,
  };
  const named = Object.fromEntries(fields.map((f) => [f, all[f]])) as Record<string, InputJsonValue | null>;
  return fields.includes("clientPriceIdr") ? { ...named, agentPriceIdr: agentPrice(all.clientPriceIdr) } : named;
}

function validThirdPartyFees(fees: unknown): ThirdPartyFee[] {
  const parsed = thirdPartyFeeListSchema.safeParse(fees);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "biaya"}: ${i.message}`);
    throw new AppError("VALIDATION", `Biaya pihak ketiga tidak valid: ${issues.join("; ")}`);
  }
  return parsed.data;
}

function validIntake(intake: unknown): IntakeField[] {
  const problems = intakeFieldsProblems(intake);
  if (problems.length > 0) throw new AppError("VALIDATION", `Kolom intake tidak valid: ${problems.join(" ")}`);
  return intakeFieldListSchema.parse(intake);
}

/**
 * Operator edits of one service, validated and audited with the values before and after.
 * Orders already created keep the price and intake they were created with.
 */
export async function updateService(
  deps: Pick<ServiceDeps, "db">,
  { actor, code, changes }: { actor: Actor; code: string; changes: ServiceChanges },
) {
  const { db } = deps;
  const data: Prisma.ServiceUpdateInput = {};
  if (changes.clientPriceIdr !== undefined) {
    if (!Number.isSafeInteger(changes.clientPriceIdr) || changes.clientPriceIdr <= 0 || changes.clientPriceIdr > SERVICE_PRICE_MAX_IDR) {
      throw new AppError("VALIDATION", `Harga klien harus bilangan bulat rupiah antara 1 dan ${SERVICE_PRICE_MAX_IDR}.`);
    }
    data.clientPriceIdr = BigInt(changes.clientPriceIdr);
  }
  if (changes.slaDays !== undefined) {
    const problem = slaDaysProblem(changes.slaDays);
    if (problem) throw new AppError("VALIDATION", problem);
    data.slaDays = changes.slaDays;
    data.slaLabel = slaLabelOf(changes.slaDays);
  }
  if (changes.description !== undefined) {
    const description = changes.description.trim();
    if (!description || description.length > SERVICE_DESCRIPTION_MAX)
      throw new AppError("VALIDATION", `Deskripsi wajib diisi, paling banyak ${SERVICE_DESCRIPTION_MAX} karakter.`);
    data.description = description;
  }
  if (changes.requires !== undefined) {
    const unknown = changes.requires.filter((kind) => !isCredentialKind(kind));
    if (unknown.length > 0) throw new AppError("VALIDATION", `Jenis kredensial tidak dikenal: ${unknown.join(", ")}.`);
    data.requires = [...new Set(changes.requires)].sort(
      (a, b) => CREDENTIAL_KINDS.indexOf(a as CredentialKind) - CREDENTIAL_KINDS.indexOf(b as CredentialKind),
    );
  }
  if (changes.intake !== undefined) data.intake = validIntake(changes.intake);
  if (changes.thirdPartyFees !== undefined) data.thirdPartyFees = validThirdPartyFees(changes.thirdPartyFees);
  if (changes.agentEligible !== undefined) data.agentEligible = changes.agentEligible;
  if (changes.active !== undefined) data.active = changes.active;
  const fields = (Object.keys(changes) as EditableField[]).filter((field) => changes[field] !== undefined);
  if (fields.length === 0) throw new AppError("VALIDATION", "Tidak ada perubahan yang dikirim.");

  const updated = await db.$transaction(async (tx) => {
    const before = await tx.service.findUnique({ where: { code, internal: false } });
    if (!before) throw new AppError("NOT_FOUND", `Layanan ${code} tidak ditemukan.`);
    const after = await tx.service.update({ where: { code }, data });
    await audit(tx, {
      actor,
      action: "service.update",
      subjectType: "service",
      subjectId: code,
      data: { before: editable(before, fields), after: editable(after, fields) },
    });
    return toOperatorService(after);
  });
  invalidateCatalogCache(deps);
  return updated;
}
