import { describe, expect, it } from "vitest";
import { classifyNetworkError } from "@/server/services/events";
import { webhookErrorLabel } from "./webhook-error";

describe("webhookErrorLabel", () => {
  it.each(["ECONNREFUSED", "ENOTFOUND", "ECONNRESET", "EHOSTUNREACH", "HPE_INVALID_CONSTANT", "ERR_TLS_CERT_ALTNAME_INVALID", "EWHATEVER"])(
    "says in Indonesian what the transport's %s phrase means",
    (code) => {
      const phrase = classifyNetworkError(Object.assign(new Error("x"), { code, hostname: "hook.contoh.id" }));
      expect(webhookErrorLabel(phrase)).not.toMatch(/^Pengiriman gagal:/);
    },
  );

  it("keeps the code and the time limit the phrase carries", () => {
    expect(webhookErrorLabel("TLS error (ERR_TLS_CERT_ALTNAME_INVALID)")).toContain("ERR_TLS_CERT_ALTNAME_INVALID");
    expect(webhookErrorLabel("no answer within 10000 ms")).toContain("10 detik");
  });

  it("shows an unknown phrase as it is, after a general explanation", () => {
    expect(webhookErrorLabel("something new")).toBe("Pengiriman gagal: something new");
  });
});
