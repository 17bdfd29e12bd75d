import { randomFillSync } from "node:crypto";

/** Prefixes of every resource id, so an id says what it is (`ord_…`, `kas_…`). */
const ID_PREFIX = {
  organization: "org",
  user: "usr",
  membership: "mem",
  practitioner: "prk",
  apiKey: "key",
  order: "ord",
  message: "msg",
  offer: "ofr",
  case: "kas",
  bid: "bid",
  invoice: "inv",
  ledgerAccount: "acc",
  ledgerTransfer: "trf",
  ledgerEntry: "ent",
  idempotencyKey: "idk",
  event: "evt",
  delivery: "dlv",
  attempt: "att",
  audit: "aud",
  invitation: "ivt",
  session: "ses",
  email: "eml",
  request: "req",
  file: "file",
  review: "rev",
  fileAttachment: "fat",
  fileLink: "link",
  cost: "cost",
  passwordReset: "pwr",
  bankAccount: "rek",
  credential: "krd",
  conflict: "knf",
  contentFinding: "cf",
  mcpSession: "mcps",
  document: "doc",
  taxSetting: "tax",
  bankImport: "bimp",
  bankLine: "bln",
} as const;

export type IdKind = keyof typeof ID_PREFIX;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * Bytes from the system's CSPRNG, drawn 4 KiB at a time and handed out once each: a request makes
 * several ids, and one system call per id showed in the server's CPU profile (as nanoid pools too).
 */
const POOL = Buffer.alloc(4096);
let poolOffset = POOL.length;

function randomByte(): number {
  if (poolOffset === POOL.length) {
    randomFillSync(POOL);
    poolOffset = 0;
  }
  return POOL[poolOffset++] as number;
}

/** Random base62 text; 62^n possibilities, drawn without modulo bias. */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 * 62: bytes at or above it would bias the first characters.
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

/** A new opaque id: prefix, underscore, 22 base62 characters (~131 bits). */
export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${randomBase62(22)}`;
}
