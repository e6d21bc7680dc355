import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { appSecrets } from './app-secrets.table.ts';

/**
 * The secret called `name`: generated once (32 random bytes) and kept in the database, so links signed
 * with it stay valid across restarts and across servers sharing one PostgreSQL. Two servers starting at
 * once both try to insert: the first wins and both read its value back.
 */
export async function getOrCreateSecret(db: DbOrTx, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing right after its insert`);
  return Buffer.from(row.value, 'base64');
}

/**
 * A getter for a signing key: `configured` (e.g. `SIGNING_SECRET`) when set, else the secret `name` from
 * the database, read once per app; a failed read is not kept, so the next call tries again.
 */
export function signingKey(db: DbOrTx, configured: string | undefined, name: string): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
    secret ??= getOrCreateSecret(db, name).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
