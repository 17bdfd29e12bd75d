import { writeFileSync } from "node:fs";
import path from "node:path";
import { runOpsCommand } from "../src/cli/ops-commands";
import { openDatabase } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { agentActor, CLI, operatorActor, practitionerActor, SEED } from "../src/server/domain/access/actor";
import { fixedClock, systemClock } from "../src/server/domain/clock";
import { readConfig } from "../src/server/runtime/config";
import { authenticateApiKey } from "../src/server/services/access";
import { seedCatalog } from "../src/server/services/catalog";
import { accounts, transfer } from "../src/server/services/money";
import { type CreateOrderInput, cancelOrder, createOrder } from "../src/server/services/orders";
import { topUpDeposit } from "../src/server/services/organizations";
import { setBankAccount, setPractitionerActive, verifyBankAccount } from "../src/server/services/practitioners";
import { DEMO_ORGANIZATION_NAME, ensureDemo } from "../src/server/services/sandbox";
import { ndaOrder } from "../src/test/nda-order";
import {
  ACCOUNT_HOLDER,
  ADVOCATE_CREDENTIAL,
  BOOKS_ADMIN,
  BOOKS_PRACTITIONER,
  CASE_ADMIN,
  CONFLICT_CLIENT,
  CONFLICT_HOLDER,
  COSTS_ADMIN,
  CREDENTIAL_HOLDER,
  DEMO_ADMIN,
  IP_CONSULTANT,
  LICENSING_PRACTITIONER,
  OAUTH_ADMIN,
  OPERATOR,
  ORG_ADMIN,
  PASSWORD_CHANGER,
  PENDING_ORGANIZATION,
  PRACTITIONER,
  PRACTITIONER_ACCOUNT,
} from "./users";

/**
 * Runs before the server in Playwright's webServer command, on the same DATA_DIR: creates the
 * journeys' users with the operator CLI's commands, the way an operator would. They run in this
 * one process on one open database (`runOpsCommand`, what `npm run ops` runs after opening the
 * database): a process of its own per command opened the embedded database 15 times per server
 * (CI, 2026-11-29). The command line itself, as a process, is proven by src/cli/ops-commands.db.test.ts
 * and src/server/runtime/ops-socket.test.ts.
 */
const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const db = database.prisma;

/** One `npm run ops -- <args>` command; its JSON answer as the command line prints it. */
async function ops(...args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(JSON.stringify(await runOpsCommand({ db }, args))) as Record<string, unknown>;
}

