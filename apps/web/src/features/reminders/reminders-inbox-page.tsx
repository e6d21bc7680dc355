import { Anchor, Button, SegmentedControl, Select, Stack, Text, useMatches } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { fullName, type Reminder } from '@vetboard/contract';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { DateRangeFilter } from '@/components/lists/date-range-filter.tsx';
import { AssigneeCell } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { LazyReminderFormModal } from '@/components/reminders/lazy-reminder-form-modal.tsx';
import { publicConfig } from '@/lib/config/public-config.ts';
import { assignableVetsQueryOptions, remindersListQueryOptions } from '@/lib/reminders/reminders.queries.ts';
import { ReminderDoneBy, ReminderDueCell, ReminderStatusButton } from './reminder-cells.tsx';
import { REMINDER_FILTERS, type RemindersSearch, remindersListQuery } from './reminders-search.ts';

const route = getRouteApi('/_default/reminders');

const nowrap = { whiteSpace: 'nowrap' } as const;

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
] as const;

const columnsOf = (
  edit: (reminder: Reminder) => void,
): DataTableColumn<Reminder, RemindersSearch['sort']>[] => [
  {
    key: 'dueAt',
    header: 'Due',
    sortField: 'dueAt',
    firstOrder: 'asc',
    render: (reminder) => <ReminderDueCell reminder={reminder} />,
  },
  {
    key: 'title',
    header: 'Reminder',
    render: (reminder) => (
      <Stack gap={0} maw={420}>
        <Text size="sm" fw={600}>
          {reminder.title}
        </Text>
        {reminder.notes && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {reminder.notes}
          </Text>
        )}
        {reminder.pendingCardUuid && (
          <Anchor
            size="xs"
            renderRoot={(props) => (
              <Link to="/pending-cards/$uuid" params={{ uuid: reminder.pendingCardUuid ?? '' }} {...props} />
            )}
          >
            From a pending card
          </Anchor>
        )}
        <ReminderDoneBy reminder={reminder} />
      </Stack>
    ),
  },
  {
    key: 'pet',
    header: 'Pet and owner',
    render: (reminder) => (
      <Stack gap={0}>
        <Anchor
          fw={600}
          size="sm"
          style={nowrap}
          renderRoot={(props) => (
            <Link to="/pets/$uuid/reminders" params={{ uuid: reminder.pet.uuid }} {...props} />
          )}
        >
          {reminder.pet.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {reminder.ownerName ?? 'No owner'}
        </Text>
        <PetAlertBadges alerts={reminder.pet.alerts} petName={reminder.pet.name} />
      </Stack>
    ),
  },
  {
    key: 'assignee',
    header: 'Assigned to',
    render: (reminder) => <AssigneeCell assignee={reminder.assignee} />,
  },
  {
    key: 'actions',
    header: 'Actions',
    hideHeader: true,
    render: (reminder) => <ReminderStatusButton reminder={reminder} onEdit={edit} />,
  },
];

/**
 * `/reminders`: the "{product} Vet Reminders" inbox. Open reminders, overdue first, then due today, then
 * later; done inline, and live: another vet's new or completed reminder shows without a reload.
 */
export function RemindersInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), REMINDER_FILTERS);
  const { search, update } = state;
  const list = useListQuery(remindersListQueryOptions(remindersListQuery(search)));
  const vets = useQuery(assignableVetsQueryOptions());
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Reminder | null>(null);
  const columns = useMemo(() => columnsOf(setEditing), []);
  const statusOrientation = useMatches({ base: 'vertical', xs: 'horizontal' } as const);
  const assigneeValue = search.assignment ?? (search.assignee ? `vet:${search.assignee}` : null);
  const assigneeChoices = useMemo(
    () => [
      { value: 'mine', label: 'Mine' },
      { value: 'unassigned', label: 'Unassigned' },
      ...(vets.data ?? []).map((vet) => ({ value: `vet:${vet.uuid}`, label: fullName(vet) })),
    ],
    [vets.data],
  );

  return (
    <>
      <ListPage
        state={state}
        query={list}
        rows={list.data?.reminders}
        title={`${publicConfig.productName} Vet Reminders`}
        description="Follow-ups vets must not forget: overdue first, then due today, then later."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New reminder
          </Button>
        }
        searchLabel="Search reminders"
        searchPlaceholder="Search by pet, owner or title"
        filters={
          <>
            <SegmentedControl
              aria-label="Status"
              data={STATUSES.map((status) => ({ value: status.value, label: status.label }))}
              value={search.status ?? 'open'}
              onChange={(value) =>
                update({
                  status: value === 'open' ? undefined : (value as RemindersSearch['status']),
                  page: 1,
                })
              }
              size="xs"
              orientation={statusOrientation}
              w={{ base: '100%', xs: 'auto' }}
              data-testid="reminder-status-filter"
            />
            <Select
              aria-label="Assigned to"
              placeholder="Anyone’s"
              data={assigneeChoices}
              value={assigneeValue}
              onChange={(value) =>
                update({
                  assignment: value === 'mine' || value === 'unassigned' ? value : undefined,
                  assignee: value?.startsWith('vet:') ? value.slice(4) : undefined,
                  page: 1,
                })
              }
              searchable
              clearable
              w={{ base: '100%', xs: 200 }}
              comboboxProps={{ withinPortal: true }}
            />
            <DateRangeFilter
              label="Due between"
              from={search.from}
              to={search.to}
              onChange={({ from, to }) => update({ from, to, page: 1 })}
            />
          </>
        }
        noun="reminders"
        table={{
          label: 'Reminders',
          columns,
          rowKey: (reminder) => reminder.uuid,
          minWidth: 900,
        }}
      />
      <LazyReminderFormModal opened={creating} onClose={() => setCreating(false)} />
      {editing && (
        <LazyReminderFormModal
          key={editing.uuid}
          opened
          onClose={() => setEditing(null)}
          reminder={editing}
        />
      )}
    </>
  );
}
