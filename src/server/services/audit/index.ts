export { type Actor, audit, type AuditEntry } from "./audit";
export { auditLogVocabulary, listAuditLog, namesOf } from "./audit-log";
