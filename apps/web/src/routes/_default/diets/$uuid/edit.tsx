import { createFileRoute } from '@tanstack/react-router';
import { DietEditorPage } from '@/features/diets/diet-editor-page.tsx';
import { dietQueryOptions, ingredientsQueryOptions } from '@/features/diets/diets.queries.ts';
import { petHealthProfileQueryOptions } from '@/lib/pets/pets.queries.ts';

export const Route = createFileRoute('/_default/diets/$uuid/edit')({
  loader: async ({ context: { queryClient }, params: { uuid } }) => {
    const { diet } = await queryClient.ensureQueryData(dietQueryOptions(uuid));
    // The live panel needs both; the editor shows the saved figures if either fails.
    await Promise.allSettled([
      queryClient.ensureQueryData(ingredientsQueryOptions()),
      queryClient.ensureQueryData(petHealthProfileQueryOptions(diet.petUuid)),
    ]);
  },
  component: DietEditorPage,
});
