import { Alert, Anchor, Button, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type PasswordResetRequest, passwordResetRequestSchema } from '@vetboard/contract';
import { AuthCardHeading, EmailField } from './auth-form-parts.tsx';
import { usePasswordResetRequestMutation } from './password-reset-mutations.ts';

function BackToLogin() {
  return (
    <Anchor size="sm" ta="center" renderRoot={(props) => <Link to="/login" {...props} />}>
      <IconArrowLeft size={14} style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      Back to log in
    </Anchor>
  );
}

export function ResetPasswordRequestPage() {
  const request = usePasswordResetRequestMutation();
  const form = useForm<PasswordResetRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(passwordResetRequestSchema, { sync: true }),
  });

  if (request.isSuccess) {
    return (
      <Stack gap="lg">
        <Title order={1} fz={24} ta="center">
          Check your email
        </Title>
        <Alert
          color="clinic"
          variant="light"
          icon={<IconMailCheck size={18} />}
          data-testid="reset-request-sent"
        >
          {request.data.message}
        </Alert>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AuthCardHeading
        title="Reset your password"
        description="Enter your work email and we will send you a link to choose a new password."
      />
      <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
        <Stack gap="md">
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
