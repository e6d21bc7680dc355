import { Group } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FillCheckupButton, SendCheckupButton } from '@/features/checkup-pools/pet-checkup-buttons.tsx';
import { petCheckupsQueryOptions } from '@/features/checkups/checkups.queries.ts';
import { PetCheckupsPage } from '@/features/checkups/pet-checkups-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';

export const Route = createFileRoute('/pets/$uuid/checkups/')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petCheckupsQueryOptions(uuid))]),
  component: PetCheckupsRoute,
});

/** The pet's checkups, with the pools feature's ways to start a new one. */
function PetCheckupsRoute() {
  const { uuid } = Route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  return (
    <PetCheckupsPage
      actions={
        <Group gap="sm">
          <SendCheckupButton petUuid={uuid} petName={pet.name} />
          <FillCheckupButton petUuid={uuid} />
        </Group>
      }
    />
  );
}
