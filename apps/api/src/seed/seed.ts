import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { countVets, insertVet } from '../modules/vets/vets.repository.ts';
import { demoVets } from './demo-vets.ts';
import { createSeededRandom } from './seeded-random.ts';

export const DEMO_SEED = 20260101;

/** Fills an empty database with deterministic demo data; a database with any vet is left alone. */
export async function seedDemoData(deps: {
  db: Db;
  config: Pick<Config, 'demoPassword' | 'passwordHashCost'>;
}): Promise<{ seeded: boolean; vets: number }> {
  const { db, config } = deps;
  if ((await countVets(db)) > 0) return { seeded: false, vets: 0 };
  const random = createSeededRandom(DEMO_SEED);
  const passwordHash = await hashPassword(config.demoPassword, config.passwordHashCost);
  await db.transaction(async (tx) => {
    for (const vet of demoVets) {
      await insertVet(tx, { id: random.uuid(), passwordHash, imageUrl: null, ...vet });
    }
    await recordAudit(
      tx,
      {
        actorVetId: null,
        action: 'seed.demo',
        entity: 'database',
        entityId: null,
        changes: { vets: demoVets.length },
      },
      null,
    );
  });
  return { seeded: true, vets: demoVets.length };
}
