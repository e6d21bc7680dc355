import { Alert, Button, EmptyState, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconBell, IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Reminder } from '@vetboard/contract';
import { useState } from 'react';
import { AssigneeCell } from '@/components/lists/inbox-cells.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { LazyReminderFormModal } from '@/components/reminders/lazy-reminder-form-modal.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { publicConfig } from '@/lib/config/public-config.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { ReminderDoneBy, ReminderDueCell, ReminderStatusButton } from './reminder-cells.tsx';
import { petRemindersQueryOptions } from './reminders.queries.ts';

const route = getRouteApi('/pets/$uuid/reminders');

function ReminderRow({ reminder, onEdit }: { reminder: Reminder; onEdit: (reminder: Reminder) => void }) {
  return (
    <Table.Tr data-reminder-uuid={reminder.uuid} data-status={reminder.status}>
      <Table.Td>
        <ReminderDueCell reminder={reminder} />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {reminder.title}
          </Text>
          {reminder.notes && (
            <Text size="xs" c="dimmed">
              {reminder.notes}
            </Text>
          )}
          <ReminderDoneBy reminder={reminder} />
        </Stack>
      </Table.Td>
      <Table.Td>
        <AssigneeCell assignee={reminder.assignee} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{reminder.createdBy?.name ?? 'The system'}</Text>
      </Table.Td>
      <Table.Td>
        <ReminderStatusButton reminder={reminder} onEdit={onEdit} />
      </Table.Td>
    </Table.Tr>
  );
}

/** `/pets/{uuid}/reminders`: the pet's reminders, open ones first by due time, then the done ones. */
export function PetRemindersPage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const reminders = useQuery(petRemindersQueryOptions(uuid));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Reminder | null>(null);
  const rows = reminders.data?.reminders;
  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title={`${publicConfig.productName} Vet Reminders`}
        description={`Follow-ups about ${pet.name}: open ones first, the overdue on top.`}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New reminder
          </Button>
        }
      />
      <Paper withBorder>
        {reminders.isError ? (
          <Alert color="red" variant="light" title="Could not load the reminders" m="md">
            {errorMessage(reminders.error)}
          </Alert>
        ) : rows && rows.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            icon={<IconBell size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No reminders"
            description={`Nobody has set a reminder about ${pet.name}.`}
          />
        ) : (
          <TableScroll minWidth={760} label="Reminders">
            <Table verticalSpacing="sm" aria-label="Reminders" aria-busy={reminders.isPending || undefined}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Due</Table.Th>
                  <Table.Th>Reminder</Table.Th>
                  <Table.Th>Assigned to</Table.Th>
                  <Table.Th>Created by</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows
                  ? rows.map((reminder) => (
                      <ReminderRow key={reminder.uuid} reminder={reminder} onEdit={setEditing} />
                    ))
                  : [0, 1, 2].map((row) => (
                      <Table.Tr key={row}>
                        <Table.Td colSpan={5}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      <LazyReminderFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        pet={{ uuid: pet.uuid, name: pet.name }}
      />
      {editing && (
        <LazyReminderFormModal
          key={editing.uuid}
          opened
          onClose={() => setEditing(null)}
          reminder={editing}
        />
      )}
    </Stack>
  );
}
