/**
 * The server side of live-events.bench.ts, in its own process so that its memory is the server's alone:
 * the app on a fresh in-memory PGlite (or BENCH_DATABASE_URL), one head vet, one pet to edit. It
 * tells the parent where it listens and answers `memory` requests with its heap after a full GC.
 */
import { buildApp } from '../../apps/api/src/app.ts';
import { parseConfig } from '../../apps/api/src/config.ts';
import { openPglite, openPostgres } from '../../apps/api/src/db/client.ts';
import { newId } from '../../apps/api/src/lib/ids.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { writeSecondFactorRequirement } from '../../apps/api/src/modules/core/auth/index.ts';
import { insertVet } from '../../apps/api/src/modules/core/vets/vets.repository.ts';
import { migrateDatabase } from '../../apps/api/src/modules/registry.ts';
import { createFamily, createPet } from '../../apps/api/test/people-fixtures.ts';

const PASSWORD = 'bench-password-123';

const database = process.env.BENCH_DATABASE_URL
  ? await openPostgres(process.env.BENCH_DATABASE_URL)
  : await openPglite();
await migrateDatabase(database);
// A bench logs its head vet in with the password alone, as the demo seed has it (issue #47).
await writeSecondFactorRequirement(database.db, 'none', new Date());
const config = parseConfig({ LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'low', WEB_DIST_DIR: '/none' });
const app = await buildApp({ config, database, logger: false });
const vet = await insertVet(database.db, {
  id: newId(),
  email: `bench-${newId()}@clinic.test`,
  firstName: 'Bench',
  lastName: 'Vet',
  kind: 'head',
  passwordHash: await hashPassword(PASSWORD, 'low'),
});
const { family } = await createFamily(database.db);
const pet = await createPet(database.db, { familyId: family.id, name: 'Nala' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (message: unknown) => {
  if (message === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ type: 'memory', rss, heapUsed, connections: app.server.connections ?? null });
  }
  if (message === 'stop') void app.close().then(() => process.exit(0));
});
process.send?.({ type: 'ready', port, email: vet.email, password: PASSWORD, petId: pet.id });
