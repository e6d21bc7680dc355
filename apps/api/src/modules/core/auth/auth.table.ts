import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { vets } from '../vets/vets.table.ts';

/** One row per login; both tokens are stored only as SHA-256 digests. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    vetId: uuid('vet_id')
      .notNull()
      .references(() => vets.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    /** The refresh token this one replaced: presenting it again means it leaked (reuse detection). */
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * What the session still needs after its password (issue #47): `verify` a code, or `enrol` a
     * factor the team requires; null once complete. A session with a state reaches only the routes
     * that declare `config.secondFactorPending`.
     */
    secondFactorState: text('second_factor_state', { enum: ['verify', 'enrol'] }),
    /** Which factors opened or confirmed this session (`password`, `totp`, `recovery`). */
    factors: text('factors').array().notNull().default(sql`'{password}'::text[]`),
    /** The last second factor given in this session: sensitive actions ask for a recent one. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_vet_idx').on(table.vetId),
    index('sessions_previous_refresh_idx').on(table.previousRefreshTokenHash),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey(),
    vetId: uuid('vet_id')
      .notNull()
      .references(() => vets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_tokens_vet_idx').on(table.vetId)],
);

/** Failed logins, kept for throttling per IP and per account, so passwords cannot be guessed at speed. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_email_at_idx').on(table.email, table.at),
    index('login_failures_ip_at_idx').on(table.ip, table.at),
  ],
);
