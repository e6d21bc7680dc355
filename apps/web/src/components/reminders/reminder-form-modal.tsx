import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fullName,
  REMINDER_NOTES_MAX,
  REMINDER_TITLE_MAX,
  type Reminder,
  type ReminderCreate,
  reminderCreateSchema,
  reminderResponseSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { api } from '../../lib/api/api-client.ts';
import { useAuthState } from '../../lib/auth/auth-store.ts';
import { formErrors } from '../../lib/forms/contract-form.ts';
import { applyServerFieldErrors } from '../../lib/forms/server-errors.ts';
import { notifyRequestError } from '../../lib/query/request-error-toast.ts';
import { assignableVetsQueryOptions, reminderKeys } from '../../lib/reminders/reminders.queries.ts';
import { searchQueryOptions } from '../search/search.queries.ts';

export interface ReminderFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The pet it is about; without one the form asks for it (the inbox's "New reminder"). */
  pet?: { uuid: string; name: string };
  /** The pending card it is made from. */
  pendingCardUuid?: string;
  /** A first title to start from ("Check Luna's respiratory rate"). */
  suggestedTitle?: string;
  /** The reminder to edit (its title, notes, due time and assignee); a new one when left out. */
  reminder?: Reminder;
}

interface Values {
  petUuid: string | null;
  title: string;
  notes: string;
  /** The picker's local wall time, `YYYY-MM-DD HH:mm:ss`. */
  dueAt: string | null;
  assigneeUuid: string | null;
}

const FIELDS = ['petUuid', 'title', 'notes', 'dueAt', 'assigneeUuid'] as const;
const pad = (value: number) => String(value).padStart(2, '0');

