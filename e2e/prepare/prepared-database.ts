import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
