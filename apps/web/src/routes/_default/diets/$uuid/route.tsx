import { createFileRoute } from '@tanstack/react-router';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/diets/$uuid')({
  params: { parse: (params) => validateUuidParams(params, 'uuid') },
});
