export * from '../modules/audit/audit.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/mail/mail.table.ts';
export * from '../modules/vets/vets.table.ts';
