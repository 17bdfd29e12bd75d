import { describe, expect, it } from "vitest";
import { deviceCookieKey, signDeviceCookie, trustedDevice } from "./device-cookie";

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
