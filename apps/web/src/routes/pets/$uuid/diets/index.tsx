import { createFileRoute } from '@tanstack/react-router';
import { currentDietPlanQueryOptions } from '@/components/diets/current-diet-plan.queries.ts';
import { dietListQueryOptions } from '@/features/diets/diets.queries.ts';
import { PetDietsPage } from '@/features/diets/pet-diets-page.tsx';

export const Route = createFileRoute('/pets/$uuid/diets/')({
  loader: async ({ context: { queryClient }, params: { uuid } }) => {
    // The page shows its own state for either failing; the pet itself is loaded by the pet layout.
    await Promise.allSettled([
      queryClient.ensureQueryData(dietListQueryOptions(uuid)),
      queryClient.ensureQueryData(currentDietPlanQueryOptions(uuid)),
    ]);
  },
  component: PetDietsPage,
});
