import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openPglite, openPostgres } from './client.ts';
import { lockDataDir } from './pglite-lock.ts';

/** Opens the configured engine; for PGlite the data directory is locked until `close()`. */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const release = lockDataDir(config.dataDir);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