/** A timestamp as the picker holds it: the vet's wall time. */
function localDateTime(seconds: number): string {
  const date = new Date(seconds * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
}

/** Tomorrow at 09:00 on the vet's clock: the usual "check again tomorrow". */
function tomorrowMorning(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 09:00:00`;
}

function toBody(values: Values): ReminderCreate {
  const due = values.dueAt ? new Date(values.dueAt.replace(' ', 'T')) : null;
  return {
    petUuid: values.petUuid ?? '',
    title: values.title,
    notes: values.notes,
    // Refused by the contract with its own message when missing.
    dueAt: (due && !Number.isNaN(due.getTime())
      ? { seconds: Math.floor(due.getTime() / 1000) }
      : undefined) as unknown as ReminderCreate['dueAt'],
    assigneeUuid: values.assigneeUuid,
    pendingCardUuid: undefined,
  };
}

const MESSAGES: Record<string, string> = {
  petUuid: 'Choose the pet',
  dueAt: 'Choose when it is due',
};

/** Pets found by name through the global search, for a reminder made from the inbox. */
function PetPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (uuid: string | null) => void;
  error?: string;
}) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const found = useQuery({ ...searchQueryOptions(debounced), enabled: debounced.length > 0 });
  const pets = (found.data?.results ?? [])
    .filter((result) => result.type === 'pet')
    .map((result) => ({ value: result.uuid, label: `${result.title} · ${result.subtitle}` }));
  const data = chosen && !pets.some((pet) => pet.value === chosen.value) ? [chosen, ...pets] : pets;
  return (
    <Select
      label="Pet"
      placeholder="Type a pet's name"
      withAsterisk
      searchable
      data={data}
      value={value}
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options }) => options}
      onChange={(uuid, option) => {
        setChosen(option ?? null);
        onChange(uuid);
      }}
      nothingFoundMessage={debounced ? (found.isFetching ? 'Searching…' : 'No pet found') : 'Type to search'}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );
}

/**
 * A new reminder about a pet: title, notes, when it is due (on the vet's clock) and who should do it
 * (the vet making it, unless they choose another or nobody). Loaded lazily: see `LazyReminderFormModal`.
 */
export function ReminderFormModal({
  opened,
  onClose,
  pet,
  pendingCardUuid,
  suggestedTitle,
  reminder,
}: ReminderFormModalProps) {
  const me = useAuthState().vet;
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 36em)');
  const vets = useQuery(assignableVetsQueryOptions());
  const form = useForm<Values>({
    initialValues: reminder
      ? {
          petUuid: reminder.pet.uuid,
          title: reminder.title,
          notes: reminder.notes,
          dueAt: localDateTime(reminder.dueAt.seconds),
          assigneeUuid: reminder.assignee?.uuid ?? null,
        }
      : {
          petUuid: pet?.uuid ?? null,
          title: suggestedTitle ?? '',
          notes: '',
          dueAt: tomorrowMorning(),
          assigneeUuid: me?.uuid ?? null,
        },
    validate: (values) => {
      const errors = formErrors(reminderCreateSchema, toBody(values));
      for (const field of Object.keys(MESSAGES)) if (errors[field]) errors[field] = MESSAGES[field] as string;
      return errors;
    },
  });
  const create = useMutation({
    mutationFn: async (body: ReminderCreate) => {
      if (!reminder)
        return api.request('/v1/reminders', { method: 'POST', body, schema: reminderResponseSchema });
      const edited = await api.request(`/v1/reminders/${reminder.uuid}`, {
        method: 'PATCH',
        body: { title: body.title, notes: body.notes, dueAt: body.dueAt },
        schema: reminderResponseSchema,
      });
      if ((body.assigneeUuid ?? null) === (reminder.assignee?.uuid ?? null)) return edited;
      return api.request(`/v1/reminders/${reminder.uuid}/assignee`, {
        method: 'PUT',
        body: { assigneeUuid: body.assigneeUuid ?? null },
        schema: reminderResponseSchema,
      });
    },
    onSuccess: ({ reminder: saved }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
        queryClient.invalidateQueries({ queryKey: reminderKeys.pet(saved.pet.uuid) }),
      ]),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const assignees = [
    { value: '', label: 'Nobody' },
    ...(vets.data ?? []).map((vet) => ({
      value: vet.uuid,
      label: vet.uuid === me?.uuid ? `${fullName(vet)} (me)` : fullName(vet),
    })),
  ];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={reminder ? 'Edit reminder' : pet ? `Remind me about ${pet.name}` : 'New reminder'}
      centered
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Editor name="reminder-form" what="the reminder" dirty={() => form.isDirty() && !create.isPending}>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            mutateThen(
              create,
              { ...toBody(values), pendingCardUuid: pendingCardUuid ?? null },
              {
                onSuccess: ({ reminder: saved }) => {
                  notifications.show({ color: 'clinic', message: `Reminder saved: ${saved.title}` });
                  close();
                },
                onError: (error) => {
                  if (!applyServerFieldErrors(form, error, { fields: FIELDS })) notifyRequestError(error);
                },
              },
            ),
          )}
        >
          <Stack>
            {!pet && !reminder && (
              <PetPicker
                value={form.values.petUuid}
                onChange={(uuid) => form.setFieldValue('petUuid', uuid)}
                error={form.errors.petUuid as string | undefined}
              />
            )}
            <TextInput
              label="Title"
              placeholder="Check the respiratory rate again"
              withAsterisk
              maxLength={REMINDER_TITLE_MAX}
              data-autofocus={pet || reminder ? true : undefined}
              {...form.getInputProps('title')}
            />
            <DateTimePicker
              label="Due"
              description="On your clock"
              withAsterisk
              valueFormat="DD/MM/YYYY HH:mm"
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('dueAt')}
            />
            <Select
              label="Assigned to"
              data={assignees}
              value={form.values.assigneeUuid ?? ''}
              onChange={(value) => form.setFieldValue('assigneeUuid', value || null)}
              error={form.errors.assigneeUuid}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label="Notes"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={REMINDER_NOTES_MAX}
              {...form.getInputProps('notes')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Save reminder
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}
