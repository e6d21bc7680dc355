import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { DataDirLockedError } from './db/pglite-lock.ts';
import { progressReporter } from './lib/progress.ts';
import { moveDiskAvatarsIntoDatabase } from './modules/core/vets/index.ts';
import { removeDiskPdfCache } from './modules/records/diets/index.ts';
import { migrateDatabase } from './modules/registry.ts';
import { DEMO_HEAD_VET_EMAIL } from './seed/demo-vets.ts';
import { seedDemoData } from './seed/seed.ts';

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: Database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }

  const app = await buildApp({ config, database }).catch(async (error) => {
    await database.close();
    throw error;
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing`);
    // Fastify stops accepting, waits for in-flight requests, then runs onClose (mailer, database).
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // A first start migrates and seeds for half a minute: say what is going on.
  const progress = progressReporter(process.stdout);
  progress({ step: 'Migrating the database' });
  await migrateDatabase(database);
  // Files once kept in DATA_DIR now live in the database; DATA_DIR keeps only PGlite's own files.
  const moved = await moveDiskAvatarsIntoDatabase({ db: database.db, dataDir: config.dataDir });
  if (moved.files > 0) app.log.info(moved, 'avatars moved from DATA_DIR/uploads into the database');
  await removeDiskPdfCache(config.dataDir);
  const seed = config.seedDemo
    ? await seedDemoData({ db: database.db, config, scale: config.seedScale, onProgress: progress })
    : { seeded: false as const, counts: null };
  progress({ step: 'Starting the server' });
  progress.done();
  await app.listen({ host: config.host, port: config.port });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const lines = [
    '',
    `  ${config.productName} dashboard is running at ${url}`,
    `  Database: ${database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  lines.push(
    config.smtpUrl
      ? `  E-mail: sent through SMTP (${new URL(config.smtpUrl).host})`
      : '  E-mail: no SMTP_URL, so e-mails are kept in the outbox and printed to this log, password links included',
  );
  if (config.seedDemo) {
    lines.push(
      `  Demo login: ${DEMO_HEAD_VET_EMAIL} / ${config.demoPassword}` +
        (config.demoPasswordIsDefault
          ? '  (default; set DEMO_PASSWORD before the first start to choose another)'
          : ''),
    );
    if (seed.counts) {
      const { vets, companies, users, families, pets } = seed.counts;
      lines.push(
        `  Seeded demo data: ${vets} vets, ${companies} companies, ${users} users, ${families} families, ${pets} pets`,
      );
    }
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
