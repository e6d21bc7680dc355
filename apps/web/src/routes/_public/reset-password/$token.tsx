import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordConfirmPage } from '@/features/auth/reset-password-confirm-page.tsx';

export const Route = createFileRoute('/_public/reset-password/$token')({
  staticData: { isPublic: true },
  component: ResetPasswordConfirmPage,
});
