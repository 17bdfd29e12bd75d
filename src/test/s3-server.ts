import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TestS3Server {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: true;
  stop(): Promise<void>;
}

/** The part of s3rver's API used here; the package ships no types. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
const require = createRequire(import.meta.url);
const S3rver: new (options: S3rverOptions) => S3rver = require("@20minutes/s3rver");

/**
 * A real S3-protocol server (s3rver, objects on disk) in this process on a free loopback port,
 * with one empty bucket. s3rver checks SigV4 signatures against its fixed S3RVER/S3RVER
 * credentials. It does not implement AbortMultipartUpload nor ListMultipartUploads.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "kuasa-s3-"));
  const bucket = "kuasa-test";
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
