import { type FileStorage, type FileStorageConfig, StorageNotFound } from "./contract";
import { createDiskStorage } from "./disk";
import { createS3Storage } from "./s3";

export { type FileStorage, type FileStorageConfig, StorageNotFound };

/** The storage FILE_STORAGE selects: a directory on this machine, or an S3 bucket. */
export function createFileStorage(config: FileStorageConfig): FileStorage {
  return config.kind === "disk" ? createDiskStorage(config.dir) : createS3Storage(config);
}
