import { createFileRoute } from '@tanstack/react-router';
import { PetProfilePage } from '@/features/pets/pet-profile-page.tsx';
import { familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { petHealthProfileQueryOptions, petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';

export const Route = createFileRoute('/pets/$uuid/')({
  loader: async ({ context: { queryClient }, params: { uuid } }) => {
    const { petProfile } = await orNotFound(queryClient.ensureQueryData(petQueryOptions(uuid)));
    // Each section shows its own failure, so one missing part does not hide the rest of the pet.
    await Promise.allSettled([
      queryClient.ensureQueryData(petHealthProfileQueryOptions(uuid)),
      queryClient.ensureQueryData(familyPetsQueryOptions(petProfile.familyUuid)),
    ]);
  },
  component: PetProfilePage,
});
