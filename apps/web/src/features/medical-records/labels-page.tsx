import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArchive,
  IconArrowLeft,
  IconArrowMerge,
  IconDots,
  IconPencil,
  IconRestore,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Label } from '@vetboard/contract';
import { useState } from 'react';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { useReferenceDataRights } from '@/lib/auth/reference-data-rights.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { EditModal, LabelForm, MergeModal } from './label-dialogs.tsx';
import { COLOR_NAMES, nameErrorOf, records, Swatch } from './label-parts.tsx';
import { useCreateLabelMutation, usePatchLabelMutation } from './medical-records.mutations.ts';
import { labelsQueryOptions } from './medical-records.queries.ts';
import { LabelBadge } from './record-cells.tsx';

type Shown = 'active' | 'archived' | 'all';

/**
 * `/medical-records/labels`: the managed list of labels. Vets add one, rename or recolour it, archive
 * it (no longer offered for new labelling; records keep it) or merge it into another, which moves every
 * record that carries it. Only what the vet may do is offered (reference-data rights): a B2B vet or
 * partner reads the list, a regular vet adds and renames, a head vet also archives and merges.
 */
export function LabelsPage() {
  const [shown, setShown] = useState<Shown>('all');
  const labels = useQuery(labelsQueryOptions('all'));
  const create = useCreateLabelMutation();
  const patch = usePatchLabelMutation();
  const rights = useReferenceDataRights();
  const mayAct = rights.edit === null || rights.merge === null || rights.archive === null;
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
      {rights.create !== null ? (
        <Text size="sm" c="dimmed" data-testid="labels-read-only">
          {rights.create}
        </Text>
      ) : (
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
      )}
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
                      {mayAct && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`Actions for ${label.name}`}
                            >
                              <IconDots size={18} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {rights.edit === null && (
                              <Menu.Item
                                leftSection={<IconPencil size={16} />}
                                onClick={() => setEditing(label)}
                              >
                                Rename or recolour
                              </Menu.Item>
                            )}
                            {rights.merge === null && (
                              <Menu.Item
                                leftSection={<IconArrowMerge size={16} />}
                                onClick={() => setMerging(label)}
                              >
                                Merge into…
                              </Menu.Item>
                            )}
                            {rights.archive !== null ? null : label.archived ? (
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
                      )}
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
