import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  pendingCardReopenSchema,
  pendingCardResolveSchema,
  pendingCardSnoozeSchema,
} from '@vetboard/contract';
import { useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';

export function NoteModal({
  title,
  label,
  opened,
  onClose,
  onSubmit,
  pending,
  withUntil,
  asReason,
  description,
}: {
  title: string;
  label: string;
  /** What the dialog does beyond its title, in a sentence above the field. */
  description?: string;
  /** The text is a reason (reopening), checked as the API checks it. */
  asReason?: boolean;
  opened: boolean;
  onClose: () => void;
  onSubmit: (values: { note: string; until?: number }) => Promise<unknown>;
  pending: boolean;
  withUntil?: boolean;
}) {
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ note?: string; until?: string; form?: string }>({});
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Editor
        name="pending-card-note"
        what="the note"
        dirty={() => (note.trim() !== '' || until !== '') && !pending}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const untilSeconds = until ? Math.floor(new Date(until).getTime() / 1000) : Number.NaN;
            const parsed = withUntil
              ? pendingCardSnoozeSchema.safeParse({ until: { seconds: untilSeconds }, reason: note })
              : asReason
                ? pendingCardReopenSchema.safeParse({ reason: note })
                : pendingCardResolveSchema.safeParse({ note });
            if (!parsed.success) {
              const found: typeof errors = {};
              for (const issue of parsed.error.issues) {
                if (issue.path[0] === 'until') found.until = 'Choose when the card comes back';
                else found.note = issue.message;
              }
              setErrors(found);
              return;
            }
            onSubmit({ note: note.trim(), until: untilSeconds })
              .then(() => {
                setNote('');
                setUntil('');
                onClose();
              })
              .catch((failure: unknown) => setErrors({ form: errorMessage(failure) }));
          }}
        >
          <Stack>
            {description && <Text size="sm">{description}</Text>}
            {withUntil && (
              <TextInput
                type="datetime-local"
                label="Snooze until"
                value={until}
                onChange={(event) => setUntil(event.currentTarget.value)}
                error={errors.until}
              />
            )}
            <Textarea
              label={label}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
              autosize
              minRows={3}
              data-autofocus
            />
            {errors.form && (
              <Alert color="red" variant="light">
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                {title}
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}
