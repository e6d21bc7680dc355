import type { Console } from 'node:console';
import { ConfigError, parseConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import { isAppError } from '../lib/app-error.ts';
import { migrateDatabase } from '../modules/registry.ts';

/**
 * What a command reads and where it writes: the process's own when run as a script, a test's when its
 * test calls it in process (a process per call cost the integration commands' test seconds of CPU each).
 */
export interface CommandContext {
  argv: string[];
  env: Record<string, string | undefined>;
  console: Console;
}

/** A command's exit status: 0 done, 1 failed, 2 wrong arguments. */
export type ExitStatus = 0 | 1 | 2;

/**
 * Runs one integration command against the configured database. With PGlite the data directory is
 * locked like the server's, so these commands refuse to run while the server does (and say who holds it).
 */
export async function runIntegrationCommand(
  context: CommandContext,
  command: (deps: { db: Db }) => Promise<void>,
): Promise<ExitStatus> {
  try {
    const config = parseConfig(context.env);
    const database = await openConfiguredDatabase(config);
    try {
      await migrateDatabase(database);
      await command({ db: database.db });
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || isAppError(error)) {
      context.console.error(error.message);
    } else {
      context.console.error(error);
    }
    return 1;
  }
}

export function usageError(context: CommandContext, messages: string[], usage: string): ExitStatus {
  context.console.error(messages.join('\n'));
  context.console.error(`Usage: ${usage}`);
  return 2;
}

/** Runs `command` as this process: its arguments, environment and console; a failure exits with its status. */
export function runAsProcess(command: (context: CommandContext) => Promise<ExitStatus>): void {
  command({ argv: process.argv.slice(2), env: process.env, console }).then(
    (status) => {
      if (status !== 0) process.exit(status);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
