import type { VitalsRange } from '@vetboard/contract';
import { familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { petAttentionQueryOptions } from '@/lib/pets/pet-attention.queries.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';
import { petHealthProfileQueryOptions } from '@/lib/pets/pets.queries.ts';
import { petPreventiveCareQueryOptions } from '@/lib/preventive-care/pet-preventive-care.queries.ts';
import { petVitalsQueryOptions } from './pets.queries.ts';

/**
 * The profile's reads: its health profile, what needs attention, the family (subscription), the vitals panel in the range
 * of the URL and the preventive-care schedule. Each section shows its own failure, so one missing part does not hide the rest of the pet.
 */
export const petProfileLoader = petPageLoader<{ vitals: VitalsRange }>(({ uuid, pet, deps, prefetch }) => [
  prefetch(petHealthProfileQueryOptions(uuid)),
  prefetch(petAttentionQueryOptions(uuid)),
  prefetch(familyPetsQueryOptions(pet.petProfile.familyUuid)),
  prefetch(petVitalsQueryOptions(uuid, deps.vitals)),
  prefetch(petPreventiveCareQueryOptions(uuid)),
]);
