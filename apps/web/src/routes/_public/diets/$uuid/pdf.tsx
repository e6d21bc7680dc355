import { createFileRoute } from '@tanstack/react-router';
import { DietPdfPage } from '@/features/diets/diet-pdf-page.tsx';
import { dietPdfSearchSchema } from '@/features/diets/diet-pdf-search.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

// SPEC §2: the one page besides login and reset open without a session; the link's signature is the key.
export const Route = createFileRoute('/_public/diets/$uuid/pdf')({
  staticData: { isPublic: true },
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
  validateSearch: dietPdfSearchSchema,
  component: DietPdfPage,
});
