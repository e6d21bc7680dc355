import { createFileRoute } from '@tanstack/react-router';
import { PetProfilePage } from '@/features/pets/pet-profile-page.tsx';
import { familyPetsQueryOptions } from '@/lib/families/families.queries.ts';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';
import { petHealthProfileQueryOptions } from '@/lib/pets/pets.queries.ts';

export const Route = createFileRoute('/pets/$uuid/')({
  // Each section shows its own failure, so one missing part does not hide the rest of the pet.
  loader: petPageLoader(({ uuid, pet, prefetch }) => [
    prefetch(petHealthProfileQueryOptions(uuid)),
    prefetch(familyPetsQueryOptions(pet.petProfile.familyUuid)),
  ]),
  component: PetProfilePage,
});
