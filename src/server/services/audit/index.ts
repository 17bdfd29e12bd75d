export { type AuditEntry, audit, auditRow } from "./audit";
export { auditLogVocabulary, listAuditLog, namesOf } from "./audit-log";
