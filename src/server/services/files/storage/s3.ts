import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertRange, assertStorageKey, type FileStorage, type FileStorageConfig, probe, StorageNotFound } from "./contract";

/** lib-storage's smallest part: one part in memory per upload at a time (queueSize 1), never the whole body. */
const PART_SIZE = 5 * 1024 * 1024;

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Objects in one bucket of AWS S3 or an S3-compatible server (MinIO, R2, …). */
export function createS3Storage(config: Extract<FileStorageConfig, { kind: "s3" }>): FileStorage {
  const { bucket } = config;
  const where = `(s3, bucket ${bucket} at ${config.endpoint ?? `AWS ${config.region}`})`;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Since SDK 3.729 every upload carries CRC32 checksums by default, which several S3-compatible
    // servers reject or mishandle; S3 needs them only where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    // A server that is down or silent fails within seconds rather than hanging a request or /readyz.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
  const failure = (action: string, key: string, error: unknown) =>
    new Error(`S3 ${action} of ${key} ${where} failed: ${messageOf(error)}`, { cause: error });

  const storage: FileStorage = {
    kind: "s3",

    async put(key, body) {
      assertStorageKey(key);
      // lib-storage reports the failed abort of the multipart upload rather than the body's own error when both happen.
      let bodyError: unknown;
      body.once("error", (error) => {
        bodyError = error;
      });
      const upload = new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, partSize: PART_SIZE, queueSize: 1 });
      try {
        await upload.done();
      } catch (error) {
        if (bodyError === undefined || bodyError === error) throw failure("upload", key, error);
        throw new Error(
          `S3 upload of ${key} ${where} failed: the body failed (${messageOf(bodyError)}); aborting the multipart upload then failed too (${messageOf(error)})`,
          { cause: bodyError },
        );
      }
    },

    async read(key, range) {
      assertStorageKey(key);
      if (range) assertRange(range);
      try {
        const { Body } = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // In Node.js the SDK's body is the HTTP response, a Readable.
        if (!(Body instanceof Readable)) throw new Error("the response has no readable body");
        return Body;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StorageNotFound(`No file stored under ${key}`);
        throw failure("read", key, error);
      }
    },

    async delete(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw failure("delete", key, error);
      }
    },

    check: () => probe(storage, where),
  };
  return storage;
}
