/**
 * The acceptance scenario's world: 50 organisations, each with its own key, deposit and
 * practitioner, and delivered (`diserahkan`) orders whose price sits in escrow, written in a few
 * set-based statements as the order path would have left them (escrow account, payment transfer and
 * its two entries, the deposit debited). POST /v1/orders/{id}/accept then releases each escrow to
 * its practitioner and the platform, spread over every organisation, so no deposit or payable row
 * is shared; what is left to contend on is the platform's revenue.
 */
import pg from "pg";
import { openDatabase } from "@/server/db/client";
import { SEED } from "@/server/domain/access/actor";
import { newId } from "@/server/domain/ids";
import { agentPrice } from "@/server/domain/money/pricing";
import { createApiKey, createPractitioner } from "@/server/services/access";
import { createOrganization } from "@/server/services/organizations";

export interface AcceptanceOrder {
  orderId: string;
  token: string;
}

const SERVICE = "perjanjian_kerahasiaan";

export async function prepareAcceptances(databaseUrl: string, organizations: number, ordersEach: number): Promise<AcceptanceOrder[]> {
  const database = await openDatabase({ databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const db = database.prisma;
    const actor = SEED;
    const service = await db.service.findUniqueOrThrow({ where: { code: SERVICE } });
    const clientPrice = service.clientPriceIdr;
    const price = BigInt(agentPrice(Number(clientPrice)));
    const prepared: AcceptanceOrder[] = [];
    const rows = {
      order: [] as string[],
      org: [] as string[],
      key: [] as string[],
      practitioner: [] as string[],
      escrow: [] as string[],
      transfer: [] as string[],
      debit: [] as string[],
      credit: [] as string[],
    };
    for (let i = 0; i < organizations; i++) {
      const org = await createOrganization({ db }, { actor, input: { name: `Bench accept ${i}`, depositIdr: price * BigInt(ordersEach) } });
      const key = await createApiKey(
        { db },
        {
          actor,
          input: {
            organizationId: org.id,
            maxOrderIdr: price,
            monthlyBudgetIdr: price * BigInt(ordersEach) * 2n,
          },
        },
      );
      const practitioner = await createPractitioner(
        { db },
        { input: { email: `accept${i}@bench.id`, name: `Bench ${i}`, password: "bench-password-1", categories: ["kontrak"] }, actor },
      );
      for (let n = 0; n < ordersEach; n++) {
        const orderId = newId("order");
        rows.order.push(orderId);
        rows.org.push(org.id);
        rows.key.push(key.id);
        rows.practitioner.push(practitioner.id);
        rows.escrow.push(newId("ledgerAccount"));
        rows.transfer.push(newId("ledgerTransfer"));
        rows.debit.push(newId("ledgerEntry"));
        rows.credit.push(newId("ledgerEntry"));
        prepared.push({ orderId, token: key.token });
      }
    }
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "Order" ("id", "organizationId", "apiKeyId", "serviceCode", "status", "priceIdr", "clientPriceIdr", "intake", "practitionerId",
                            "deliverable", "paidAt", "slaDueAt", "autoAcceptAt", "livemode", "updatedAt")
       SELECT o, g, k, $4, 'diserahkan', $5, $6, '{}'::jsonb, p, 'Draf NDA terlampir.', now(), now() + interval '3 days', now() + interval '7 days', true, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $7::text[]) AS t(o, g, k, p)`,
      [rows.order, rows.org, rows.key, SERVICE, price, clientPrice, rows.practitioner],
    );
    await client.query(
      `INSERT INTO "LedgerAccount" ("id", "code", "kind", "livemode", "organizationId", "orderId", "balanceIdr")
       SELECT a, 'order_escrow:' || o, 'order_escrow', true, g, o, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS t(a, o, g)`,
      [rows.escrow, rows.order, rows.org, price],
    );
    await client.query(
      `INSERT INTO "LedgerTransfer" ("id", "kind", "reference") SELECT t, 'order_payment', o FROM unnest($1::text[], $2::text[]) AS x(t, o)`,
      [rows.transfer, rows.order],
    );
    await client.query(
      `INSERT INTO "LedgerEntry" ("id", "transferId", "accountId", "amountIdr")
       SELECT d, t, (SELECT "id" FROM "LedgerAccount" WHERE "code" = 'org_deposit:' || g), -$6::bigint FROM unnest($1::text[], $2::text[], $3::text[]) AS x(d, t, g)
       UNION ALL
       SELECT c, t, a, $6::bigint FROM unnest($4::text[], $2::text[], $5::text[]) AS y(c, t, a)`,
      [rows.debit, rows.transfer, rows.org, rows.credit, rows.escrow, price],
    );
    await client.query(`UPDATE "LedgerAccount" SET "balanceIdr" = 0 WHERE "kind" = 'org_deposit' AND "organizationId" = ANY($1::text[])`, [
      [...new Set(rows.org)],
    ]);
    await client.query("COMMIT");
    return prepared;
  } finally {
    await client.end();
    await database.close();
  }
}

/** After the scenario: the ledger's own checks, so a fast figure is never a wrong one. */
export async function ledgerProblems(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const problems: string[] = [];
    const { rows: sums } = await client.query(
      `SELECT a."livemode", SUM(e."amountIdr")::text AS sum FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a."id" = e."accountId" GROUP BY a."livemode" HAVING SUM(e."amountIdr") <> 0`,
    );
    for (const row of sums) problems.push(`${row.livemode ? "live" : "test"} entries sum to ${row.sum}, not 0`);
    const { rows: cached } = await client.query(
      `SELECT a."code" FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a."id" GROUP BY a."id" HAVING a."balanceIdr" <> COALESCE(SUM(e."amountIdr"), 0)`,
    );
    for (const row of cached) problems.push(`${row.code}: cached balance differs from its entries`);
    const { rows: escrows } = await client.query(
      `SELECT o."id" FROM "Order" o JOIN "LedgerAccount" a ON a."orderId" = o."id" AND a."kind" = 'order_escrow'
       WHERE a."balanceIdr" <> CASE WHEN o."status" IN ('selesai', 'dibatalkan', 'direfund') THEN 0 ELSE o."priceIdr" END`,
    );
    for (const row of escrows) problems.push(`${row.id}: escrow does not match its status`);
    return problems;
  } finally {
    await client.end();
  }
}
