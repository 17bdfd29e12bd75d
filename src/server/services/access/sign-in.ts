import { createHash, randomBytes } from "node:crypto";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { requireActor, type SystemActor, VISITOR } from "@/server/domain/access/actor";
import { DEVICE_LINK_MINUTES, linkedDevice, signDeviceCookie, signDeviceLink, trustedDevice } from "@/server/domain/access/device-cookie";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { backoffSeconds, SIGN_IN_BACKOFF, type SignInBackoffPolicy, type SignInDimension } from "@/server/domain/access/sign-in-backoff";
import { AppError } from "@/server/domain/errors";
import { publicLink } from "@/server/domain/public-url";
import { audit } from "../audit";
import { publicUrlOf, type ServiceDeps } from "../deps";
import { enqueueEmail } from "../notifications";
import { verifyPassword } from "./passwords";
import { findPortalAccount } from "./portal-users";
import { type RateLimitStore, storeLimiter } from "./rate-limit";

/**
 * `deviceLink` on a refusal: the per-account count held this new device back, so the way in now
 * is the device link e-mailed to the account (whether or not the e-mail exists, and whether this
 * attempt sent one or an earlier one did, the answer is the same).
 */
export type SignInResult =
  | { ok: true; user: PortalUser; deviceCookie?: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number; deviceLink?: true };

type Admission =
  | { admitted: true; counted: SignInDimension[]; held: SignInDimension[] }
  | { admitted: false; retryAfterSeconds: number; accountWide: boolean };

/** Counts never reach this; penalty() on a counter must not be refused. */
const UNBOUNDED = 2 ** 30;

/**
 * Sign-in attempts counted and slowed (domain/access/sign-in-backoff.ts) in the rate-limit store: memory
 * on the embedded database, the shared "RateLimit" table on PostgreSQL, so every instance sees the
 * same counts. An attempt is counted before its password is checked, atomically, so parallel
 * guesses cannot slip past the count; an attempt past the free ones must hold its dimension's
 * turn, which only one attempt at a time can take.
 */
export class SignInThrottle {
  private readonly attempts: RateLimiterAbstract;
  private readonly turns: RateLimiterAbstract;
  private readonly known: RateLimiterAbstract;
  private readonly links: RateLimiterAbstract;

  constructor(
    store: RateLimitStore,
    private readonly policy: SignInBackoffPolicy = SIGN_IN_BACKOFF,
  ) {
    this.attempts = storeLimiter(store, { keyPrefix: "signin-attempts", points: UNBOUNDED, duration: policy.windowSeconds });
    this.turns = storeLimiter(store, { keyPrefix: "signin-turn", points: 1, duration: policy.rules.pair.maxWaitSeconds });
    this.known = storeLimiter(store, { keyPrefix: "signin-known", points: UNBOUNDED, duration: policy.knownAddressSeconds });
    this.links = storeLimiter(store, { keyPrefix: "signin-link", points: 1, duration: policy.deviceLinkEmailSeconds });
  }

  /** Counts an attempt and says whether it may check its password now, or how many seconds to wait. */
  async admit(email: string, address: string, device: string | null = null): Promise<Admission> {
    const keys = keysOf(email, address, device);
    // A device that signed in to the account before is counted on its own: guesses from elsewhere
    // (other addresses, other devices behind the same one) never slow it.
    const known = device === null && (await this.known.get(keys.pair)) !== null;
    // From an address the account signed in from before, other addresses' guesses never slow the owner.
    const dimensions: SignInDimension[] = device ? ["device"] : known ? ["pair", "address"] : ["pair", "account", "address"];
    const counted = await Promise.all(
      dimensions.map(async (dimension) => ({ dimension, prior: (await this.attempts.penalty(keys[dimension])).consumedPoints - 1 })),
    );
    const turns = await Promise.all(
      counted.map(async ({ dimension, prior }) => {
        const wait = backoffSeconds(prior, this.policy.rules[dimension]);
        if (wait === 0) return { dimension, held: false, refusedMs: 0 };
        try {
          await this.turns.consume(keys[dimension], 1, { customDuration: wait });
          return { dimension, held: true, refusedMs: 0 };
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          return { dimension, held: false, refusedMs: Math.max(1, rejection.msBeforeNext) };
        }
      }),
    );
    const refusedMs = Math.max(...turns.map((turn) => turn.refusedMs));
    const held = turns.filter((turn) => turn.held).map((turn) => turn.dimension);
    if (refusedMs === 0) return { admitted: true, counted: dimensions, held };
    // A refused attempt checks no password, so it neither counts nor keeps the turns it took.
    await this.giveBack(email, address, device, dimensions, held);
    const accountWide = turns.some((turn) => turn.dimension === "account" && turn.refusedMs > 0);
    return { admitted: false, retryAfterSeconds: Math.ceil(refusedMs / 1000), accountWide };
  }

