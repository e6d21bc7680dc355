import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
