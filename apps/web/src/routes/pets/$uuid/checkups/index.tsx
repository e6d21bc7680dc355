import { createFileRoute } from '@tanstack/react-router';
import { petCheckupsQueryOptions } from '@/features/checkups/checkups.queries.ts';
import { PetCheckupsPage } from '@/features/checkups/pet-checkups-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/checkups/')({
  // The page shows its own state if the list fails.
  loader: petPageLoader(({ uuid, prefetch }) => [prefetch(petCheckupsQueryOptions(uuid))]),
  component: PetCheckupsRoute,
});

function PetCheckupsRoute() {
  return <PetCheckupsPage />;
}
