import { createFileRoute } from '@tanstack/react-router';
import { BetaDetailPage } from '@/features/betas/beta-detail-page.tsx';
import { betaQueryOptions } from '@/features/betas/betas.queries.ts';
import { orNotFound } from '@/lib/routing/not-found.ts';
import { validateUuidParams } from '@/lib/routing/uuid-params.ts';

export const Route = createFileRoute('/_default/betas/$betaId')({
  params: { parse: (params) => validateUuidParams(params, 'betaId') },
  loader: ({ context, params }) =>
    orNotFound(context.queryClient.ensureQueryData(betaQueryOptions(params.betaId))),
  component: BetaDetailPage,
});
