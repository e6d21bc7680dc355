import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '@/features/auth/login-page.tsx';

/** SPEC §2: login accepts the page to return to; whether it is safe to follow is decided after login. */
const loginSearchSchema = z.object({
  redirectPath: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_public/login')({
  staticData: { isPublic: true, middleware: ['guest'] },
  validateSearch: loginSearchSchema,
  component: LoginPage,
});
