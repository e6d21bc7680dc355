import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordRequestPage } from '@/features/auth/reset-password-request-page.tsx';

export const Route = createFileRoute('/_public/reset-password/')({
  staticData: { isPublic: true },
  component: ResetPasswordRequestPage,
});
