import { createFileRoute } from '@tanstack/react-router';
import { currentDietPlanQueryOptions } from '@/components/diets/current-diet-plan.queries.ts';
import { dietListQueryOptions } from '@/features/diets/diets.queries.ts';
import { PetDietsPage } from '@/features/diets/pet-diets-page.tsx';
import { petPageLoader } from '@/lib/pets/pet-page-loader.ts';

export const Route = createFileRoute('/pets/$uuid/diets/')({
  // The page shows its own state for either failing.
  loader: petPageLoader(({ uuid, prefetch }) => [
    prefetch(dietListQueryOptions(uuid)),
    prefetch(currentDietPlanQueryOptions(uuid)),
  ]),
  component: PetDietsPage,
});
