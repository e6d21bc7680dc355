import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { LoginRequest } from '@vetboard/contract';
import { type FormEvent, useState } from 'react';
import { pathAfterLogin } from '@/lib/guard/redirect-path.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { AuthCardHeading, EmailField } from './auth-form-parts.tsx';
import { loadLoginCall, useLoginMutation } from './auth-mutations.ts';

const route = getRouteApi('/_public/login');

type LoginErrors = Partial<Record<keyof LoginRequest, string>>;

export function LoginPage() {
  const { redirectPath } = route.useSearch();
  const navigate = useNavigate();
  const login = useLoginMutation();
  // Two fields read once, on submit: plain state, because Mantine's form hook would be the largest
  // script of the page every visit starts on.
  const [errors, setErrors] = useState<LoginErrors>({});
  const clearError = (field: keyof LoginRequest) => () =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const logIn = (values: LoginRequest) =>
    mutateThen(login, values, {
      onSuccess: ({ secondFactor }) => {
        // Issue #47: a vet with a second factor gives it next; one the team requires it of sets it up.
        if (secondFactor === 'verify')
          return void navigate({ to: '/second-factor', search: { redirectPath }, replace: true });
        if (secondFactor === 'enrol')
          return void navigate({ to: '/second-factor-setup', search: { redirectPath }, replace: true });
        // SPEC §2: back to where the vet was sent from, if that is a page of this site.
        void navigate({ href: pathAfterLogin(redirectPath), replace: true });
      },
    });

  // The contract's schema judges the form, as the API would; it loads on submit with the login call.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: LoginRequest = {
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    };
    loadLoginCall().then(
      ({ formErrors, loginRequestSchema }) => {
        const found = formErrors(loginRequestSchema, values);
        setErrors(found);
        if (Object.keys(found).length === 0) logIn(values);
      },
      // Not loaded (offline, or a new release replaced it): the mutation tries again and reports it.
      () => logIn(values),
    );
  };

  return (
    <Stack gap="lg">
      <AuthCardHeading title="Welcome back" description="Log in with your work email to continue." />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField name="email" error={errors.email} onChange={clearError('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} stroke={1.7} />}
            withAsterisk
            name="password"
            error={errors.password}
            onChange={clearError('password')}
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
