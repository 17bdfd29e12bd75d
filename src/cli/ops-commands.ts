import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { nameSchema } from "@/server/api/schemas/name";
import { CLI } from "@/server/domain/access/actor";
import { MAX_STATEMENT_BYTES, statementTooLarge } from "@/server/domain/books/bank-statements/common";
import { jakartaDay, systemClock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { pageRequestOf } from "@/server/domain/paging";
import { createApiKey, createPractitioner, createUser } from "@/server/services/access";
import { importBankStatement } from "@/server/services/books";
import { closeCase } from "@/server/services/cases";
import type { ServiceDeps } from "@/server/services/deps";
import { createOrganization, searchOrganizations, setOrganizationStatus, topUpDeposit } from "@/server/services/organizations";
import { addCredential, type CredentialInput, checkedCredential } from "@/server/services/practitioners";

const actor = CLI;

/** Whole rupiah written in digits (dots or underscores as thousands separators allowed). */
function rupiah(value: string | undefined, flag: string): bigint | undefined {
  if (value === undefined) return undefined;
  const digits = value.replace(/[._]/g, "");
  if (!/^\d{1,15}$/.test(digits)) throw new AppError("VALIDATION", `--${flag} must be whole rupiah in digits, got "${value}".`);
  return BigInt(digits);
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new AppError("VALIDATION", `--${flag} is required.`);
  return value;
}

/** A person's or an organisation's name: one line, by the portals' own rule. */
function name(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const parsed = nameSchema().safeParse(value);
  if (!parsed.success) throw new AppError("VALIDATION", `--${flag} ${parsed.error.issues[0]!.message}.`);
  return parsed.data;
}

function list(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
}

/**
 * What a command runs on: the database, and the password hashing queue of the server process when
 * the command came over its control socket (runtime/ops-socket.ts), so hashing stays in one queue;
 * PUBLIC_URL for the links of the e-mails a command queues.
 */
export type OpsDeps = Pick<ServiceDeps, "db" | "passwordHashing" | "publicUrl">;

type Options = Record<string, { type: "string" | "boolean" }>;
interface Command {
  usage: string;
  options: Options;
  /** Arguments without a flag: files, read where the command runs (ops.ts makes their paths absolute). */
  files?: number;
  run(deps: OpsDeps, values: Record<string, string | boolean | undefined>, files: string[]): Promise<Record<string, unknown>>;
}

const str = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);

