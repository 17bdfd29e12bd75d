export { type FileSettings, MAX_ATTACHMENTS } from "@/server/domain/files/file-storage";
export {
  deleteExpiredFileLink,
  deleteLeftoverUpload,
  deleteUnattachedFile,
  expiredFileLinks,
  leftoverUploads,
  UNATTACHED_FILE_MS,
  UPLOAD_GRACE_MS,
  unattachedFiles,
} from "./cleanup";
export {
  type AttachedFile,
  attachFiles,
  contentOf,
  createFile,
  createFileLink,
  FILE_LINK_DEFAULT_SECONDS,
  FILE_LINK_MAX_SECONDS,
  type FileContent,
  type FileOwner,
  filesByPlace,
  filesToAttach,
  generatedContent,
  getFile,
  openLinkedFile,
  orderFilesToAttach,
  type PortalOrderFile,
  portalOrderFiles,
  type Uploader,
} from "./files";
export { credentialUploadTarget, openFileForPortal, portalUploadTarget } from "./portal-files";
export { agentReader, type FileReader, practitionerReader, readableFileIds } from "./readers";
export {
  discardUpload,
  type FileDeps,
  fileDepsOf,
  type ReceivedUpload,
  receiveUpload,
  tooLargeError,
} from "./receive";
export { createFileStorage, type FileStorage } from "./storage";
