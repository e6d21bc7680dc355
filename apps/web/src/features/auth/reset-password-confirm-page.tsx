import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '@vetboard/contract';
import { z } from 'zod';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';
import { applyServerFieldErrors } from '@/lib/forms/server-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { AuthCardHeading } from './auth-form-parts.tsx';
import { usePasswordResetConfirmMutation } from './password-reset-mutations.ts';

const route = getRouteApi('/_public/reset-password/$token');

const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    message: 'Passwords do not match',
    path: ['confirmation'],
  });

type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export function ResetPasswordConfirmPage() {
  const { token } = route.useParams();
  const confirm = usePasswordResetConfirmMutation();
  const form = useForm<NewPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmation: '' },
    validate: schemaResolver(newPasswordFormSchema, { sync: true }),
  });

  // A password the server refuses (too common, or built on the product's or the vet's own words) is
  // said under the field; a bad or expired link is said above the form, next to the way out.
  const refusedPassword =
    confirm.error instanceof HttpError && confirm.error.details?.some((detail) => detail.path === 'password');
  const linkError = confirm.isError && !refusedPassword;

  if (confirm.isSuccess) {
    return (
      <Stack gap="lg">
        <Title order={1} fz={24} ta="center">
          Password updated
        </Title>
        <Alert
          color="clinic"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          data-testid="reset-confirmed"
        >
          Your new password is set. Log in with it to continue.
        </Alert>
        <Button fullWidth size="md" renderRoot={(props) => <Link to="/login" {...props} />}>
          Log in
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AuthCardHeading
        title="Choose a new password"
        description={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember and hard to guess.`}
      />
      {linkError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          <Stack gap={6}>
            <Text size="sm">{errorMessage(confirm.error)}</Text>
            <Anchor size="sm" fw={600} renderRoot={(props) => <Link to="/reset-password" {...props} />}>
              Request a new link
            </Anchor>
          </Stack>
        </Alert>
      )}
      <form
        onSubmit={form.onSubmit(({ password }) =>
          mutateThen(
            confirm,
            { token, password },
            { onError: (error) => applyServerFieldErrors(form, error, { fields: ['password'] }) },
          ),
        )}
        noValidate
      >
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmation')}
            {...form.getInputProps('confirmation')}
          />
          <Button type="submit" fullWidth size="md" loading={confirm.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
      <Anchor size="sm" ta="center" renderRoot={(props) => <Link to="/login" {...props} />}>
        Back to log in
      </Anchor>
    </Stack>
  );
}
