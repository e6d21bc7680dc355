import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowLeft,
  IconArrowMerge,
  IconDots,
  IconPencil,
  IconPlus,
  IconRestore,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type Label, type LabelColor, labelColors, labelCreateSchema } from '@vetboard/contract';
import { type FormEvent, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage, HttpError } from '@/lib/api/api-errors.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import {
  useCreateLabelMutation,
  useMergeLabelMutation,
  usePatchLabelMutation,
} from './medical-records.mutations.ts';
import { labelsQueryOptions } from './medical-records.queries.ts';
import { LabelBadge } from './record-cells.tsx';

const COLOR_NAMES: Record<LabelColor, string> = {
  blue: 'Blue',
  cyan: 'Cyan',
  teal: 'Teal',
  green: 'Green',
  lime: 'Lime',
  yellow: 'Yellow',
  orange: 'Orange',
  red: 'Red',
  pink: 'Pink',
  grape: 'Grape',
  violet: 'Violet',
  indigo: 'Indigo',
  gray: 'Grey',
};

const COLOR_OPTIONS = labelColors.map((color) => ({ value: color, label: COLOR_NAMES[color] }));

/** The label's colour as a dot (its name is written beside it). */
function Swatch({ color, size }: { color: LabelColor; size: number }) {
  return (
    <Box w={size} h={size} bg={`${color}.6`} style={{ borderRadius: '50%', flexShrink: 0 }} aria-hidden />
  );
}

const records = (count: number) => `${count} ${count === 1 ? 'record' : 'records'}`;

/** A rejected name (taken, empty) goes beside the field; anything else is the usual message. */
function nameErrorOf(error: unknown): string {
  if (error instanceof HttpError) {
    const detail = error.details?.find((one) => one.path === 'name');
    if (detail) return detail.message;
  }
  return errorMessage(error);
}

function ColorSelect({ value, onChange }: { value: LabelColor; onChange: (color: LabelColor) => void }) {
  return (
    <Select
      label="Colour"
      data={COLOR_OPTIONS}
      value={value}
      onChange={(color) => color && onChange(color as LabelColor)}
      allowDeselect={false}
      leftSection={<Swatch color={value} size={14} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Swatch color={option.value as LabelColor} size={14} />
          {option.label}
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 160 }}
    />
  );
}

function LabelForm({
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

function EditModal({ label, onClose }: { label: Label; onClose: () => void }) {
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

function MergeModal({
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

type Shown = 'active' | 'archived' | 'all';

/**
 * `/medical-records/labels`: the managed list of labels. Vets add one, rename or recolour it, archive
 * it (no longer offered for new labelling; records keep it) or merge it into another, which moves every
 * record that carries it.
 */
export function LabelsPage() {
  const [shown, setShown] = useState<Shown>('all');
  const labels = useQuery(labelsQueryOptions('all'));
  const create = useCreateLabelMutation();
  const patch = usePatchLabelMutation();
  const [editing, setEditing] = useState<Label | null>(null);
  const [merging, setMerging] = useState<Label | null>(null);
  const [formKey, setFormKey] = useState(0);
  const all = labels.data?.labels;
  const rows = all?.filter((label) => shown === 'all' || (shown === 'archived') === label.archived);

  const setArchived = (label: Label, archived: boolean) =>
    mutateThen(
      patch,
      { uuid: label.uuid, body: { archived } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'clinic',
            message: archived ? `“${label.name}” archived.` : `“${label.name}” restored.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Error', message: errorMessage(error) }),
      },
    );

  return (
    <Stack gap="lg" maw={1000}>
      <Anchor size="sm" renderRoot={(props) => <Link to="/medical-records" {...props} />}>
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        All medical records
      </Anchor>
      <ListPageHeader
        title="Labels"
        description="The labels vets put on medical records. An archived label is no longer offered, but records keep it."
      />
      <Paper withBorder p="md" component="section" aria-label="New label">
        <LabelForm
          editor="label-create"
          key={formKey}
          initial={{ name: '', color: 'blue' }}
          submitLabel="Add label"
          pending={create.isPending}
          onSubmit={(body, fail) =>
            mutateThen(create, body, {
              onSuccess: ({ label }) => {
                notifications.show({ color: 'clinic', message: `“${label.name}” added.` });
                setFormKey((key) => key + 1);
              },
              onError: (error) => fail(nameErrorOf(error)),
            })
          }
        />
      </Paper>
      <SegmentedControl
        aria-label="Show"
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'archived', label: 'Archived' },
        ]}
        value={shown}
        onChange={(value) => setShown(value as Shown)}
        size="xs"
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      <Paper withBorder>
        {labels.isError ? (
          <Alert color="red" variant="light" title="Could not load the labels" m="md">
            {errorMessage(labels.error)}
          </Alert>
        ) : rows === undefined ? (
          <Stack gap="md" p="md" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={36} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="lg" ta="center">
            {shown === 'archived' ? 'No archived labels.' : 'No labels yet: add the first above.'}
          </Text>
        ) : (
          <TableScroll label="Labels" minWidth={300}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Labels" data-testid="labels-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Label</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((label) => (
                  <Table.Tr key={label.uuid} data-testid="label-row" data-name={label.name}>
                    <Table.Td>
                      <Stack gap={4}>
                        <Group gap="xs" wrap="wrap">
                          <LabelBadge label={label} />
                          {label.archived && (
                            <Badge color="gray" variant="outline" tt="none" radius="sm">
                              Archived
                            </Badge>
                          )}
                        </Group>
                        <Group gap={6} wrap="nowrap">
                          <Swatch color={label.color} size={10} />
                          <Text size="xs" c="dimmed">
                            {COLOR_NAMES[label.color]}
                          </Text>
                        </Group>
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link to="/medical-records" search={{ label: label.uuid }} {...props} />
                        )}
                        aria-label={`${records(label.recordCount)} labelled ${label.name}`}
                      >
                        {label.recordCount}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" w={60}>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${label.name}`}>
                            <IconDots size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(label)}>
                            Rename or recolour
                          </Menu.Item>
                          <Menu.Item
                            leftSection={<IconArrowMerge size={16} />}
                            onClick={() => setMerging(label)}
                          >
                            Merge into…
                          </Menu.Item>
                          {label.archived ? (
                            <Menu.Item
                              leftSection={<IconRestore size={16} />}
                              onClick={() => setArchived(label, false)}
                            >
                              Restore
                            </Menu.Item>
                          ) : (
                            <Menu.Item
                              leftSection={<IconArchive size={16} />}
                              onClick={() => setArchived(label, true)}
                            >
                              Archive
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      {editing && <EditModal label={editing} onClose={() => setEditing(null)} />}
      {merging && all && <MergeModal label={merging} labels={all} onClose={() => setMerging(null)} />}
    </Stack>
  );
}