  /** Whether a device link may be e-mailed to the account now: one per deviceLinkEmailSeconds. */
  async mayEmailDeviceLink(email: string): Promise<boolean> {
    try {
      await this.links.consume(accountKey(email));
      return true;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return false;
    }
  }

  /** An admitted attempt that checked no password after all (the hashing queue was full): as if it never came. */
  async giveBack(
    email: string,
    address: string,
    device: string | null,
    counted: readonly SignInDimension[],
    held: readonly SignInDimension[],
  ): Promise<void> {
    const keys = keysOf(email, address, device);
    await Promise.all([
      ...counted.map((dimension) => this.attempts.reward(keys[dimension])),
      ...held.map((dimension) => this.turns.delete(keys[dimension])),
    ]);
  }

  /**
   * The right password: only failures stay counted (an office signing in many people from one
   * address is not slowed), this address starts afresh for this account and is known to it.
   */
  async succeeded(email: string, address: string, device: string | null, counted: readonly SignInDimension[]): Promise<void> {
    const keys = keysOf(email, address, device);
    const fresh = new Set<SignInDimension>(["pair", "device"]);
    await Promise.all([
      ...counted.filter((dimension) => !fresh.has(dimension)).map((dimension) => this.attempts.reward(keys[dimension])),
      ...counted
        .filter((dimension) => fresh.has(dimension))
        .flatMap((dimension) => [this.attempts.delete(keys[dimension]), this.turns.delete(keys[dimension])]),
      this.known.set(keys.pair, 1, this.policy.knownAddressSeconds),
    ]);
  }
}

/** The account as the store keys and device cookies name it: the e-mail hashed, so neither holds people's mailbox addresses. */
function accountKey(email: string): string {
  return createHash("sha256").update(email).digest("base64url").slice(0, 32);
}

function keysOf(email: string, address: string, device: string | null): Record<SignInDimension, string> {
  const account = accountKey(email);
  return { pair: `${account}|${address}`, account, address: `@${address}`, device: `${account}#${device ?? ""}` };
}

/** What a full hashing queue tells the sign-in form: a short wait, not a wrong password. */
const BUSY_RETRY_SECONDS = 2;

/** Device cookies and links (domain/access/device-cookie.ts): the server's key, the cookie the browser sent and the link the form carried, if any. */
export interface SignInDevice {
  key: Buffer;
  cookie: string | undefined;
  link?: string;
}

type SignInDeps = Pick<ServiceDeps, "db" | "clock" | "passwordHashing" | "publicUrl">;

/**
 * E-mails the account's owner a device link (at most one per deviceLinkEmailSeconds): the way in
 * for the owner's new device while guesses from many addresses hold the per-account count. Nothing
 * for an e-mail without an account; the caller answers the same either way.
 */
