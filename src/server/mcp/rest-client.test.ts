import { describe, expect, it } from "vitest";
import { restRequest } from "./rest-client";
import { TOOLS } from "./tools";

const target = { baseUrl: "https://api.contoh.id/kuasa", apiKey: "key_abc.rahasia" };
const tool = (name: string) => TOOLS.find((t) => t.name === name)!;

describe("restRequest", () => {
  it("fills path parameters from the arguments, encoded, under the base URL's own path", () => {
    const { url, init } = restRequest(tool("status_order"), { input: { id: "ord_a/b?c" } }, target);
    expect(url.toString()).toBe("https://api.contoh.id/kuasa/v1/orders/ord_a%2Fb%3Fc");
    expect(init).toMatchObject({ method: "GET", headers: { Authorization: "Bearer key_abc.rahasia", Accept: "application/json" } });
    expect(init.body).toBeUndefined();
  });

  it("sends the other arguments of a POST as the JSON body, and idempotency_key as the header", () => {
    const { url, init } = restRequest(tool("kirim_pesan"), { input: { id: "ord_1", body: "Alamat lengkap terlampir." } }, target);
    expect([url.pathname, init.method, init.body]).toEqual([
      "/kuasa/v1/orders/ord_1/messages",
      "POST",
      JSON.stringify({ body: "Alamat lengkap terlampir." }),
    ]);
    expect(init.headers).toMatchObject({ "Content-Type": "application/json" });
    expect(init.headers).not.toHaveProperty("Idempotency-Key");
    const input = { service: "x", intake: { a: "b" }, metadata: { run: "r-1" } };
    const order = restRequest(tool("buat_order"), { input, idempotencyKey: "kunci-1" }, target);
    expect(order.init.headers).toMatchObject({ "Idempotency-Key": "kunci-1" });
    expect(JSON.parse(order.init.body as string)).toEqual(input);
  });

  it("asks for KUASA_API_VERSION's answers with Kuasa-Version when it is given, and for the key's own otherwise", () => {
    const versioned = restRequest(tool("saldo"), { input: {} }, { ...target, apiVersion: "2026-11-28" });
    expect(versioned.init.headers).toMatchObject({ "Kuasa-Version": "2026-11-28" });
    expect(restRequest(tool("saldo"), { input: {} }, target).init.headers).not.toHaveProperty("Kuasa-Version");
  });

  it("sends the other arguments of a GET as the query", () => {
    const { url } = restRequest(tool("detail_layanan"), { input: { code: "nda", bahasa: "id" } }, target);
    expect(url.toString()).toBe("https://api.contoh.id/kuasa/v1/services/nda?bahasa=id");
  });
});
