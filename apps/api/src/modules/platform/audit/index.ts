export { type AuditActor, auditDiff, auditRecordedSince, hasChanges, recordAudit } from './audit.service.ts';
