import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { vets } from '../vets/vets.table.ts';

/** A vet's authenticator app (RFC 6238): one per vet, usable once confirmed with a first code. */
export const totpFactors = pgTable('totp_factors', {
  vetId: uuid('vet_id')
    .primaryKey()
    .references(() => vets.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret (auth.second-factor.crypto.ts): `iv.tag.ciphertext`, base64url. */
  secretEncrypted: text('secret_encrypted').notNull(),
  label: text('label').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last accepted code: a code of that step or an earlier one is a replay. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored only as SHA-256 digests (they carry 120 random bits each: ASVS 6.5.2). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    vetId: uuid('vet_id')
      .notNull()
      .references(() => vets.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_vet_idx').on(table.vetId, table.codeHash)],
);

/**
 * The team's second-factor setting, one row (`id` 1). No row is a new installation's default,
 * `head_vets`; the demo seed writes `none`.
 */
export const secondFactorSettings = pgTable('second_factor_settings', {
  id: integer('id').primaryKey(),
  requirement: text('requirement', { enum: ['head_vets', 'all', 'none'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByVetId: uuid('updated_by_vet_id').references(() => vets.id, { onDelete: 'set null' }),
});
