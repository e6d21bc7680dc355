import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowMerge, IconPlus } from '@tabler/icons-react';
import { type Label, type LabelColor, labelCreateSchema } from '@vetboard/contract';
import { type FormEvent, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { ColorSelect, nameErrorOf, records } from './label-parts.tsx';
import { useMergeLabelMutation, usePatchLabelMutation } from './medical-records.mutations.ts';

export function LabelForm({
  editor,
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  editor: 'label-create' | 'label-edit';
  initial: { name: string; color: LabelColor };
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: { name: string; color: LabelColor }, fail: (message: string) => void) => void;
}) {
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState<LabelColor>(initial.color);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = labelCreateSchema.safeParse({ name, color });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'name')?.message ?? 'Enter a name');
      return;
    }
    setError(undefined);
    onSubmit(parsed.data, setError);
  };
  const dirty = name.trim() !== initial.name || color !== initial.color;
  return (
    <Editor name={editor} what="this label" dirty={() => dirty && !pending} dirtyOnUnload={() => dirty}>
      <form onSubmit={submit}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={60}
            w={{ base: '100%', xs: 240 }}
            data-testid="label-name"
          />
          <ColorSelect value={color} onChange={setColor} />
          <Button
            type="submit"
            loading={pending}
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconPlus size={16} />}
          >
            {submitLabel}
          </Button>
        </Group>
      </form>
    </Editor>
  );
}

export function EditModal({ label, onClose }: { label: Label; onClose: () => void }) {
  const patch = usePatchLabelMutation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Edit “${label.name}”`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <LabelForm
        editor="label-edit"
        initial={{ name: label.name, color: label.color }}
        submitLabel="Save"
        pending={patch.isPending}
        onSubmit={(body, fail) =>
          mutateThen(
            patch,
            { uuid: label.uuid, body },
            {
              onSuccess: () => {
                notifications.show({ color: 'clinic', message: 'Label saved.' });
                onClose();
              },
              onError: (error) => fail(nameErrorOf(error)),
            },
          )
        }
      />
    </Modal>
  );
}

export function MergeModal({
  label,
  labels,
  onClose,
}: {
  label: Label;
  labels: readonly Label[];
  onClose: () => void;
}) {
  const merge = useMergeLabelMutation();
  const [into, setInto] = useState<string | null>(null);
  const target = labels.find((other) => other.uuid === into);
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Merge “${label.name}” into another label`}
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Select
          label="Keep this label"
          placeholder="Choose the label that stays"
          data={labels
            .filter((other) => other.uuid !== label.uuid)
            .map((other) => ({
              value: other.uuid,
              label: other.archived ? `${other.name} (archived)` : other.name,
            }))}
          value={into}
          onChange={setInto}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="merge-into"
        />
        {target && (
          <Text size="sm" data-testid="merge-summary">
            {records(label.recordCount)} labelled “{label.name}” will be labelled “{target.name}”, and “
            {label.name}” will be removed. This cannot be undone.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={!target}
            loading={merge.isPending}
            leftSection={<IconArrowMerge size={16} />}
            onClick={() =>
              target &&
              mutateThen(
                merge,
                { uuid: label.uuid, intoUuid: target.uuid },
                {
                  onSuccess: () => {
                    notifications.show({
                      color: 'clinic',
                      message: `“${label.name}” merged into “${target.name}”.`,
                    });
                    onClose();
                  },
                },
              )
            }
          >
            Merge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
