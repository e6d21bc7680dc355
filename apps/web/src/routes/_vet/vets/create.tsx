import { createFileRoute } from '@tanstack/react-router';
import { vetKinds } from '@vetboard/contract';
import { z } from 'zod/mini';
import { optionalEnumParam } from '@/components/lists/list-search.ts';
import { VetCreatePage } from '@/features/vets/vet-create-page.tsx';

export const Route = createFileRoute('/_vet/vets/create')({
  // The list it was opened from presets the kind; anything else starts blank.
  validateSearch: z.object({ kind: optionalEnumParam(vetKinds) }),
  component: VetCreatePage,
});
