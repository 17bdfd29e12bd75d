import { describe, expect, it } from "vitest";
import { isDashboardWebhookUrl, isHttpUrl } from "./webhook-url";

describe("webhook URLs", () => {
  it.each([
    ["https://agen.contoh.id/hook", true, true],
    ["http://agen.contoh.id/hook", true, false],
    ["http://localhost:4000/hook", true, true],
    ["http://127.0.0.1:4000/hook", true, true],
    ["ftp://agen.contoh.id", false, false],
    ["https:/missing-slash", false, false],
    ["not a url", false, false],
    ["javascript:alert(1)", false, false],
  ])("%s: API %s, dashboard %s", (url, api, dashboard) => {
    expect(isHttpUrl(url)).toBe(api);
    expect(isDashboardWebhookUrl(url)).toBe(dashboard);
  });
});
