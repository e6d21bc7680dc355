import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../../db/client.ts';
import { signingKey } from '../../platform/app-secrets/index.ts';

/** The app secret used when SIGNING_SECRET is not configured (platform/app-secrets). */
const SECRET_NAME = 'second_factor_secrets';
const HKDF_INFO = 'vetboard totp secrets v1';

/** One key getter per database, so the secret is read once. */
const keyGetters = new WeakMap<object, () => Promise<Buffer>>();

/**
 * The key TOTP secrets are sealed with: derived (HKDF-SHA256) from the signing secret, so a database
 * dump alone does not give the secrets when SIGNING_SECRET is configured, and rotating it is a
 * re-enrolment.
 */
async function totpKey(db: DbOrTx, signingSecret: string | undefined): Promise<Buffer> {
  let getter = keyGetters.get(db);
  if (!getter) {
    getter = signingKey(db, signingSecret, SECRET_NAME);
    keyGetters.set(db, getter);
  }
  return Buffer.from(hkdfSync('sha256', await getter(), Buffer.alloc(0), HKDF_INFO, 32));
}

export async function sealTotpSecret(
  db: DbOrTx,
  signingSecret: string | undefined,
  vetId: string,
  plain: string,
): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await totpKey(db, signingSecret), iv);
  // The vet's id as associated data: a sealed secret copied onto another vet's row does not open.
  cipher.setAAD(Buffer.from(vetId));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

export async function openTotpSecret(
  db: DbOrTx,
  signingSecret: string | undefined,
  vetId: string,
  stored: string,
): Promise<string> {
  const [iv, tag, sealed] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) throw new Error('malformed sealed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', await totpKey(db, signingSecret), iv);
  decipher.setAAD(Buffer.from(vetId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
