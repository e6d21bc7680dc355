import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClipboardCheck, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FormSummary } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useSendCheckupMutation } from './checkup-pools.mutations.ts';
import { manuallySendableQueryOptions, poolPickerQueryOptions } from './checkup-pools.queries.ts';

function formOptions(forms: readonly FormSummary[] | undefined) {
  return (forms ?? []).map((form) => ({
    value: form.uuid,
    label: `${form.title} (${countOf(form.questionCount, { one: 'question', other: 'questions' })})`,
  }));
}

/** A dialog with one picker of forms, its loading and error states, and a confirm button. */
function PickFormModal({
  opened,
  onClose,
  title,
  intro,
  pickerLabel,
  confirmLabel,
  query,
  pending,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  pickerLabel: string;
  confirmLabel: string;
  query: {
    data?: { forms: FormSummary[] } | undefined;
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  pending?: boolean;
  onConfirm: (formUuid: string) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const options = formOptions(query.data?.forms);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!picked) {
      setMissing(true);
      return;
    }
    onConfirm(picked);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{intro}</Text>
          {query.error ? (
            <Alert color="red" variant="light" title="Could not load the list">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(query.error)}</Text>
                <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Select
              label={pickerLabel}
              placeholder={query.isPending ? 'Loading…' : 'Choose one'}
              data={options}
              value={picked}
              onChange={(value) => {
                setPicked(value);
                setMissing(false);
              }}
              searchable
              nothingFoundMessage="Nothing matches"
              disabled={query.isPending}
              error={missing ? 'Choose one' : undefined}
              comboboxProps={{ withinPortal: true }}
              data-autofocus
            />
          )}
          {!query.isPending && !query.error && options.length === 0 && (
            <Text size="sm" c="dimmed">
              There is nothing to choose from yet.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={Boolean(query.error)}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Send a checkup": one of the manually sendable forms, sent to this pet's owner. */
export function SendCheckupButton({
  petUuid,
  petName,
  onSent,
}: {
  petUuid: string;
  petName: string;
  /** After sending, with the new checkup's id. */
  onSent?: (checkupUuid: string) => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const forms = useQuery({ ...manuallySendableQueryOptions(), enabled: opened });
  const send = useSendCheckupMutation(petUuid);
  return (
    <>
      <Button leftSection={<IconSend size={16} />} onClick={open}>
        Send a checkup
      </Button>
      {opened && (
        <PickFormModal
          opened={opened}
          onClose={close}
          title={`Send a checkup to ${petName}'s owner`}
          intro="The owner answers it in the app; the answers come back to the checkups inbox."
          pickerLabel="Checkup"
          confirmLabel="Send"
          query={forms}
          pending={send.isPending}
          onConfirm={(formUuid) =>
            mutateThen(send, formUuid, {
              onSuccess: ({ checkupUuids }) => {
                const title = forms.data?.forms.find((form) => form.uuid === formUuid)?.title ?? 'Checkup';
                notifications.show({ color: 'teal', message: `“${title}” sent to ${petName}'s owner.` });
                close();
                const [checkupUuid] = checkupUuids;
                if (checkupUuid) onSent?.(checkupUuid);
              },
            })
          }
        />
      )}
    </>
  );
}

/** "Fill a checkup": choose a pool, then answer it for the pet on the fill page. */
export function FillCheckupButton({ petUuid }: { petUuid: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const pools = useQuery({ ...poolPickerQueryOptions(), enabled: opened });
  const go = useNavigate();
  return (
    <>
      <Button variant="default" leftSection={<IconClipboardCheck size={16} />} onClick={open}>
        Fill a checkup
      </Button>
      {opened && (
        <PickFormModal
          opened={opened}
          onClose={close}
          title="Fill a checkup"
          intro="Answer a pool's questions for the pet yourself, for example during a call with the owner."
          pickerLabel="Pool"
          confirmLabel="Start"
          query={pools}
          onConfirm={(poolUuid) => {
            close();
            void go({
              to: '/pets/$uuid/checkups/$checkupUuid/new',
              params: { uuid: petUuid, checkupUuid: poolUuid },
            });
          }}
        />
      )}
    </>
  );
}
