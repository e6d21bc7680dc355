import { createFileRoute } from '@tanstack/react-router';
import { NewPoolPage } from '@/features/checkup-pools/pool-builder-page.tsx';

export const Route = createFileRoute('/_default/checkups/pools/new')({
  component: NewPoolPage,
});
