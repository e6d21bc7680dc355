import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

const client = await PGlite.create({ extensions: { pg_trgm } });
const db = drizzle({ client });
const folders: string[] = [];
afterAll(async () => {
  await client.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** The migrations folder as it was before the migration named `tag` (the journal cut there). */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vetboard-migrations-'));
  folders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at, tag).toBeGreaterThan(0);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe('upgrading an installation to the second factor (migration 0033)', () => {
  // A new installation (no vet yet) gets no row, so head vets must set a factor up: every test database
  // starts that way (the test set-ups write 'none' for the suite). Two migrations of PGlite: minutes under load.
  it('keeps its vets logging in as before: the requirement is none', { timeout: 180_000 }, async () => {
    await migrate(db, { migrationsFolder: migrationsBefore('0033_second-factor') });
    await db.execute(sql`insert into vets (id, email, first_name, last_name, kind)
      values ('00000000-0000-4000-8000-000000000001', 'head@clinic.example', 'Ana', 'Silva', 'head')`);
    await migrate(db, { migrationsFolder });
    const { rows } = await client.query<{ requirement: string }>(
      'select requirement from second_factor_settings',
    );
    expect(rows).toEqual([{ requirement: 'none' }]);
  });
});
