import { type Dirent, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { StoredFile } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { agentActor, SEED } from "@/server/domain/access/actor";
import type { Clock } from "@/server/domain/clock";
import { practitionerActorOf } from "@/server/services/access";
import { createFile, createFileStorage, type FileOwner, type FileSettings, receiveUpload, type Uploader } from "@/server/services/files";
import { askClient, deliverResult, postClientMessage } from "@/server/services/orders";
import { agentKey } from "./cases";
import type { TestOrg } from "./fixtures";
import { createPaidOrder, driveOrder } from "./orders";

/** Every test process's file storage folder: its own, as the embedded default keeps files under DATA_DIR. */
const TEST_FILES_DIR = mkdtempSync(join(tmpdir(), "kuasa-files-"));

/** The storage of TEST_FILES_DIR, with a 1 MiB limit so the limit is cheap to pass. */
export const TEST_FILES: FileSettings = {
  storage: createFileStorage({ kind: "disk", dir: TEST_FILES_DIR }),
  maxBytes: 1024 * 1024,
};

/** How many files the test storage holds (temporary names included): a refused upload must leave none. */
export function storedFileCount(): number {
  return (readdirSync(TEST_FILES_DIR, { recursive: true, withFileTypes: true }) as Dirent[]).filter((entry) => entry.isFile()).length;
}

/** The smallest file each accepted type can be: what the content check reads, and no more. */
export const SAMPLE_FILES = {
  pdf: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  text: Buffer.from("Perjanjian kerahasiaan antara PT Maju dan PT Jaya.\n"),
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf000000030101005d4f0e0a0000000049454e44ae426082",
    "hex",
  ),
};

/** A file of `owner` as an agent uploads it, bytes in TEST_FILES unless `deps` bring their own storage. */
export async function uploadTestFile(
  deps: { db: Db; clock: Clock; files?: FileSettings },
  owner: FileOwner & { apiKeyId?: string },
  filename = "kontrak.pdf",
  content: Buffer = SAMPLE_FILES.pdf,
  uploader: Uploader = { kind: "agent", apiKeyId: owner.apiKeyId ?? "key_test" },
): Promise<StoredFile> {
  const fileDeps = { files: TEST_FILES, ...deps };
  const upload = await receiveUpload(fileDeps, { source: Readable.from([content]), clientFilename: filename });
  return createFile(fileDeps, {
    actor: SEED,
    owner,
    uploader,
    upload,
  });
}

/** A practitioner's scan of a credential, as the portal uploads it (POST /api/berkas?purpose=credential): no organisation's. */
export function credentialScan(
  deps: { db: Db; clock: Clock },
  practitionerId: string,
  filename = "kartu-advokat.png",
  content: Buffer = SAMPLE_FILES.png,
): Promise<StoredFile> {
  return uploadTestFile(deps, { organizationId: null, livemode: true }, filename, content, { kind: "practitioner", practitionerId });
}

/**
 * A live order of `org` carrying a file in every place: the agent's contract on the order, the
 * practitioner's draft with a question, the agent's answer with a scan, and the delivered PDF.
 * Left delivered (diserahkan), held by `practitionerId`.
 */
export async function orderWithFiles(db: Db, clock: Clock, org: TestOrg, practitionerId: string) {
  const deps = { db, clock };
  const owner = { organizationId: org.id, livemode: true, apiKeyId: org.apiKeyId };
  const byPractitioner: Uploader = { kind: "practitioner", practitionerId };
  const contract = await uploadTestFile(deps, owner, "kontrak.pdf");
  const order = await createPaidOrder(db, clock, org, { attachments: [contract.id] });
  await driveOrder(db, order.id, practitionerId, "dikerjakan", clock.now());
  const draft = await uploadTestFile(deps, owner, "draf.txt", SAMPLE_FILES.text, byPractitioner);
  await askClient(deps, {
    actor: await practitionerActorOf(deps.db, practitionerId),
    orderId: order.id,
    question: "Mohon periksa draf terlampir.",
    fileIds: [draft.id],
  });
  const scan = await uploadTestFile(deps, owner, "akta.png", SAMPLE_FILES.png);
  await postClientMessage(deps, {
    actor: agentActor(await agentKey(db, clock, org)),
    orderId: order.id,
    input: { body: "Akta terlampir.", attachments: [scan.id] },
  });
  const result = await uploadTestFile(deps, owner, "nda-final.pdf", SAMPLE_FILES.pdf, byPractitioner);
  await deliverResult(deps, {
    actor: await practitionerActorOf(deps.db, practitionerId),
    orderId: order.id,
    deliverable: "NDA final terlampir.",
    fileIds: [result.id],
  });
  return { orderId: order.id, contract, draft, scan, result };
}
