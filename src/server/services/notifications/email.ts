import { createTransport } from "nodemailer";
import type { DbOrTx } from "@/server/db/client";
import { findDueRows } from "@/server/db/due-rows";
import { requireActor, type SystemActor } from "@/server/domain/access/actor";
import type { DueQuery, DueRow } from "@/server/domain/due-row";
import { newId } from "@/server/domain/ids";
import { logger } from "@/server/log";
import type { ServiceDeps } from "../deps";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** One notice, one message: e.g. `offer:<offerId>`; a second enqueue with the same key does nothing. */
  dedupeKey: string;
}

/**
 * Queues an e-mail in the caller's transaction, so it is sent exactly when what it tells about was
 * committed; the job engine sends it (with retries) when SMTP is configured.
 */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<void> {
  await tx.emailMessage.createMany({
    data: [{ id: newId("email"), dedupeKey: email.dedupeKey, toAddress: email.to, subject: email.subject, text: email.text }],
    skipDuplicates: true,
  });
}

/** Queues several e-mails in one statement (a batch of offers); duplicates of a dedupeKey are skipped. */
export async function enqueueEmails(tx: DbOrTx, emails: readonly OutgoingEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.emailMessage.createMany({
    data: emails.map((email) => ({
      id: newId("email"),
      dedupeKey: email.dedupeKey,
      toAddress: email.to,
      subject: email.subject,
      text: email.text,
    })),
    skipDuplicates: true,
  });
}

/** Sends one e-mail or throws; built once per process from SMTP_URL (smtpSender). */
export interface EmailSender {
  send(email: { id: string; to: string; subject: string; text: string }): Promise<void>;
}

/**
 * An SMTP sender through nodemailer (one transport; `?pool=true` in SMTP_URL keeps connections open). The Message-ID comes from the outbox
 * row, so a message sent again after a crash mid-send is recognisable as the same one.
 */
export function smtpSender(smtpUrl: string, from: string): EmailSender {
  // Short timeouts: a send holds its claim (EMAIL_SEND_LEASE_MS), and a stuck server must not outlast it.
  const transport = createTransport(smtpUrl, { from, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? "kuasa.invalid";
  return {
    async send(email) {
      await transport.sendMail({ to: email.to, subject: email.subject, text: email.text, messageId: `<${email.id}@${domain}>` });
    },
  };
}

/** Waits after each failed attempt; after EMAIL_MAX_ATTEMPTS the e-mail is given up (gagal). */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;
/** How long a claimed e-mail is left to its sender before another handler may take it (a crash mid-send). */
export const EMAIL_SEND_LEASE_MS = 5 * 60_000;
/** Without SMTP_URL, queued e-mails are looked at again this much later (they wait for a restart with SMTP). */
export const EMAIL_UNCONFIGURED_RECHECK_MS = 15 * 60_000;

export const EMAIL_DELIVERY_JOB = "email-delivery";

/** Queued e-mails due for an attempt, most overdue first. */
export async function findDueEmails(deps: Pick<ServiceDeps, "db">, { actor, cutoff, limit }: DueQuery): Promise<DueRow[]> {
  requireActor(actor, "system");
  return findDueRows((query) => deps.db.emailMessage.findMany(query), "nextAttemptAt", { status: "menunggu" }, cutoff, limit);
}

export type EmailAttempt = { result: "sent" } | { result: "failed"; retryAt: Date | null } | { result: "skipped"; retryAt: Date | null };

/**
 * One attempt at a queued e-mail. The attempt is claimed first by a conditional UPDATE (due and
 * still queued), which also moves its next time past the lease and counts the attempt, so two
 * concurrent handlers send it once; a crash mid-send leaves it to be tried again after the lease.
 */
export async function deliverEmail(
  deps: Pick<ServiceDeps, "db" | "clock"> & { email?: EmailSender },
  {
    actor,
    emailId,
  }: {
    actor: SystemActor;
    emailId: string;
  },
): Promise<EmailAttempt> {
  requireActor(actor, "system");
  const { db } = deps;
  const now = deps.clock.now();
  const due = { id: emailId, status: "menunggu" as const, nextAttemptAt: { lte: now } };
  if (!deps.email) {
    const later = new Date(now.getTime() + EMAIL_UNCONFIGURED_RECHECK_MS);
    await db.emailMessage.updateMany({ where: due, data: { nextAttemptAt: later } });
    return { result: "skipped", retryAt: later };
  }
  const [claimed] = await db.emailMessage.updateManyAndReturn({
    where: due,
    data: { nextAttemptAt: new Date(now.getTime() + EMAIL_SEND_LEASE_MS), attempts: { increment: 1 } },
  });
  if (!claimed) return { result: "skipped", retryAt: null };
  try {
    await deps.email.send({ id: claimed.id, to: claimed.toAddress, subject: claimed.subject, text: claimed.text });
  } catch (err) {
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const givenUp = claimed.attempts >= EMAIL_MAX_ATTEMPTS;
    const retryAt = givenUp ? null : new Date(deps.clock.now().getTime() + EMAIL_RETRY_DELAYS_MS[claimed.attempts - 1]!);
    await db.emailMessage.updateMany({
      where: { id: claimed.id, status: "menunggu" },
      data: givenUp ? { status: "gagal", nextAttemptAt: null, lastError } : { nextAttemptAt: retryAt, lastError },
    });
    logger.warn({ emailId: claimed.id, attempt: claimed.attempts, givenUp, err: lastError }, "e-mail not sent");
    return { result: "failed", retryAt };
  }
  await db.emailMessage.updateMany({
    where: { id: claimed.id, status: "menunggu" },
    data: { status: "terkirim", sentAt: deps.clock.now(), nextAttemptAt: null, lastError: null },
  });
  return { result: "sent" };
}
