import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SecondFactorCodeForm } from '@/components/auth/second-factor-code-form.tsx';
import { reloadSessionVet } from '@/lib/auth/session.ts';
import { useLogout } from '@/lib/auth/use-logout.ts';
import { pathAfterLogin } from '@/lib/guard/redirect-path.ts';

/** Once the second factor is in, the session is whole: the vet is read and the dashboard opens. */
export function useFinishLogin(redirectPath: string | undefined): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () =>
    void reloadSessionVet(queryClient).then(() =>
      navigate({ href: pathAfterLogin(redirectPath), replace: true }),
    );
}

/** `/second-factor`: the login's second step, a code from the app or a recovery code. */
export function SecondFactorLoginPage({ redirectPath }: { redirectPath: string | undefined }) {
  const finish = useFinishLogin(redirectPath);
  const logout = useLogout();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          Two-step verification
        </Title>
        <Text size="sm" c="dimmed">
          Enter the code from your authenticator app to finish logging in.
        </Text>
      </Stack>
      <SecondFactorCodeForm submitLabel="Log in" onVerified={finish} />
      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
          Log out
        </Anchor>
      </Group>
    </Stack>
  );
}
