export { type AuditEntry, audit, auditMany, auditRow } from "./audit";
export { auditLogVocabulary, listAuditLog, namesOf } from "./audit-log";
