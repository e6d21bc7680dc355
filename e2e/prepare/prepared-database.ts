import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Under node_modules, so `npm ci` (a clean CI run) always starts without it. */
export const cacheRoot = path.join(repoRoot, 'node_modules/.cache/vetboard-e2e');

/** What the prepared database is made of: any change to these seeds a new one. */
const INPUTS = [
  'apps/api/src',
  'apps/api/drizzle',
  'packages/contract/src',
  'e2e/prepare',
  'e2e/support/demo.ts',
  'e2e/support/fixtures.ts',
];

function filesUnder(entry: string): string[] {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return entry.endsWith('.test.ts') ? [] : [entry];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((child) => filesUnder(path.join(entry, child)));
}

/**
 * The inputs' contents and today's UTC date: the demo readings end at the moment of seeding and the
 * tracker pages open on today, so a database is reused the same day only.
 */
export function cacheKey(now = new Date()): string {
  const hash = createHash('sha256');
  hash.update(now.toISOString().slice(0, 10));
  hash.update(fs.readFileSync(path.join(repoRoot, 'package-lock.json')));
  for (const file of INPUTS.flatMap((input) => filesUnder(path.join(repoRoot, input)))) {
    hash.update(path.relative(repoRoot, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

/**
 * The directory of a seeded DATA_DIR for the browser tests, seeding it first if today's inputs have
 * none yet. Never serve from it: copy it (`copyPreparedDatabase`), so it stays as seeded.
 */
export async function preparedDatabase(): Promise<string> {
  const dir = path.join(cacheRoot, cacheKey());
  if (fs.existsSync(path.join(dir, 'ready'))) return dir;
  const building = `${dir}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  try {
    await run(process.execPath, ['--import', 'tsx', 'e2e/prepare/seed-database.ts', building]);
    fs.writeFileSync(path.join(building, 'ready'), new Date().toISOString());
    // Older keys are stale by definition; keep the disk bounded.
    for (const old of fs.readdirSync(cacheRoot)) {
      if (!old.endsWith('.tmp')) fs.rmSync(path.join(cacheRoot, old), { recursive: true, force: true });
    }
    fs.renameSync(building, dir);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

/** A private copy of the prepared database in `target` (a new DATA_DIR). */
export async function copyPreparedDatabase(target: string): Promise<void> {
  const source = await preparedDatabase();
  await fs.promises.cp(path.join(source, 'pglite'), path.join(target, 'pglite'), { recursive: true });
}

/**
 * Where TEST_DATABASE_URL names a PostgreSQL server (CI and `.ci/run` set it when one answers), the
 * browser tests' server runs on PostgreSQL, as production may: PGlite answers every query on the
 * server's one thread, so two browsers' requests queue behind each other. Without it, PGlite.
 */
export function e2ePostgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const PREPARED_PREFIX = 'vetboard_e2e_';

/**
 * The name of a seeded database for the browser tests on PostgreSQL, seeding it first if today's
 * inputs have none yet. A database is ready once renamed to its key's name: a half-seeded one keeps
 * its building name, and the next run drops it.
 */
export async function preparedPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `${PREPARED_PREFIX}${cacheKey()}`;
  const exists = await withAdmin(adminUrl, async (admin) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  });
  if (exists) return name;
  const building = `${name}_building_${process.pid}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${building}"`));
  try {
    await run(process.execPath, [
      '--import',
      'tsx',
      'e2e/prepare/seed-database.ts',
      databaseUrlFor(adminUrl, building),
    ]);
    await withAdmin(adminUrl, async (admin) => {
      try {
        await admin.query(`alter database "${building}" rename to "${name}"`);
      } catch (error) {
        // Another run on the same server prepared the same inputs first (42P04: duplicate database): use its.
        if ((error as { code?: string }).code !== '42P04') throw error;
        await admin.query(`drop database if exists "${building}" with (force)`);
      }
      // Older keys are stale by definition; keep the server's disk bounded. Runs' own copies are
      // dropped by the run that made them, and a database still being built belongs to another run.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database
          where starts_with(datname, $1) and datname <> $2
            and not starts_with(datname, $3) and strpos(datname, '_building_') = 0`,
        [PREPARED_PREFIX, name, `${PREPARED_PREFIX}run_`],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    });
  } catch (error) {
    await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${building}" with (force)`));
    throw error;
  }
  return name;
}

/**
 * A private copy of the prepared PostgreSQL database for one run (a file copy on the server, seconds),
 * and the function that drops it.
 */
export async function copyPreparedPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await preparedPostgresDatabase(adminUrl);
  const name = `${PREPARED_PREFIX}run_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}" template "${template}"`));
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
