/**
 * Documents (issue 26): upload and download throughput of 10 MiB files, one at a time, and the
 * server's resident memory while 8 clients upload 25 MiB files at once (target: less than 50 MB
 * above idle). The files are a PDF header and random bytes: an accepted type, and content nothing
 * can compress or recognise early.
 */
import { randomBytes } from "node:crypto";

const MIB = 1024 * 1024;
const THROUGHPUT_FILES = 10;
const CONCURRENT_CLIENTS = 8;

export interface FilesResult {
  uploadMibPerSecond: number;
  downloadMibPerSecond: number;
  concurrent: { clients: number; fileMib: number; seconds: number; statuses: Record<string, number> };
  /** All the server's processes together: idle, and the peak during the concurrent uploads. */
  rssIdleMb: number;
  rssPeakMb: number;
  rssAboveIdleMb: number;
}

function pdfOf(bytes: number): Blob {
  const head = Buffer.from("%PDF-1.7\n");
  return new Blob([new Uint8Array(Buffer.concat([head, randomBytes(bytes - head.length)]))], { type: "application/pdf" });
}

async function upload(base: string, auth: Record<string, string>, file: Blob, name: string): Promise<{ status: number; id?: string }> {
  const form = new FormData();
  form.append("file", file, name);
  const res = await fetch(`${base}/v1/files`, { method: "POST", headers: auth, body: form });
  const body = (await res.json()) as { id?: string };
  return { status: res.status, id: body.id };
}

export async function benchFiles(base: string, apiKey: string, sampleRss: () => { stop(): { totalMb: number } }): Promise<FilesResult> {
  const auth = { Authorization: `Bearer ${apiKey}` };
  const ten = pdfOf(10 * MIB);
  const ids: string[] = [];
  let started = performance.now();
  for (let i = 0; i < THROUGHPUT_FILES; i++) {
    const answer = await upload(base, auth, ten, `bench-${i}.pdf`);
    if (answer.status !== 201 || !answer.id) throw new Error(`a 10 MiB upload answered ${answer.status}`);
    ids.push(answer.id);
  }
  const uploadSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  for (const id of ids) {
    const res = await fetch(`${base}/v1/files/${id}/content`, { headers: auth });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes !== ten.size) throw new Error(`a download answered ${res.status} with ${bytes} bytes`);
  }
  const downloadSeconds = (performance.now() - started) / 1000;

  // Idle: after the throughput runs, with their garbage given a moment to go.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = sampleRss();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssIdleMb = idle.stop().totalMb;
  const big = pdfOf(25 * MIB);
  const during = sampleRss();
  started = performance.now();
  const answers = await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, (_, i) => upload(base, auth, big, `bench-besar-${i}.pdf`)));
  const seconds = (performance.now() - started) / 1000;
  const rssPeakMb = during.stop().totalMb;
  const statuses: Record<string, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    uploadMibPerSecond: round((THROUGHPUT_FILES * 10) / uploadSeconds),
    downloadMibPerSecond: round((THROUGHPUT_FILES * 10) / downloadSeconds),
    concurrent: { clients: CONCURRENT_CLIENTS, fileMib: 25, seconds: round(seconds), statuses },
    rssIdleMb,
    rssPeakMb,
    rssAboveIdleMb: rssPeakMb - rssIdleMb,
  };
}
