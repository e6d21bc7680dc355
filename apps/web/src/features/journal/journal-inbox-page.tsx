import {
  Anchor,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconCamera, IconEye, IconMessage } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  type JournalEntrySummary,
  type JournalStatus,
  journalCategories,
  journalStatuses,
} from '@vetboard/contract';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { InboxAge, SeverityBadge } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { useMarkSeenMutation } from './journal.mutations.ts';
import { journalListQueryOptions } from './journal.queries.ts';
import { JOURNAL_CATEGORY_LABELS, JOURNAL_STATUS_LABELS, JournalStatusBadge } from './journal-cells.tsx';
import { JOURNAL_FILTERS, type JournalSearch, journalListQuery } from './journal-search.ts';

const route = getRouteApi('/_default/journal/');

const nowrap = { whiteSpace: 'nowrap' } as const;
const ALL = 'all';

const SORT_CHOICES = [
  { value: 'inbox:asc', label: 'New and severe first', sort: 'inbox', order: 'asc' },
  { value: 'occurredAt:desc', label: 'Newest first', sort: 'occurredAt', order: 'desc' },
  { value: 'occurredAt:asc', label: 'Oldest first', sort: 'occurredAt', order: 'asc' },
  { value: 'severity:desc', label: 'Most severe first', sort: 'severity', order: 'desc' },
] as const satisfies ReadonlyArray<{
  value: string;
  label: string;
  sort: JournalSearch['sort'];
  order: JournalSearch['order'];
}>;

