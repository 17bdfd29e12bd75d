import { describe, expect, it } from "vitest";
import { classifyNetworkError } from "./webhooks-transport";

function nodeError(code: string | undefined, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

describe("classifyNetworkError", () => {
  it.each([
    ["ECONNREFUSED", "connect ECONNREFUSED 10.0.0.5:6379", "connection refused"],
    ["ECONNRESET", "socket hang up", "connection reset by the receiver"],
    ["EHOSTUNREACH", "connect EHOSTUNREACH 10.0.0.9:443", "host unreachable"],
    ["HPE_INVALID_CONSTANT", "Parse Error: Expected HTTP/", "invalid HTTP answer (HPE_INVALID_CONSTANT)"],
    [
      "ERR_TLS_CERT_ALTNAME_INVALID",
      "Hostname/IP does not match certificate's altnames: Host: hook.example. is not in the cert's altnames: DNS:vault.internal.corp",
      "TLS error (ERR_TLS_CERT_ALTNAME_INVALID)",
    ],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate", "TLS error (DEPTH_ZERO_SELF_SIGNED_CERT)"],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "wrong version number", "TLS error (ERR_SSL_WRONG_VERSION_NUMBER)"],
    ["EPROTO", "write EPROTO <bytes the peer sent>", "network error (EPROTO)"],
    [undefined, "something the receiver said", "network error"],
    ["not a code: receiver text", "x", "network error"],
  ])("names %s by a fixed phrase, never by the error's message", (code, message, expected) => {
    expect(classifyNetworkError(nodeError(code, message))).toBe(expected);
  });

  it("names the host of a failed DNS lookup and the refused address of a blocked one", () => {
    expect(classifyNetworkError(Object.assign(nodeError("ENOTFOUND", "getaddrinfo ENOTFOUND hook.example"), { hostname: "hook.example" }))).toBe(
      "DNS lookup failed for hook.example",
    );
    expect(classifyNetworkError(new Error("DNS lookup 10.1.2.3(family:4, host:hook.example) is not allowed. Because, It is private IP address."))).toBe(
      "blocked: 10.1.2.3 is not a public address; webhooks go only to public addresses (WEBHOOK_ALLOW_PRIVATE)",
    );
  });
});
