import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored as SHA-256 digests: they are high-entropy, so a fast hash is enough and a
 * leaked table gives no usable session.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long an access token lives; a live stream closes then too, so a reconnect re-checks the session. */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
