export {
  type AttachedFile,
  type AttachmentPlace,
  attachFiles,
  contentOf,
  createFile,
  createFileLink,
  FILE_LINK_DEFAULT_SECONDS,
  FILE_LINK_MAX_SECONDS,
  type FileContent,
  filesByPlace,
  filesToAttach,
  getFile,
  MAX_ATTACHMENTS,
  openLinkedFile,
  type PortalOrderFile,
  portalOrderFiles,
  type Uploader,
} from "./files";
export { adminMayOpen, openFileForPortal, portalUploadTarget } from "./portal-files";
export { type FileDeps, type FileSettings, fileSettingsOf, type ReceivedUpload, receiveUpload, tooLargeError } from "./receive";
export { createFileStorage, type FileStorage, StorageNotFound } from "./storage";
