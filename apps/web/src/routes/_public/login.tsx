import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { LoginPage } from '@/features/auth/login-page.tsx';

/** SPEC §2: login accepts the page to return to; whether it is safe to follow is decided after login. */
const loginSearchSchema = z.object({
  redirectPath: z.catch(z.optional(z.string()), undefined),
});

export const Route = createFileRoute('/_public/login')({
  staticData: { isPublic: true, middleware: ['guest'] },
  validateSearch: loginSearchSchema,
  component: LoginPage,
});