export const COMMANDS: Record<string, Command> = {
  "org:list": {
    usage: "org:list [--search TEXT] [--pending|--suspended] [--limit N]",
    options: { search: { type: "string" }, pending: { type: "boolean" }, suspended: { type: "boolean" }, limit: { type: "string" } },
    run: async (deps, v) => {
      const limit = Number(str(v.limit) ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw new AppError("VALIDATION", "--limit must be a whole number from 1 to 100.");
      const status = v.pending ? "menunggu_persetujuan" : v.suspended ? "ditangguhkan" : undefined;
      const page = await searchOrganizations(deps, {
        actor: actor,
        search: { q: str(v.search), status },
        page: pageRequestOf({ limit }),
      });
      return {
        organizations: page.data.map((o) => ({
          id: o.id,
          name: o.name,
          status: o.status,
          deposit_idr: Number(o.depositIdr),
          api_keys: o.apiKeys,
          live_orders: o.orders,
          created_at: o.createdAt.toISOString(),
        })),
        has_more: page.hasMore,
      };
    },
  },
  "org:create": {
    usage: "org:create --name N [--threshold IDR] [--deposit IDR] [--pending]",
    options: { name: { type: "string" }, threshold: { type: "string" }, deposit: { type: "string" }, pending: { type: "boolean" } },
    run: async (deps, v) =>
      createOrganization(deps, {
        actor,
        input: {
          name: name(required(str(v.name), "name"), "name")!,
          approvalThresholdIdr: rupiah(str(v.threshold), "threshold") ?? null,
          depositIdr: rupiah(str(v.deposit), "deposit"),
          status: v.pending ? "menunggu_persetujuan" : "aktif",
        },
      }),
  },
  "org:approve": {
    usage: "org:approve --org ID",
    options: { org: { type: "string" } },
    run: async (deps, v) => {
      await setOrganizationStatus(deps, { actor, organizationId: required(str(v.org), "org"), status: "aktif" });
      return { id: v.org, status: "aktif" };
    },
  },
  "org:suspend": {
    usage: "org:suspend --org ID",
    options: { org: { type: "string" } },
    run: async (deps, v) => {
      await setOrganizationStatus(deps, { actor, organizationId: required(str(v.org), "org"), status: "ditangguhkan" });
      return { id: v.org, status: "ditangguhkan" };
    },
  },
  "deposit:topup": {
    usage: "deposit:topup --org ID --amount IDR [--reference TEXT]",
    options: { org: { type: "string" }, amount: { type: "string" }, reference: { type: "string" } },
    run: async (deps, v) => {
      const amount = rupiah(required(str(v.amount), "amount"), "amount") as bigint;
      const result = await topUpDeposit(deps, {
        actor,
        organizationId: required(str(v.org), "org"),
        amountIdr: amount,
        reference: str(v.reference) ?? "tambah deposit lewat CLI",
      });
      return { deposit_idr: Number(result.depositIdr) };
    },
  },
  "deposit:import": {
    usage: "deposit:import FILE (a bank statement CSV: BCA Mutasi Rekening or Mandiri MCM)",
    options: {},
    files: 1,
    run: async (deps, _values, [file]) => {
      const size = await stat(file!).then(
        (found) => found.size,
        () => {
          throw new AppError("VALIDATION", `Berkas ${file} tidak ada atau tidak bisa dibaca.`);
        },
      );
      // Refused before it is read, as the service refuses it.
      if (size > MAX_STATEMENT_BYTES) throw statementTooLarge();
      const content = await readFile(file!, "utf8");
      const result = await importBankStatement({ ...deps, clock: systemClock }, { actor, fileName: path.basename(file!), content });
      return {
        import_id: result.importId,
        layout: result.layout,
        account_number: result.accountNumber,
        credited: result.credited,
        queued: result.queued,
        duplicates: result.duplicates,
        debits: result.debits,
        skipped: result.skipped,
      };
    },
  },
  "key:create": {
    usage: "key:create --org ID [--name N] [--scopes a,b] [--max-order IDR] [--monthly IDR] [--webhook-url URL] [--test]",
    options: {
      org: { type: "string" },
      name: { type: "string" },
      scopes: { type: "string" },
      "max-order": { type: "string" },
      monthly: { type: "string" },
      "webhook-url": { type: "string" },
      test: { type: "boolean" },
    },
    run: async (deps, v) => {
      const key = await createApiKey(deps, {
        actor,
        input: {
          organizationId: required(str(v.org), "org"),
          name: str(v.name),
          mode: v.test ? "test" : "live",
          scopes: list(str(v.scopes)),
          maxOrderIdr: rupiah(str(v["max-order"]), "max-order"),
          monthlyBudgetIdr: rupiah(str(v.monthly), "monthly"),
          webhookUrl: str(v["webhook-url"]) ?? null,
        },
      });
      return { key: key.token, key_id: key.keyId, webhook_secret: key.webhookSecret };
    },
  },
  "user:create": {
    usage: "user:create --email E --password P --role org_admin|operator [--org ID] [--name N]",
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      org: { type: "string" },
      name: { type: "string" },
    },
    run: async (deps, v) => {
      const role = required(str(v.role), "role");
      if (role !== "org_admin" && role !== "operator") throw new AppError("VALIDATION", "--role must be org_admin or operator.");
      return createUser(deps, {
        input: {
          email: required(str(v.email), "email"),
          password: required(str(v.password), "password"),
          role,
          organizationId: str(v.org),
          name: name(str(v.name), "name"),
        },
        actor,
      });
    },
  },
  "case:close": {
    usage: "case:close --case ID",
    options: { case: { type: "string" } },
    run: async (deps, v) => {
      const closed = await closeCase({ ...deps, clock: systemClock }, { actor, caseId: required(str(v.case), "case") });
      return { id: closed.id, status: closed.status };
    },
  },
  "practitioner:create": {
    usage:
      "practitioner:create --email E --name N --password P [--categories a,b] [--credentials kind:issuer:number[:province[:valid_until]];…]",
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      categories: { type: "string" },
      credentials: { type: "string" },
    },
    run: async (deps, v) => {
      // Checked before the account is made, so a bad credential leaves nothing half-made.
      const today = jakartaDay(systemClock.now());
      const credentials = credentialList(str(v.credentials)).map((c) => checkedCredential(c, today));
      const created = await createPractitioner(deps, {
        input: {
          email: required(str(v.email), "email"),
          name: name(required(str(v.name), "name"), "name")!,
          password: required(str(v.password), "password"),
          categories: list(str(v.categories)),
        },
        actor,
      });
      // The operator running the command checked them: recorded verified, the label follows.
      for (const input of credentials) await addCredential({ ...deps, clock: systemClock }, { actor, practitionerId: created.id, input });
      return created;
    },
  },
};

/** `kind:issuer:number[:province[:valid_until]]`, several separated by `;`. */
function credentialList(value: string | undefined): CredentialInput[] {
  if (!value?.trim()) return [];
  return value.split(";").map((one) => {
    const [kind = "", issuer = "", number = "", province = "", validUntil = ""] = one.split(":").map((part) => part.trim());
    return { kind, issuer, number, province: province || null, validUntil: validUntil || null };
  });
}

export function usage(): string {
  return ["Usage: npm run ops -- <command> [options]", ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join("\n");
}

/** Runs one operator command; throws AppError (or a parse error) for bad input. */
export async function runOpsCommand(deps: OpsDeps, argv: string[]): Promise<Record<string, unknown>> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new AppError("VALIDATION", name ? `Unknown command "${name}".\n${usage()}` : usage());
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: (command.files ?? 0) > 0 });
  } catch (err) {
    throw new AppError("VALIDATION", `${(err as Error).message}\nUsage: npm run ops -- ${command.usage}`);
  }
  if (parsed.positionals.length !== (command.files ?? 0)) throw new AppError("VALIDATION", `Usage: npm run ops -- ${command.usage}`);
  return command.run(deps, parsed.values, parsed.positionals);
}

/**
 * The command line with its file arguments made absolute against `cwd` (where the operator ran
 * npm), so a command the running server carries out (runtime/ops-socket.ts) reads the same file.
 * A line that does not parse is left as it is: running it says what is wrong.
 */
export function withAbsoluteFiles(argv: string[], cwd: string): string[] {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command?.files) return argv;
  try {
    const { tokens } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: true, tokens: true });
    const absolute = [...rest];
    for (const token of tokens) if (token.kind === "positional") absolute[token.index] = path.resolve(cwd, token.value);
    return [name!, ...absolute];
  } catch {
    return argv;
  }
}
