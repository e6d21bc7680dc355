import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconMail, IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type PasswordResetRequest, passwordResetRequestSchema } from '@vetboard/contract';
import { usePasswordResetRequestMutation } from './auth-mutations.ts';

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
      <Stack gap={4} ta="center">
        <Title order={1} fz={24}>
          Reset your password
        </Title>
        <Text c="dimmed" size="sm">
          Enter your work email and we will send you a link to choose a new password.
        </Text>
      </Stack>
      <form onSubmit={form.onSubmit((values) => request.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            placeholder="you@clinic.example"
            leftSection={<IconMail size={16} stroke={1.7} />}
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
