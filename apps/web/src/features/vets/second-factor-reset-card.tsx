import { Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { fullName, okResponseSchema, type VetListItem } from '@vetboard/contract';
import { type FormEvent, useState } from 'react';
import { useStepUp } from '@/components/auth/step-up.tsx';
import { api } from '@/lib/api/api-client.ts';
import { HttpError } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';

/**
 * A head vet's reset of a colleague's second factors (a lost phone): the factors and recovery codes go,
 * the colleague is logged out everywhere and sets a factor up again; the reason is audited.
 */
export function SecondFactorResetCard({ vet }: { vet: VetListItem }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const stepUp = useStepUp();
  const reset = useMutation({
    mutationFn: (reason: string) =>
      api.request(`/v1/auth/vets/${vet.uuid}/second-factor-reset`, {
        method: 'POST',
        body: { reason },
        schema: okResponseSchema,
      }),
    meta: { handlesErrors: true },
  });
  const name = fullName(vet);

  const send = (reason: string) =>
    mutateThen(reset, reason, {
      onSuccess: () => {
        setOpen(false);
        notifications.show({ color: 'clinic', message: 'Second factor reset.' });
      },
      onError: (failure) => {
        if (stepUp.handled(failure, () => send(reason))) return;
        if (failure instanceof HttpError && failure.status === 400)
          setError(failure.details?.[0]?.message ?? failure.serverMessage);
        else notifyRequestError(failure);
      },
    });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (!reason) return setError('Give the reason');
    send(reason);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} fz="lg">
            Second factor
          </Title>
          <Text size="sm" c="dimmed">
            If {name} lost their authenticator app, reset it: they are logged out and set it up again.
          </Text>
        </Stack>
        <Button variant="light" color="red" onClick={() => setOpen(true)}>
          Reset second factor
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Reset ${name}'s second factor?`} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Textarea
              name="reason"
              label="Reason"
              withAsterisk
              autosize
              minRows={2}
              error={error}
              onChange={() => setError(undefined)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={reset.isPending}>
                Reset
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {stepUp.dialog}
    </Paper>
  );
}
