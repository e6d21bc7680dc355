import { createFileRoute } from '@tanstack/react-router';
import { BetaCreatePage } from '@/features/betas/beta-create-page.tsx';

export const Route = createFileRoute('/_default/betas/create')({
  component: BetaCreatePage,
});
