export { type Actor, type AuditEntry, audit } from "./audit";
export { auditLogVocabulary, listAuditLog, namesOf } from "./audit-log";
