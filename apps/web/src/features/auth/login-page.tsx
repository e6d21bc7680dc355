import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock, IconMail } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type LoginRequest, loginRequestSchema } from '@vetboard/contract';
import { pathAfterLogin } from '@/lib/guard/redirect-path.ts';
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
      <Stack gap={4} ta="center">
        <Title order={1} fz={24}>
          Welcome back
        </Title>
        <Text c="dimmed" size="sm">
          Log in with your work email to continue.
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate>
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
