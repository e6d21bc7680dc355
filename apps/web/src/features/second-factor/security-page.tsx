import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_REQUIREMENT_LABELS } from '@vetboard/contract';
import { useState } from 'react';
import { useStepUp } from '@/components/auth/step-up.tsx';
import { secondFactorStatusQueryOptions } from '@/lib/auth/second-factor-calls.ts';
import { formatDay } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { useRegenerateRecoveryCodesMutation, useRemoveTotpMutation } from './second-factor.mutations.ts';
import { TotpSetup } from './totp-setup.tsx';

/** `/account/security`, from the user menu: the vet's own second factors and recovery codes. */
export function SecurityPage() {
  const status = useSuspenseQuery(secondFactorStatusQueryOptions()).data;
  const remove = useRemoveTotpMutation();
  const regenerate = useRegenerateRecoveryCodesMutation();
  const stepUp = useStepUp();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [settingUp, setSettingUp] = useState(false);

  const removeTotp = () =>
    mutateThen(remove, undefined, {
      onSuccess: () => notifications.show({ color: 'clinic', message: 'Authenticator app removed.' }),
      onError: (error) => stepUp.handled(error, removeTotp) || notifyRequestError(error),
    });
  const newCodes = () =>
    mutateThen(regenerate, undefined, {
      onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
      onError: (error) => stepUp.handled(error, newCodes) || notifyRequestError(error),
    });

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        Account security
      </Title>
      <Text size="sm" c="dimmed">
        Your team requires a second factor of: {SECOND_FACTOR_REQUIREMENT_LABELS[status.requirement]}.
      </Text>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Authenticator app
            </Title>
            {status.totp ? (
              <Badge color="clinic" variant="light" tt="none" data-testid="totp-state">
                Set up on {formatDay(status.totp.confirmedAt)}
              </Badge>
            ) : (
              <Badge color="gray" variant="outline" tt="none" data-testid="totp-state">
                Not set up
              </Badge>
            )}
          </Group>
          {/* Set-up first: its confirmation refreshes the status, and the codes it then shows must stay. */}
          {settingUp ? (
            <TotpSetup onDone={() => setSettingUp(false)} />
          ) : status.totp ? (
            <Group>
              <Button variant="light" color="red" loading={remove.isPending} onClick={removeTotp}>
                Remove authenticator app
              </Button>
            </Group>
          ) : (
            <Group>
              <Button onClick={() => setSettingUp(true)}>Add authenticator app</Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {status.totp && !settingUp && (
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Recovery codes
            </Title>
            {codes ? (
              <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
            ) : (
              <>
                <Text size="sm" data-testid="recovery-codes-left">
                  {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} codes left.
                </Text>
                <Group>
                  <Button variant="default" loading={regenerate.isPending} onClick={newCodes}>
                    New recovery codes
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}
      {stepUp.dialog}
    </Stack>
  );
}
