import { ConfigError, parseConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import { isAppError } from '../lib/app-error.ts';

/**
 * Runs one integration command against the configured database. With PGlite the data directory is
 * locked like the server's, so these commands refuse to run while the server does (and say who holds it).
 */
export function runIntegrationCommand(command: (deps: { db: Db }) => Promise<void>): void {
  const run = async () => {
    const config = parseConfig();
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
      await command({ db: database.db });
    } finally {
      await database.close();
    }
  };
  run().catch((error) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || isAppError(error)) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  });
}

export function usageError(messages: string[], usage: string): never {
  console.error(messages.join('\n'));
  console.error(`Usage: ${usage}`);
  process.exit(2);
}
