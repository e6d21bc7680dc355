import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '@/features/second-factor/security-page.tsx';
import { secondFactorStatusQueryOptions } from '@/lib/auth/second-factor-calls.ts';

export const Route = createFileRoute('/_default/account/security')({
  loader: ({ context }) => context.queryClient.ensureQueryData(secondFactorStatusQueryOptions()),
  component: SecurityPage,
});
