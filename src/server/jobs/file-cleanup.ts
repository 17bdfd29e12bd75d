import { SWEEPER } from "@/server/domain/access/actor";
import {
  deleteExpiredFileLink,
  deleteLeftoverUpload,
  deleteUnattachedFile,
  expiredFileLinks,
  leftoverUploads,
  unattachedFiles,
} from "@/server/services/files";
import type { JobKind } from "./types";

/** Bytes of uploads that never became a file (a crash mid-upload, a refused upload) are deleted after an hour. */
export const leftoverUploadJob: JobKind = {
  name: "file-upload-cleanup",
  findDue: leftoverUploads,
  handle: async (deps, storageKey) =>
    deleteLeftoverUpload(deps, {
      actor: SWEEPER,
      storageKey,
    }),
};

/** Files attached to no order a day after their upload are deleted, bytes and row. */
export const unattachedFileJob: JobKind = {
  name: "unattached-file-cleanup",
  findDue: unattachedFiles,
  handle: async (deps, fileId) =>
    deleteUnattachedFile(deps, {
      actor: SWEEPER,
      fileId,
    }),
};

/** Expired file links are deleted (MCP answers make one per file they show). */
export const expiredFileLinkJob: JobKind = {
  name: "file-link-expiry",
  findDue: expiredFileLinks,
  handle: async (deps, linkId) =>
    deleteExpiredFileLink(deps, {
      actor: SWEEPER,
      linkId,
    }),
};
