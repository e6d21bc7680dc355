import { createFileRoute } from '@tanstack/react-router';
import { PetLayout, PetLayoutPending } from '@/features/pets/pet-layout.tsx';
import { familyOwnerQueryOptions, familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/pets/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: async ({ context: { queryClient }, params: { uuid } }) => {
    const { petProfile } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    // The menu shows its own placeholder for a family part that failed; the pet page is still worth showing.
    await Promise.allSettled([
      queryClient.ensureQueryData(familyOwnerQueryOptions(petProfile.familyUuid)),
      queryClient.ensureQueryData(familyPetsQueryOptions(petProfile.familyUuid)),
    ]);
  },
  pendingComponent: PetLayoutPending,
  component: PetLayout,
});