function columnsOf(
  selected: ReadonlySet<string>,
  toggle: (uuid: string, on: boolean) => void,
): DataTableColumn<JournalEntrySummary, JournalSearch['sort']>[] {
  return [
    {
      key: 'select',
      header: 'Select',
      hideHeader: true,
      width: 40,
      render: (entry) =>
        entry.status === 'new' ? (
          <Checkbox
            aria-label={`Select ${entry.pet.name}’s ${JOURNAL_CATEGORY_LABELS[entry.category].toLowerCase()} entry`}
            checked={selected.has(entry.uuid)}
            onChange={(event) => toggle(entry.uuid, event.currentTarget.checked)}
          />
        ) : null,
    },
    {
      key: 'pet',
      header: 'Pet and owner',
      render: (entry) => (
        <Stack gap={0}>
          <Anchor
            fw={600}
            size="sm"
            style={nowrap}
            renderRoot={(props) => <Link to="/journal/$uuid" params={{ uuid: entry.uuid }} {...props} />}
          >
            {entry.pet.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {entry.ownerName ?? 'No owner'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'category',
      header: 'Symptom',
      render: (entry) => (
        <Stack gap={2} maw={340}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} style={nowrap}>
              {JOURNAL_CATEGORY_LABELS[entry.category]}
            </Text>
            {entry.photoCount > 0 && (
              <Group gap={2} wrap="nowrap" c="dimmed">
                <IconCamera size={14} aria-hidden />
                <Text size="xs" c="dimmed">
                  {entry.photoCount}
                  <VisuallyHidden> {entry.photoCount === 1 ? 'photo' : 'photos'}</VisuallyHidden>
                </Text>
              </Group>
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.notes || 'No notes'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'severity',
      header: 'Severity',
      sortField: 'severity',
      firstOrder: 'desc',
      render: (entry) => <SeverityBadge severity={entry.severity} />,
    },
    { key: 'status', header: 'Status', render: (entry) => <JournalStatusBadge status={entry.status} /> },
    {
      key: 'occurredAt',
      header: 'Occurred',
      sortField: 'occurredAt',
      firstOrder: 'desc',
      render: (entry) => (
        <Stack gap={0}>
          <Text size="sm" style={nowrap}>
            {formatDateTime(entry.occurredAt)}
          </Text>
          {entry.status === 'new' && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Waiting
              </Text>
              <InboxAge since={entry.receivedAt} />
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'handled',
      header: 'Handled by',
      render: (entry) => {
        const who = entry.resolvedBy ?? entry.repliedBy ?? entry.seenBy;
        if (!who)
          return (
            <Text size="sm" c="dimmed">
              —
            </Text>
          );
        return (
          <Stack gap={0}>
            <Text size="sm" style={nowrap}>
              {who.name}
            </Text>
            {entry.repliedAt && (
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconMessage size={12} aria-hidden />
                <Text size="xs" c="dimmed">
                  Replied
                </Text>
              </Group>
            )}
          </Stack>
        );
      },
    },
  ];
}

const DATE_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/**
 * `/journal`: the Health Symptoms Journal inbox. New entries first, the severe ones on top, then the
 * longest waiting; vets mark entries seen one by one (by opening and answering them) or several at once.
 */
export function JournalInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), JOURNAL_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const list = useListQuery(journalListQueryOptions(journalListQuery(search)));
  const markSeen = useMarkSeenMutation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [halfRange, setHalfRange] = useState<[string | null, string | null] | null>(null);
  const statusOrientation = useMatches({ base: 'vertical', sm: 'horizontal' } as const);
  const counts = list.data?.counts;
  const total = counts ? counts.new + counts.seen + counts.resolved : undefined;
  const rows = list.data?.journalEntries;
  // Only what is on screen and still new can be selected.
  const selectable = useMemo(
    () => (rows ?? []).filter((entry) => entry.status === 'new').map((entry) => entry.uuid),
    [rows],
  );
  const chosen = selectable.filter((uuid) => selected.has(uuid));
  const columns = useMemo(
    () =>
      columnsOf(selected, (uuid, on) =>
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(uuid);
          else next.delete(uuid);
          return next;
        }),
      ),
    [selected],
  );

  const markChosenSeen = () =>
    markSeen.mutate(chosen, {
      onSuccess: ({ marked }) => {
        setSelected(new Set());
        notifications.show({
          color: 'clinic',
          message: `${marked} ${marked === 1 ? 'entry' : 'entries'} marked seen.`,
        });
      },
    });

  return (
    <ListPage
      state={state}
      query={list}
      rows={rows}
      title="Health Symptoms Journal"
      description="What owners report in the app: new entries first, the severe ones on top."
      actions={
        <Group gap="sm">
          <Checkbox
            label="Select all new on this page"
            checked={selectable.length > 0 && chosen.length === selectable.length}
            indeterminate={chosen.length > 0 && chosen.length < selectable.length}
            disabled={selectable.length === 0}
            onChange={(event) => setSelected(new Set(event.currentTarget.checked ? selectable : []))}
          />
          <Button
            leftSection={<IconEye size={16} />}
            onClick={markChosenSeen}
            disabled={chosen.length === 0}
            loading={markSeen.isPending}
          >
            Mark seen{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
        </Group>
      }
      searchLabel="Search journal entries"
      searchPlaceholder="Search by pet or owner"
      filters={
        <>
          <SegmentedControl
            aria-label="Status"
            data={[
              { value: ALL, label: `All${total === undefined ? '' : ` (${total})`}` },
              ...journalStatuses.map((status) => ({
                value: status,
                label: `${JOURNAL_STATUS_LABELS[status]}${counts ? ` (${counts[status]})` : ''}`,
              })),
            ]}
            value={search.status ?? ALL}
            onChange={(value) =>
              update({ status: value === ALL ? undefined : (value as JournalStatus), page: 1 })
            }
            size="xs"
            orientation={statusOrientation}
            w={{ base: '100%', sm: 'auto' }}
            data-testid="status-filter"
          />
          <Select
            aria-label="Category"
            placeholder="All categories"
            data={journalCategories.map((category) => ({
              value: category,
              label: JOURNAL_CATEGORY_LABELS[category],
            }))}
            value={search.category ?? null}
            onChange={(category) =>
              update({ category: (category as JournalSearch['category']) ?? undefined, page: 1 })
            }
            clearable
            w={{ base: '100%', xs: 180 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            aria-label="Severity"
            placeholder="Any severity"
            data={[
              { value: '3', label: 'Severe' },
              { value: '2', label: 'Moderate' },
              { value: '1', label: 'Mild' },
            ]}
            value={search.severity ? String(search.severity) : null}
            onChange={(value) =>
              update({ severity: value ? (Number(value) as 1 | 2 | 3) : undefined, page: 1 })
            }
            clearable
            w={{ base: '100%', xs: 160 }}
            comboboxProps={{ withinPortal: true }}
          />
          <DatePickerInput
            type="range"
            aria-label="Occurred between"
            placeholder="Occurred between"
            value={halfRange ?? [search.from ?? null, search.to ?? null]}
            onChange={([from, to]) => {
              if ((from && to) || (!from && !to)) {
                setHalfRange(null);
                update({ from: from ?? undefined, to: to ?? undefined, page: 1 });
              } else setHalfRange([from, to]);
            }}
            onDropdownClose={() => setHalfRange(null)}
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} aria-hidden />}
            clearable
            allowSingleDateInRange
            ariaLabels={DATE_ARIA_LABELS}
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            w={{ base: '100%', xs: 240 }}
            popoverProps={{ withinPortal: true }}
          />
          <Select
            aria-label="Order"
            data={SORT_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
            value={`${search.sort}:${search.order}`}
            onChange={(value) => {
              const choice = SORT_CHOICES.find((candidate) => candidate.value === value);
              if (choice) update({ sort: choice.sort, order: choice.order, page: 1 });
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      }
      noun="journal entries"
      table={{
        label: 'Journal entries',
        columns,
        rowKey: (entry) => entry.uuid,
        rowAction: (entry) => () => void go({ to: '/journal/$uuid', params: { uuid: entry.uuid } }),
        minWidth: 980,
      }}
    />
  );
}
