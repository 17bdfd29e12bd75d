import { describe, expect, it } from "vitest";
import { deviceCookieKey, linkedDevice, signDeviceCookie, signDeviceLink, trustedDevice } from "./device-cookie";

const key = deviceCookieKey("rahasia-sesi-0123456789");
const account = "akun-uji-0123456789abcdef";
const device = "perangkat-0123456789ab";

describe("device cookies", () => {
  it("are trusted for the account they were signed for, and give back the device", () => {
    expect(trustedDevice(key, signDeviceCookie(key, account, device), account)).toBe(device);
  });

  it("are not trusted for another account, under another key, altered, or malformed", () => {
    const cookie = signDeviceCookie(key, account, device);
    expect(trustedDevice(key, cookie, "akun-lain-0123456789abcdef")).toBeNull();
    expect(trustedDevice(deviceCookieKey("rahasia-lain-0123456789"), cookie, account)).toBeNull();
    expect(trustedDevice(key, cookie.replace(device, "perangkat-lain-0123456789"), account)).toBeNull();
    expect(trustedDevice(key, `${cookie}.x`, account)).toBeNull();
    expect(trustedDevice(key, `${account}.${device}.`, account)).toBeNull();
    expect(trustedDevice(key, undefined, account)).toBeNull();
    expect(trustedDevice(key, "", account)).toBeNull();
  });
});

describe("device links", () => {
  const now = new Date("2026-11-29T08:00:00Z");
  const until = new Date("2026-11-29T09:00:00Z");

  it("give back the device for their account until they expire, and nothing from then on", () => {
    const link = signDeviceLink(key, account, device, until);
    expect(linkedDevice(key, link, account, now)).toBe(device);
    expect(linkedDevice(key, link, account, new Date(until.getTime() - 1000))).toBe(device);
    expect(linkedDevice(key, link, account, until)).toBeNull();
  });

  it("are nothing for another account, under another key, with a later expiry written in, or malformed", () => {
    const link = signDeviceLink(key, account, device, until);
    expect(linkedDevice(key, link, "akun-lain-0123456789abcdef", now)).toBeNull();
    expect(linkedDevice(deviceCookieKey("rahasia-lain-0123456789"), link, account, now)).toBeNull();
    const later = String(Math.floor(until.getTime() / 1000) + 86_400);
    expect(linkedDevice(key, link.replace(/\.\d+\./, `.${later}.`), account, now)).toBeNull();
    expect(linkedDevice(key, `${link}.x`, account, now)).toBeNull();
    expect(linkedDevice(key, undefined, account, now)).toBeNull();
  });

  it("and cookies never pass for one another", () => {
    const cookie = signDeviceCookie(key, account, device);
    const link = signDeviceLink(key, account, device, until);
    expect(linkedDevice(key, cookie, account, now)).toBeNull();
    expect(trustedDevice(key, link, account)).toBeNull();
    const [, , , mac] = link.split(".");
    expect(trustedDevice(key, `${account}.${device}.${mac}`, account)).toBeNull();
  });
});
