import { BlockList, isIP } from "node:net";

/**
 * The proxies whose X-Forwarded-For we believe (TRUSTED_PROXIES: addresses and CIDR ranges).
 * Anyone can send the header, so from anyone else it is ignored: rotating it must not dodge a
 * per-address limit, and aiming it must not lock someone else out.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, prefix] = entry.split("/");
      const family = isIP(address ?? "");
      if (family === 0) throw new Error(`TRUSTED_PROXIES: ${entry} is not an IP address or CIDR range`);
      const type = family === 4 ? "ipv4" : "ipv6";
      if (prefix === undefined) {
        this.list.addAddress(address!, type);
        continue;
      }
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128))
        throw new Error(`TRUSTED_PROXIES: ${entry} has a bad prefix length`);
      this.list.addSubnet(address!, bits, type);
    }
    this.empty = entries.length === 0;
  }

  /** Parses TRUSTED_PROXIES ("10.0.0.0/8, 127.0.0.1"); empty means trust no forwarded header. */
  static parse(raw: string | undefined): TrustedProxies {
    return new TrustedProxies(
      (raw ?? "")
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    );
  }

  has(address: string): boolean {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && this.list.check(plain, family === 4 ? "ipv4" : "ipv6");
  }
}

/**
 * The custom server writes the client's address into every request under this header (replacing
 * anything sent under it), so code that sees only headers (next-auth's authorize) reads the same
 * answer as code that sees the socket.
 */
export const CLIENT_ADDRESS_HEADER = "x-kuasa-client-address";

/** `::ffff:1.2.3.4` (an IPv4 peer on a dual-stack socket) is 1.2.3.4. */
function unmapped(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * The address of whoever sent the request: the socket's peer, unless that peer is a trusted proxy,
 * in which case X-Forwarded-For is read from the right, skipping trusted hops, to the first
 * address no trusted proxy vouches for. A malformed hop stops the walk at the last good address.
 */
export function clientAddress(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string {
  let current = unmapped(remoteAddress ?? "") || "unknown";
  if (trusted.empty || forwardedFor === undefined) return current;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  while (trusted.has(current) && hops.length > 0) {
    const next = unmapped(hops.pop()!);
    if (isIP(next) === 0) break;
    current = next;
  }
  return current;
}
