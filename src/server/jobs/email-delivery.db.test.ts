import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SWEEPER } from "@/server/domain/access/actor";
import { fixedClock } from "@/server/domain/clock";
import {
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RETRY_DELAYS_MS,
  EMAIL_SEND_LEASE_MS,
  EMAIL_UNCONFIGURED_RECHECK_MS,
  enqueueEmail,
  smtpSender,
} from "@/server/services/notifications";
import { createTestDatabase, type TestDatabase, testDatabaseKind } from "@/test/db";
import { raceBehindLock } from "@/test/races";
import { startTestSmtp, type TestSmtpServer } from "@/test/smtp-server";
import { testWebhookSettings } from "@/test/webhooks";
import { emailDeliveryJob } from "./email-delivery";
import type { JobDeps } from "./types";

let smtp: TestSmtpServer;
let refuse: false | "550" = false;

let database: TestDatabase;
const clock = fixedClock(Date.now());
const deps = (withSender = true): JobDeps => ({
  db: database.prisma,
  clock,
  webhooks: testWebhookSettings,
  email: withSender ? smtpSender(smtp.url, "Kuasa <noreply@kuasa.test>") : undefined,
});

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp({ refuse: () => refuse !== false });
});

beforeEach(() => {
  smtp.received.length = 0;
  refuse = false;
});

afterAll(async () => {
  await smtp?.close();
  await database?.destroy();
});

let count = 0;
async function queued(): Promise<string> {
  count++;
  const dedupeKey = `test:${count}:${Date.now()}`;
  await enqueueEmail(database.prisma, {
    to: `praktisi${count}@contoh.id`,
    subject: `Tawaran baru ${count}`,
    text: `Halo Praktisi ${count},\n\nAda tawaran pesanan baru untuk Anda.`,
    dedupeKey,
  });
  const { id, nextAttemptAt } = await database.prisma.emailMessage.findUniqueOrThrow({ where: { dedupeKey } });
  // Queued rows are due from the database's time; the test's clock catches up with it.
  clock.set(nextAttemptAt!);
  return id;
}

const row = (id: string) => database.prisma.emailMessage.findUniqueOrThrow({ where: { id } });

describe("the email-delivery job", () => {
  it("finds a queued e-mail due and delivers it over SMTP with its From, To, Subject, Message-ID and text", async () => {
    const id = await queued();
    expect(
      (await emailDeliveryJob.findDue({ db: database.prisma }, { actor: SWEEPER, cutoff: clock.now(), limit: 100 })).map((r) => r.id),
    ).toContain(id);

    expect(await emailDeliveryJob.handle(deps(), id)).toBeUndefined();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: "noreply@kuasa.test", to: [`praktisi${count}@contoh.id`] });
    expect(mail!.raw).toMatch(/^From: Kuasa <noreply@kuasa\.test>$/m);
    expect(mail!.raw).toMatch(new RegExp(`^To: praktisi${count}@contoh\\.id$`, "m"));
    expect(mail!.raw).toMatch(new RegExp(`^Subject: Tawaran baru ${count}$`, "m"));
    expect(mail!.raw).toMatch(new RegExp(`^Message-ID: <${id}@kuasa\\.test>$`, "m"));
    expect(mail!.raw).toContain("Ada tawaran pesanan baru untuk Anda.");
    expect(await row(id)).toMatchObject({ status: "terkirim", attempts: 1, nextAttemptAt: null, lastError: null, sentAt: clock.now() });
    expect(
      (await emailDeliveryJob.findDue({ db: database.prisma }, { actor: SWEEPER, cutoff: clock.now(), limit: 100 })).map((r) => r.id),
    ).not.toContain(id);
  });

  it("retries a refused e-mail after 1, 5, 30 and 120 minutes, then gives it up as gagal with the server's answer", async () => {
    refuse = "550";
    const id = await queued();
    for (let attempt = 1; attempt < EMAIL_MAX_ATTEMPTS; attempt++) {
      const retryAt = new Date(clock.now().getTime() + EMAIL_RETRY_DELAYS_MS[attempt - 1]!);
      expect(await emailDeliveryJob.handle(deps(), id)).toEqual({ retryAt });
      expect(await row(id)).toMatchObject({ status: "menunggu", attempts: attempt, nextAttemptAt: retryAt });
      // Not due before its time: a handler run early changes nothing.
      expect(await emailDeliveryJob.handle(deps(), id)).toBeUndefined();
      expect((await row(id)).attempts).toBe(attempt);
      clock.set(retryAt);
    }
    expect(await emailDeliveryJob.handle(deps(), id)).toBeUndefined();
    const given = await row(id);
    expect(given).toMatchObject({ status: "gagal", attempts: EMAIL_MAX_ATTEMPTS, nextAttemptAt: null, sentAt: null });
    expect(given.lastError).toMatch(/550/);
    expect(smtp.received).toEqual([]);
  });

  it("sends once when two handlers take the same e-mail at the same time", async () => {
    const id = await queued();
    await Promise.all([emailDeliveryJob.handle(deps(), id), emailDeliveryJob.handle(deps(), id)]);
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "terkirim", attempts: 1 });
  });

  it.runIf(testDatabaseKind === "postgres")(
    "sends once when two handlers are released together from behind a lock on the e-mail's row",
    async () => {
      const id = await queued();
      const results = await raceBehindLock(
        database.url!,
        { sql: `SELECT "id" FROM "EmailMessage" WHERE "id" = $1 FOR UPDATE`, params: [id] },
        [() => emailDeliveryJob.handle(deps(), id), () => emailDeliveryJob.handle(deps(), id)],
      );
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(smtp.received).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: "terkirim", attempts: 1 });
    },
  );

  it("sends again after the lease when a handler claimed an e-mail and never finished (a crash mid-send)", async () => {
    const id = await queued();
    await database.prisma.emailMessage.update({
      where: { id },
      data: { attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + EMAIL_SEND_LEASE_MS) },
    });
    expect(await emailDeliveryJob.handle(deps(), id)).toBeUndefined();
    expect(smtp.received).toEqual([]);
    clock.advance(EMAIL_SEND_LEASE_MS);
    await emailDeliveryJob.handle(deps(), id);
    expect(smtp.received).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "terkirim", attempts: 2 });
  });

  it("without SMTP configured, keeps the e-mail queued, unattempted, and looks again later", async () => {
    const id = await queued();
    expect(await emailDeliveryJob.handle(deps(false), id)).toBeUndefined();
    expect(await row(id)).toMatchObject({
      status: "menunggu",
      attempts: 0,
      nextAttemptAt: new Date(clock.now().getTime() + EMAIL_UNCONFIGURED_RECHECK_MS),
    });
    clock.advance(EMAIL_UNCONFIGURED_RECHECK_MS);
    await emailDeliveryJob.handle(deps(), id);
    expect(await row(id)).toMatchObject({ status: "terkirim", attempts: 1 });
  });
});
