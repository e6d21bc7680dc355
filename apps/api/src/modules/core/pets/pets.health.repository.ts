import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { petHealthProfiles } from './pets.table.ts';

/** Each pet's target weight (kg) from its health profile; a pet without a profile or target is absent. */
export async function targetWeightsOf(db: DbOrTx, petIds: readonly string[]): Promise<Map<string, number>> {
  if (petIds.length === 0) return new Map();
  const rows = await db
    .select({ petId: petHealthProfiles.petId, targetKg: petHealthProfiles.targetWeightKg })
    .from(petHealthProfiles)
    .where(inArray(petHealthProfiles.petId, [...new Set(petIds)]));
  const targets = new Map<string, number>();
  for (const row of rows) if (row.targetKg !== null) targets.set(row.petId, Number(row.targetKg));
  return targets;
}

/** The allergies on the pet's health profile, as vets typed them; none without a profile. */
export async function allergiesOfPet(db: DbOrTx, petId: string): Promise<string[]> {
  const [row] = await db
    .select({ allergies: petHealthProfiles.allergies })
    .from(petHealthProfiles)
    .where(eq(petHealthProfiles.petId, petId))
    .limit(1);
  return row?.allergies ?? [];
}
