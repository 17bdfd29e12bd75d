import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * OWASP's device cookie for sign-in throttling: a device that signed in to an account carries
 * `<account>.<device>.<mac>`, signed with a key only the server has. Its attempts at that account
 * are counted for that device alone, so guesses from elsewhere never slow it. Pure: the caller
 * draws the device id and holds the key.
 */

/** How long a device stays known without signing in again (each sign-in renews it). */
export const DEVICE_COOKIE_DAYS = 90;

const PART = /^[A-Za-z0-9_-]{16,64}$/;

/** The HMAC key for device cookies, derived from the session secret so one secret serves one purpose each. */
export function deviceCookieKey(sessionSecret: string): Buffer {
  return createHash("sha256").update("kuasa device cookie\0").update(sessionSecret).digest();
}

function mac(key: Buffer, account: string, device: string): Buffer {
  return createHmac("sha256", key).update(`${account}.${device}`).digest();
}

/** The cookie's value for `device` (random, at least 16 characters) on `account` (an opaque key of the account). */
export function signDeviceCookie(key: Buffer, account: string, device: string): string {
  return `${account}.${device}.${mac(key, account, device).toString("base64url")}`;
}

/** The device id when `value` is a cookie this server signed for `account`, otherwise null. */
export function trustedDevice(key: Buffer, value: string | undefined, account: string): string | null {
  const [claimed, device, signature, ...rest] = value?.split(".") ?? [];
  if (rest.length > 0 || claimed !== account || !device || !PART.test(device) || !signature) return null;
  const expected = mac(key, account, device);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
}

/**
 * An e-mailed device link: a device id for `account` until `expiresAt`, sent to the account's
 * owner when a distributed attack keeps new devices waiting (services/access/sign-in.ts). The
 * owner opens it on their new device; sign-in then counts that device on its own, as a cookie's.
 * Its MAC is of another message than a cookie's, so neither passes for the other.
 */
export const DEVICE_LINK_MINUTES = 60;

function linkMac(key: Buffer, account: string, device: string, expires: string): Buffer {
  return createHmac("sha256", key).update(`link.${account}.${device}.${expires}`).digest();
}

/** `<account>.<device>.<expiry in epoch seconds>.<mac>`, URL-safe. */
export function signDeviceLink(key: Buffer, account: string, device: string, expiresAt: Date): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return `${account}.${device}.${expires}.${linkMac(key, account, device, expires).toString("base64url")}`;
}

/** The device id when `value` is a link this server signed for `account` and `now` is before its expiry, otherwise null. */
export function linkedDevice(key: Buffer, value: string | undefined, account: string, now: Date): string | null {
  const [claimed, device, expires, signature, ...rest] = value?.split(".") ?? [];
  if (rest.length > 0 || claimed !== account || !device || !PART.test(device) || !expires || !/^\d{1,12}$/.test(expires) || !signature)
    return null;
  if (Number(expires) * 1000 <= now.getTime()) return null;
  const expected = linkMac(key, account, device, expires);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
}
