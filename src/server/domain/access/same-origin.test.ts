import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin";

const from = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), ["https://kuasa.id"]);

describe("isSameOriginRequest", () => {
  it("trusts Sec-Fetch-Site when the browser sends it, whatever Origin says", () => {
    expect(from({ "sec-fetch-site": "same-origin" })).toBe(true);
    expect(from({ "sec-fetch-site": "cross-site", origin: "https://kuasa.id" })).toBe(false);
    expect(from({ "sec-fetch-site": "same-site", origin: "https://kuasa.id" })).toBe(false);
    expect(from({ "sec-fetch-site": "none" })).toBe(false);
  });

  it("without it, takes Origin when it is the public URL's or the requested host's", () => {
    expect(from({ origin: "https://kuasa.id" })).toBe(true);
    expect(from({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).toBe(true);
    expect(from({ origin: "https://kuasa.id.evil.example", host: "kuasa.id" })).toBe(false);
    expect(from({ origin: "https://evil.example", host: "kuasa.id" })).toBe(false);
    expect(from({ origin: "null", host: "kuasa.id" })).toBe(false);
    expect(from({ origin: "not a url", host: "kuasa.id" })).toBe(false);
  });

  it("refuses a request that shows neither", () => {
    expect(from({ host: "kuasa.id" })).toBe(false);
  });
});
