import { ActionIcon, Alert, Badge, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type PetAlertKind, petAlertCreateSchema, petAlertKindLabels } from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { petAlertsQueryOptions, usePetAlertMutation } from '@/lib/pets/pet-alerts.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { petAlertTitle } from './pet-alert-title.ts';

const KIND_CHOICES = [
  ...(Object.entries(petAlertKindLabels) as [Exclude<PetAlertKind, 'other'>, string][]),
  ['other', 'Other'] as const,
];

function AddAlertModal({
  petUuid,
  opened,
  onClose,
}: {
  petUuid: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<PetAlertKind | null>(null);
  const [words, setWords] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = usePetAlertMutation(petUuid);
  const close = () => {
    setKind(null);
    setWords('');
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Add an alert" centered>
      <Editor
        name="pet-alert"
        what="the alert"
        dirty={() => (kind !== null || words !== '') && !change.isPending}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = petAlertCreateSchema.safeParse({
              kind: kind ?? undefined,
              ...(kind === 'other' ? { text: words } : {}),
            });
            if (!parsed.success) {
              setError(kind ? (parsed.error.issues[0]?.message ?? 'Check the alert') : 'Choose an alert');
              return;
            }
            mutateThen(
              change,
              { set: parsed.data },
              { onSuccess: close, onError: (failure) => setError(errorMessage(failure)) },
            );
          }}
        >
          <Stack>
            <Radio.Group
              label="Alert"
              value={kind}
              onChange={(value) => {
                setKind(value as PetAlertKind);
                // Words belong to "Other" only: a fixed kind says it all.
                if (value !== 'other') setWords('');
              }}
            >
              <Stack gap={6} mt={6}>
                {KIND_CHOICES.map(([value, label]) => (
                  <Radio key={value} value={value} label={label} />
                ))}
              </Stack>
            </Radio.Group>
            <TextInput
              label="In your words"
              description="For another alert: typing here chooses Other."
              value={words}
              maxLength={60}
              onChange={(event) => {
                setWords(event.currentTarget.value);
                if (event.currentTarget.value) setKind('other');
              }}
            />
            {error && (
              <Alert color="red" variant="light">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Add alert
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}

/** The profile's alerts: each with who set it, removable, and a way to add one. */
export function PetAlertsSection({ petUuid }: { petUuid: string }) {
  const alerts = useQuery(petAlertsQueryOptions(petUuid)).data?.petAlerts ?? [];
  const change = usePetAlertMutation(petUuid);
  const [adding, setAdding] = useState(false);
  return (
    <Group gap="xs" data-testid="pet-alerts" wrap="wrap">
      <Text size="sm" fw={600}>
        Alerts
      </Text>
      {alerts.length === 0 && (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      {alerts.map((alert) => (
        <Badge
          key={alert.uuid}
          color="red"
          variant="light"
          radius="sm"
          tt="none"
          title={petAlertTitle(alert)}
          rightSection={
            <ActionIcon
              size="xs"
              variant="transparent"
              color="red"
              aria-label={`Remove the alert ${alert.label}`}
              onClick={() => change.mutate({ remove: alert.uuid })}
            >
              <IconX size={12} />
            </ActionIcon>
          }
        >
          {alert.label}
        </Badge>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPlus size={14} />}
        onClick={() => setAdding(true)}
      >
        Add alert
      </Button>
      <AddAlertModal petUuid={petUuid} opened={adding} onClose={() => setAdding(false)} />
    </Group>
  );
}
