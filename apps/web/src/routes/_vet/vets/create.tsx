import { createFileRoute } from '@tanstack/react-router';
import { vetKindSchema } from '@vetboard/contract';
import { z } from 'zod';
import { VetCreatePage } from '@/features/vets/vet-create-page.tsx';

export const Route = createFileRoute('/_vet/vets/create')({
  // The list it was opened from presets the kind; anything else starts blank.
  validateSearch: z.object({ kind: vetKindSchema.optional().catch(undefined) }),
  component: VetCreatePage,
});
