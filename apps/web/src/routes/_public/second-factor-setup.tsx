import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { SecondFactorSetupPage } from '@/features/second-factor/second-factor-setup-page.tsx';

const searchSchema = z.object({ redirectPath: z.catch(z.optional(z.string()), undefined) });

function Page() {
  return <SecondFactorSetupPage redirectPath={Route.useSearch().redirectPath} />;
}

/** The set-up the team requires before anything else opens (issue #47). */
export const Route = createFileRoute('/_public/second-factor-setup')({
  staticData: { isPublic: true },
  validateSearch: searchSchema,
  component: Page,
});
