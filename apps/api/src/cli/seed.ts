import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, parseConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/pglite-lock.ts';
import { countVets } from '../modules/core/vets/index.ts';
import { migrateDatabase } from '../modules/registry.ts';
import { seedDemoData } from '../seed/seed.ts';

const USAGE = 'Usage: npm run seed -- [--scale N]   (N from 1 to 100; default SEED_SCALE, else 1)';

const argsSchema = z.object({
  scale: z.coerce
    .number({ message: '--scale must be a whole number from 1 to 100' })
    .int('--scale must be a whole number from 1 to 100')
    .min(1, '--scale must be a whole number from 1 to 100')
    .max(100, '--scale must be a whole number from 1 to 100')
    .optional(),
});

/** Demo data on demand, e.g. `npm run seed -- --scale 10` into an empty DATA_DIR for benchmarks. */
async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string' } } });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
    console.error(USAGE);
    process.exit(2);
  }
  const config = parseConfig();
  const scale = parsed.data.scale ?? config.seedScale;
  const database = await openConfiguredDatabase(config);
  const where = config.databaseUrl
    ? 'the PostgreSQL database in DATABASE_URL'
    : `PGlite in ${config.dataDir}`;
  try {
    await migrateDatabase(database);
    const vets = await countVets(database.db);
    if (vets > 0) {
      console.error(
        `Not seeding: ${where} already has data (${vets} vets), and the demo seed only fills an empty database.\n` +
          'Point DATA_DIR (or DATABASE_URL) at a new location to seed there.',
      );
      process.exitCode = 1;
      return;
    }
    const started = performance.now();
    const result = await seedDemoData({ db: database.db, config, scale });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!result.counts) throw new Error('the database filled up while seeding');
    const summary = Object.entries(result.counts)
      .map(
        ([entity, count]) => `${count} ${entity.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)}`,
      )
      .join(', ');
    console.log(`Seeded ${where} at scale ${scale} in ${seconds} s: ${summary}.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
