import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useLogout } from '@/lib/auth/use-logout.ts';
import { useFinishLogin } from './second-factor-login-page.tsx';
import { TotpSetup } from './totp-setup.tsx';

/** `/second-factor-setup`: the team requires a second factor this vet has not set up; nothing else opens. */
export function SecondFactorSetupPage({ redirectPath }: { redirectPath: string | undefined }) {
  const finish = useFinishLogin(redirectPath);
  const logout = useLogout();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          Set up two-step verification
        </Title>
        <Text size="sm" c="dimmed">
          Your team requires a second factor. Set up an authenticator app to continue.
        </Text>
      </Stack>
      <TotpSetup onDone={finish} />
      <Group justify="center">
        <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
          Log out
        </Anchor>
      </Group>
    </Stack>
  );
}