try {
  await migrate(database);
  // The server seeds the demo organisation (and its key file) only into an empty database; the
  // organisations created below would prevent that, so seed it first, as the first start would.
  if (config.demo.seed) {
    await ensureDemo(
      { db },
      { dataDir: config.databaseUrl ? null : config.dataDir, liveMoney: config.demo.liveMoney, portalUsers: config.demo.portalUsers },
    );
  }

  await ops(
    "practitioner:create",
    "--email",
    PRACTITIONER.email,
    "--name",
    PRACTITIONER.name,
    "--password",
    PRACTITIONER.password,
    "--credentials",
    PRACTITIONER.credentials,
    "--categories",
    PRACTITIONER.categories,
  );

  await ops(
    "practitioner:create",
    "--email",
    PASSWORD_CHANGER.email,
    "--name",
    PASSWORD_CHANGER.name,
    "--password",
    PASSWORD_CHANGER.password,
    "--credentials",
    ADVOCATE_CREDENTIAL,
  );

  const accountHolder = await ops(
    "practitioner:create",
    "--email",
    ACCOUNT_HOLDER.email,
    "--name",
    ACCOUNT_HOLDER.name,
    "--password",
    ACCOUNT_HOLDER.password,
    "--credentials",
    ADVOCATE_CREDENTIAL,
  );

  const organization = await ops(
    "org:create",
    "--name",
    ORG_ADMIN.organization,
    "--deposit",
    String(ORG_ADMIN.depositIdr),
    "--threshold",
    String(ORG_ADMIN.thresholdIdr),
  );
  await ops(
    "user:create",
    "--role",
    "org_admin",
    "--org",
    String(organization.id),
    "--email",
    ORG_ADMIN.email,
    "--password",
    ORG_ADMIN.password,
    "--name",
    ORG_ADMIN.name,
  );
  await ops("user:create", "--role", "operator", "--email", OPERATOR.email, "--password", OPERATOR.password, "--name", OPERATOR.name);
  if (config.demo.seed) {
    const demo = await db.organization.findFirstOrThrow({ where: { name: DEMO_ORGANIZATION_NAME }, select: { id: true } });
    await ops(
      "user:create",
      "--role",
      "org_admin",
      "--org",
      demo.id,
      "--email",
      DEMO_ADMIN.email,
      "--password",
      DEMO_ADMIN.password,
      "--name",
      DEMO_ADMIN.name,
    );
  }
  await ops("org:create", "--name", PENDING_ORGANIZATION, "--pending");

  await ops(
    "practitioner:create",
    "--email",
    IP_CONSULTANT.email,
    "--name",
    IP_CONSULTANT.name,
    "--password",
    IP_CONSULTANT.password,
    "--credentials",
    IP_CONSULTANT.credentials,
    "--categories",
    IP_CONSULTANT.categories,
  );
  const costsOrganization = await ops("org:create", "--name", COSTS_ADMIN.organization, "--deposit", String(COSTS_ADMIN.depositIdr));
  await ops(
    "user:create",
    "--role",
    "org_admin",
    "--org",
    String(costsOrganization.id),
    "--email",
    COSTS_ADMIN.email,
    "--password",
    COSTS_ADMIN.password,
    "--name",
    COSTS_ADMIN.name,
  );
  const oauthOrganization = await ops("org:create", "--name", OAUTH_ADMIN.organization);
  await ops(
    "user:create",
    "--role",
    "org_admin",
    "--org",
    String(oauthOrganization.id),
    "--email",
    OAUTH_ADMIN.email,
    "--password",
    OAUTH_ADMIN.password,
    "--name",
    OAUTH_ADMIN.name,
  );
  /*
   * Money and bank accounts have no CLI: through the services, as the portals would. PRACTITIONER's
   * account was entered and verified two days ago; ACCOUNT_HOLDER's balance is credited as an
   * accepted order's escrow release would credit it (their own journey is about the account, not the order).
   */
  {
    const [practitioner, operator] = await Promise.all([
      db.practitioner.findFirstOrThrow({ where: { user: { email: PRACTITIONER.email } }, select: { id: true, userId: true } }),
      db.user.findUniqueOrThrow({ where: { email: OPERATOR.email }, select: { id: true } }),
    ]);
    const twoDaysAgo = { db, clock: fixedClock(Date.now() - 2 * 24 * 60 * 60 * 1000) };
    const account = await setBankAccount(twoDaysAgo, {
      actor: practitionerActor(practitioner.userId, practitioner.id),
      input: PRACTITIONER_ACCOUNT,
    });
    await verifyBankAccount(twoDaysAgo, {
      actor: operatorActor(operator.id),
      practitionerId: practitioner.id,
      bankAccountId: account.id,
    });
    await db.$transaction((tx) =>
      transfer(tx, {
        from: accounts.externalFunding(true),
        to: accounts.practitionerPayable(String(accountHolder.id)),
        amountIdr: BigInt(ACCOUNT_HOLDER.earningsIdr),
        kind: "escrow_release",
      }),
    );
    // The OAuth journey's application orders in test mode, from the test deposit.
    await topUpDeposit(
      { db },
      {
        actor: operatorActor(operator.id),
        organizationId: String(oauthOrganization.id),
        amountIdr: BigInt(OAUTH_ADMIN.testDepositIdr),
        reference: "deposit uji e2e oauth",
        livemode: false,
      },
    );
  }

  // The chosen-offer journey's practitioner starts inactive and without a credential, as the operator would leave them before checking it.
  const licensing = await ops(
    "practitioner:create",
    "--email",
    LICENSING_PRACTITIONER.email,
    "--name",
    LICENSING_PRACTITIONER.name,
    "--password",
    LICENSING_PRACTITIONER.password,
    "--categories",
    LICENSING_PRACTITIONER.categories,
  );
  await setPractitionerActive({ db, clock: systemClock }, { actor: CLI, practitionerId: String(licensing.id), active: false });

  // The credentials journey's practitioner: no credential yet, no categories.
  await ops(
    "practitioner:create",
    "--email",
    CREDENTIAL_HOLDER.email,
    "--name",
    CREDENTIAL_HOLDER.name,
    "--password",
    CREDENTIAL_HOLDER.password,
  );

  const caseOrganization = await ops("org:create", "--name", CASE_ADMIN.organization, "--deposit", String(CASE_ADMIN.depositIdr));
  await ops(
    "user:create",
    "--role",
    "org_admin",
    "--org",
    String(caseOrganization.id),
    "--email",
    CASE_ADMIN.email,
    "--password",
    CASE_ADMIN.password,
    "--name",
    CASE_ADMIN.name,
  );

  // The conflicts journey's practitioner, the only one in the disputes field, and the live key of an
  // organisation of its own that orders from them (kept in the data directory, as the demo key is).
  await ops(
    "practitioner:create",
    "--email",
    CONFLICT_HOLDER.email,
    "--name",
    CONFLICT_HOLDER.name,
    "--password",
    CONFLICT_HOLDER.password,
    "--credentials",
    CONFLICT_HOLDER.credentials,
    "--categories",
    CONFLICT_HOLDER.categories,
  );
  const conflictClient = await ops("org:create", "--name", CONFLICT_CLIENT.organization, "--deposit", String(CONFLICT_CLIENT.depositIdr));
  const conflictKey = await ops("key:create", "--org", String(conflictClient.id), "--name", "Agen sengketa e2e");
  writeFileSync(path.join(config.dataDir, CONFLICT_CLIENT.keyFile), `${String(conflictKey.key)}\n`, { mode: 0o600 });

  // The books journey: an organisation of its own with a live deposit, a live order paid and
  // cancelled here (before the server runs, so no practitioner is ever offered it) and a sandbox
  // key; and a practitioner whose earnings and payout are recorded as the ledger records them.
  const booksOrganization = await ops("org:create", "--name", BOOKS_ADMIN.organization, "--deposit", String(BOOKS_ADMIN.depositIdr));
  await ops(
    "user:create",
    "--role",
    "org_admin",
    "--org",
    String(booksOrganization.id),
    "--email",
    BOOKS_ADMIN.email,
    "--password",
    BOOKS_ADMIN.password,
    "--name",
    BOOKS_ADMIN.name,
  );
  const booksKey = await ops("key:create", "--org", String(booksOrganization.id), "--name", "Agen buku e2e");
  const booksTestKey = await ops("key:create", "--org", String(booksOrganization.id), "--name", "Agen buku uji e2e", "--test");
  writeFileSync(path.join(config.dataDir, BOOKS_ADMIN.testKeyFile), `${String(booksTestKey.key)}\n`, { mode: 0o600 });
  {
    // The catalog the server seeds at start, seeded here first for the order (the server adds only what is missing).
    await seedCatalog({ db }, { actor: SEED });
    const deps = { db, clock: systemClock };
    const agent = agentActor(await authenticateApiKey(deps, { authorization: `Bearer ${String(booksKey.key)}` }));
    const order = await createOrder(deps, { actor: agent, input: ndaOrder() as CreateOrderInput });
    await cancelOrder(deps, { actor: agent, orderId: order.id, reason: "Pesanan ganda." });
  }
  const booksPractitioner = await ops(
    "practitioner:create",
    "--email",
    BOOKS_PRACTITIONER.email,
    "--name",
    BOOKS_PRACTITIONER.name,
    "--password",
    BOOKS_PRACTITIONER.password,
    "--credentials",
    ADVOCATE_CREDENTIAL,
  );
  {
    const payable = accounts.practitionerPayable(String(booksPractitioner.id));
    await db.$transaction((tx) =>
      transfer(tx, {
        from: accounts.externalFunding(true),
        to: payable,
        amountIdr: BigInt(BOOKS_PRACTITIONER.earningsIdr),
        kind: "escrow_release",
      }),
    );
    await db.$transaction((tx) =>
      transfer(tx, {
        from: payable,
        to: accounts.externalFunding(true),
        amountIdr: BigInt(BOOKS_PRACTITIONER.payoutIdr),
        kind: "practitioner_payout",
        reference: "BCA 7781-E2E",
      }),
    );
  }
} finally {
  await database.close();
}
