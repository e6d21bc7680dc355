import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type LoginRequest, loginRequestSchema } from '@vetboard/contract';
import { pathAfterLogin } from '@/lib/guard/redirect-path.ts';
import { AuthCardHeading, EmailField } from './auth-form-parts.tsx';
import { useLoginMutation } from './auth-mutations.ts';

const route = getRouteApi('/_public/login');

export function LoginPage() {
  const { redirectPath } = route.useSearch();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      // SPEC §2: back to where the vet was sent from, if that is a page of this site.
      onSuccess: () => void navigate({ href: pathAfterLogin(redirectPath), replace: true }),
    }),
  );

  return (
    <Stack gap="lg">
      <AuthCardHeading title="Welcome back" description="Log in with your work email to continue." />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} stroke={1.7} />}
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-4}>
            <Anchor size="sm" renderRoot={(props) => <Link to="/reset-password" {...props} />}>
              Forgot your password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            Log in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
