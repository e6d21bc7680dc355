import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { SecondFactorLoginPage } from '@/features/second-factor/second-factor-login-page.tsx';

const searchSchema = z.object({ redirectPath: z.catch(z.optional(z.string()), undefined) });

function Page() {
  return <SecondFactorLoginPage redirectPath={Route.useSearch().redirectPath} />;
}

/** The login's second step (issue #47); the session holds only the password until then. */
export const Route = createFileRoute('/_public/second-factor')({
  staticData: { isPublic: true },
  validateSearch: searchSchema,
  component: Page,
});
