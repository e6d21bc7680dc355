import { createFileRoute } from '@tanstack/react-router';
import { dietQueryOptions } from '@/features/diets/diets.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/diets/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  loader: async ({ context: { queryClient }, params: { uuid } }) => {
    const { diet } = await orNotFound(queryClient.ensureQueryData(dietQueryOptions(uuid)));
    await queryClient.ensureQueryData(petQueryOptions(diet.petUuid));
  },
});