async function emailDeviceLink(deps: SignInDeps, throttle: SignInThrottle, email: string, account: string, key: Buffer): Promise<void> {
  if (!(await throttle.mayEmailDeviceLink(email))) return;
  const found = await findPortalAccount(deps, { email });
  if (!found) return;
  const now = deps.clock.now();
  const device = randomBytes(18).toString("base64url");
  const expiresAt = new Date(now.getTime() + DEVICE_LINK_MINUTES * 60_000);
  const link = publicLink(publicUrlOf(deps), `/masuk?perangkat=${signDeviceLink(key, account, device, expiresAt)}`);
  await deps.db.$transaction(async (tx) => {
    await enqueueEmail(tx, {
      to: found.user.email,
      subject: "Tautan masuk Kuasa untuk perangkat baru",
      text: [
        `Halo ${found.user.name},`,
        "",
        "Ada banyak percobaan masuk yang gagal ke akun Kuasa Anda dari berbagai alamat, sehingga masuk dari perangkat baru sedang diperlambat.",
        `Jika Anda ingin masuk dari perangkat baru, buka tautan ini di perangkat itu (berlaku ${DEVICE_LINK_MINUTES} menit), lalu masuk dengan e-mail dan kata sandi Anda seperti biasa:`,
        link,
        "",
        "Tautan ini tidak menggantikan kata sandi. Jika bukan Anda yang mencoba masuk, abaikan e-mail ini; pertimbangkan mengganti kata sandi bila kata sandi Anda juga dipakai di tempat lain.",
      ].join("\n"),
      dedupeKey: `device-link:${account}:${device}`,
    });
    await audit(tx, {
      actor: VISITOR,
      action: "user.device_link",
      subjectType: "user",
      subjectId: found.user.id,
      data: { expires_at: expiresAt.toISOString() },
    });
  });
}

/**
 * Checks e-mail and password for someone at `address` (the custom server's client address), under
 * the throttle. A deactivated practitioner, or a stored value that is not an argon2 hash (simulated
 * practitioners), never signs in. An unknown e-mail is checked against a dummy hash of the same
 * cost, so it answers no faster than a wrong password. With `device`, a cookie this server signed
 * for the account, or a device link it e-mailed and that has not expired, puts the attempt under
 * that device's own count, and a success answers the cookie to keep (a new device id each time).
 * A new device held back by the per-account count (a distributed attack) has the owner e-mailed a
 * device link: slowing the guesses never keeps the owner out.
 */
export async function signIn(
  deps: SignInDeps,
  {
    actor,
    throttle,
    email,
    password,
    address,
    device,
  }: {
    actor: SystemActor;
    throttle: SignInThrottle;
    email: string;
    password: string;
    address: string;
    device?: SignInDevice;
  },
): Promise<SignInResult> {
  requireActor(actor, "system");
  const normalised = email.trim().toLowerCase();
  const account = accountKey(normalised);
  const trusted = device
    ? (trustedDevice(device.key, device.cookie, account) ?? linkedDevice(device.key, device.link, account, deps.clock.now()))
    : null;
  const admission = await throttle.admit(normalised, address, trusted);
  if (!admission.admitted) {
    const { retryAfterSeconds } = admission;
    if (!admission.accountWide || !device) return { ok: false, reason: "rate_limited", retryAfterSeconds };
    await emailDeviceLink(deps, throttle, normalised, account, device.key);
    return { ok: false, reason: "rate_limited", retryAfterSeconds, deviceLink: true };
  }
  const found = await findPortalAccount(deps, { email: normalised });
  let valid: boolean;
  try {
    valid = await verifyPassword(deps, { stored: found?.passwordHash ?? null, password });
  } catch (err) {
    if (!(err instanceof AppError && err.code === "RATE_LIMITED")) throw err;
    await throttle.giveBack(normalised, address, trusted, admission.counted, admission.held);
    return { ok: false, reason: "rate_limited", retryAfterSeconds: BUSY_RETRY_SECONDS };
  }
  if (!valid || !found) return { ok: false, reason: "invalid" };
  await throttle.succeeded(normalised, address, trusted, admission.counted);
  return {
    ok: true,
    user: found.user,
    ...(device ? { deviceCookie: signDeviceCookie(device.key, account, randomBytes(18).toString("base64url")) } : {}),
  };
}
