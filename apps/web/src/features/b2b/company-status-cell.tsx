import { Button, Group, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type B2bPet, type DailyStatus, MAX_DAILY_STATUS_LENGTH } from '@vetboard/contract';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { useServerDraft } from '@/components/editors/server-draft.ts';
import { ConfirmModal } from '@/components/feedback/confirm-modal.tsx';
import { SavedElsewhere } from '@/components/feedback/saved-elsewhere.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import {
  useCreateDailyStatusMutation,
  useDeleteDailyStatusMutation,
  useEditDailyStatusMutation,
} from './b2b.mutations.ts';
import { dailyStatusOfDayQueryOptions } from './b2b.queries.ts';
import { isoToCalendar } from './b2b-cells.tsx';

/** The text box of one pet's status: Enter saves, Shift+Enter starts a new line. */
function StatusInput({
  pet,
  text,
  onText,
  saving,
  error,
  onSave,
  onCancel,
  register,
}: {
  pet: B2bPet;
  text: string;
  onText: (text: string) => void;
  saving: boolean;
  error: string | null;
  onSave: (text: string) => void;
  onCancel?: () => void;
  register?: (element: HTMLTextAreaElement | null) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (text.trim() && !saving) onSave(text);
    } else if (event.key === 'Escape' && onCancel) onCancel();
  };
  return (
    <Textarea
      ref={register}
      aria-label={`Daily status of ${pet.name}`}
      placeholder={`How was ${pet.name}’s day? Enter saves and moves on`}
      value={text}
      onChange={(event) => onText(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      autosize
      minRows={1}
      maxRows={6}
      maxLength={MAX_DAILY_STATUS_LENGTH}
      disabled={saving}
      error={error}
      data-testid="status-input"
      autoFocus={Boolean(onCancel)}
    />
  );
}

function WrittenStatus({
  status,
  onEdit,
  onDelete,
}: {
  status: DailyStatus;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" data-testid="written-status">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {status.dailyStatus}
        </Text>
        <Text size="xs" c="dimmed">
          {status.author ? status.author.name : 'Unknown vet'}
          {status.updatedBy && status.updatedAt
            ? ` · edited by ${status.updatedBy.name}, ${formatDateTime(status.updatedAt)}`
            : ''}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Tooltip label="Edit">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={onEdit}
            aria-label={`Edit the status of ${status.petName}`}
          >
            <IconPencil size={16} aria-hidden />
          </Button>
        </Tooltip>
        <Tooltip label="Delete">
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onDelete}
            aria-label={`Delete the status of ${status.petName}`}
          >
            <IconTrash size={16} aria-hidden />
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * One pet's status of the day: written (with edit and delete) or a box to write it. `held`: the list no
 * longer returns the pet (a colleague's status took it out of "Missing", or their delete out of
 * "Written") and the row stays only for what the vet is typing; its status is then read on its own.
 */
export function StatusCell({
  pet,
  date,
  held,
  register,
  onWritten,
  onUnsaved,
}: {
  pet: B2bPet;
  date: string;
  held: boolean;
  register: (uuid: string, element: HTMLTextAreaElement | null) => void;
  onWritten: (uuid: string) => void;
  onUnsaved: (uuid: string, unsaved: boolean) => void;
}) {
  const create = useCreateDailyStatusMutation();
  const edit = useEditDailyStatusMutation();
  const remove = useDeleteDailyStatusMutation();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ofDay = useQuery({ ...dailyStatusOfDayQueryOptions(pet.uuid, date), enabled: held });
  // Shown at once, before the list comes back with it (an edit adds to `edits`, so the newer of the two
  // is known), and forgotten once the list has it, so what is done elsewhere later shows.
  const [saved, setSaved] = useState<DailyStatus | null>(null);
  const listed = held && ofDay.data !== undefined ? ofDay.data : pet.dailyStatus;
  if (saved && listed?.uuid === saved.uuid && listed.edits.length >= saved.edits.length) setSaved(null);
  const savedIsNewer =
    saved !== null && (!listed || (listed.uuid === saved.uuid && saved.edits.length > listed.edits.length));
  const status = savedIsNewer ? saved : listed;
  // What the vet types is a draft of the saved status (none: ''). Live updates bring the status back
  // (this vet's own, or one a colleague wrote meanwhile): an untouched draft follows it, a draft being
  // typed is kept, and a colleague's status under it is said, with a way to take it.
  const server = status?.dailyStatus ?? '';
  const draft = useServerDraft(server);
  const unsaved = draft.edited && draft.text.trim() !== '';
  // Held in the list while there is unsaved text; let go when it is saved or dropped, or the row goes.
  useEffect(() => {
    if (!unsaved) return;
    onUnsaved(pet.uuid, true);
    return () => onUnsaved(pet.uuid, false);
  }, [onUnsaved, pet.uuid, unsaved]);

  if (status && !editing && !draft.edited)
    return (
      <>
        <WrittenStatus
          status={status}
          onEdit={() => setEditing(true)}
          onDelete={() => setConfirmDelete(true)}
        />
        <ConfirmModal
          opened={confirmDelete}
          title={`Delete ${pet.name}’s status?`}
          confirmLabel="Delete"
          confirmColor="red"
          loading={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            mutateThen(
              remove,
              { uuid: status.uuid, petUuid: pet.uuid },
              {
                onSuccess: () => {
                  setSaved(null);
                  setConfirmDelete(false);
                  notifications.show({ color: 'teal', message: `${pet.name}’s status deleted.` });
                },
              },
            )
          }
        >
          It leaves the list and the e-mails; it is kept in the record with who deleted it and when.
        </ConfirmModal>
      </>
    );
  // One editor for a new status and for an edit, so the box the vet types in stays mounted, focus and
  // all, when a colleague's status arrives under it.
  const saving = status ? edit : create;
  const takeSaved = () => {
    draft.takeSaved();
    setEditing(false);
  };
  return (
    <Editor
      name="b2b-status"
      what={`${pet.name}’s status`}
      dirty={() => unsaved && !saving.isPending}
      dirtyOnUnload={() => unsaved}
    >
      <Stack gap="xs">
        <StatusInput
          pet={pet}
          text={draft.text}
          onText={draft.setText}
          saving={saving.isPending}
          error={saving.error ? errorMessage(saving.error) : null}
          register={status ? undefined : (element) => register(pet.uuid, element)}
          onCancel={status ? takeSaved : undefined}
          onSave={(dailyStatus) =>
            status
              ? mutateThen(
                  edit,
                  { uuid: status.uuid, dailyStatus },
                  {
                    onSuccess: (response) => {
                      setSaved(response.dailyStatus);
                      setEditing(false);
                    },
                  },
                )
              : mutateThen(
                  create,
                  { petUuid: pet.uuid, date: isoToCalendar(date), dailyStatus },
                  {
                    onSuccess: (response) => {
                      setSaved(response.dailyStatus);
                      onWritten(pet.uuid);
                    },
                  },
                )
          }
        />
        {status && (!editing || draft.overtaken) && (
          <SavedElsewhere
            testId="status-overtaken"
            saved={`“${server}”`}
            takeLabel="Use the saved status"
            onTake={takeSaved}
          >
            {status.author?.name ?? 'Another vet'} saved a status for {pet.name} while you were typing.
          </SavedElsewhere>
        )}
      </Stack>
    </Editor>
  );
}
