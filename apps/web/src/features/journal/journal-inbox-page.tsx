import { Anchor, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconEye, IconMessage } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  countOf,
  JOURNAL_MARK_MATCHING_MAX,
  type JournalEntrySummary,
  journalCategories,
  journalStatuses,
  pluralForm,
} from '@vetboard/contract';
import { useMemo } from 'react';
import {
  ActOnAllMatching,
  BulkActionBar,
  type BulkSelection,
  selectionColumn,
  useBulkSelection,
} from '@/components/lists/bulk-selection.tsx';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { DateRangeFilter } from '@/components/lists/date-range-filter.tsx';
import { InboxAge, SeverityBadge } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { type SortChoice, SortSelect } from '@/components/lists/sort-select.tsx';
import { StatusCountFilter } from '@/components/lists/status-count-filter.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { formatDateTime } from '@/lib/format/dates.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useMarkMatchingSeenMutation, useMarkSeenMutation } from './journal.mutations.ts';
import { journalListQueryOptions } from './journal.queries.ts';
import { JOURNAL_CATEGORY_LABELS, JOURNAL_STATUS_LABELS, JournalStatusBadge } from './journal-cells.tsx';
import { JOURNAL_FILTERS, type JournalSearch, journalListQuery } from './journal-search.ts';

const route = getRouteApi('/_default/journal/');

const nowrap = { whiteSpace: 'nowrap' } as const;

// Only what is on screen and still new can be selected.
const SELECTABLE = {
  key: (entry: JournalEntrySummary) => entry.uuid,
  selectable: (entry: JournalEntrySummary) => entry.status === 'new',
  label: (entry: JournalEntrySummary) =>
    `Select ${entry.pet.name}’s ${JOURNAL_CATEGORY_LABELS[entry.category].toLowerCase()} entry`,
};

const SORT_CHOICES = [
  { label: 'New and severe first', sort: 'inbox', order: 'asc' },
  { label: 'Newest first', sort: 'occurredAt', order: 'desc' },
  { label: 'Oldest first', sort: 'occurredAt', order: 'asc' },
  { label: 'Most severe first', sort: 'severity', order: 'desc' },
] as const satisfies ReadonlyArray<SortChoice<JournalSearch['sort']>>;

function columnsOf(
  selection: Pick<BulkSelection, 'selected' | 'toggle'>,
): DataTableColumn<JournalEntrySummary, JournalSearch['sort']>[] {
  return [
    selectionColumn(selection, SELECTABLE),
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
          <PetAlertBadges alerts={entry.pet.alerts} petName={entry.pet.name} />
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
                  <VisuallyHidden>
                    {' '}
                    {pluralForm(entry.photoCount, { one: 'photo', other: 'photos' })}
                  </VisuallyHidden>
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

/**
 * `/journal`: the Health Symptoms Journal inbox. New entries first, the severe ones on top, then the
 * longest waiting; vets mark entries seen one by one (by opening and answering them) or several at once.
 */
export function JournalInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), JOURNAL_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const query = journalListQuery(search);
  const list = useListQuery(journalListQueryOptions(query));
  const markSeen = useMarkSeenMutation();
  const markMatching = useMarkMatchingSeenMutation();
  const counts = list.data?.counts;
  const rows = list.data?.journalEntries;
  const selection = useBulkSelection(rows, { ...SELECTABLE, resetOn: query });
  const { selected, toggle } = selection;
  const columns = useMemo(() => columnsOf({ selected, toggle }), [selected, toggle]);
  // Every new entry the filters match, the status filter aside (a seen or resolved filter has none new).
  const newMatching = search.status === undefined || search.status === 'new' ? counts?.new : 0;

  const markChosenSeen = (chosen: string[]) =>
    mutateThen(markSeen, chosen, {
      onSuccess: ({ marked }) => {
        selection.clear();
        notifications.show({
          color: 'clinic',
          message: `${countOf(marked, { one: 'entry', other: 'entries' })} marked seen.`,
        });
      },
    });

  const markAllMatchingSeen = (done: () => void) =>
    mutateThen(
      markMatching,
      {
        search: query.search,
        category: query.category,
        severity: query.severity,
        petUuid: query.petUuid,
        occurredFrom: query.occurredFrom,
        occurredTo: query.occurredTo,
      },
      {
        onSuccess: ({ marked }) => {
          done();
          selection.clear();
          notifications.show({
            color: 'clinic',
            message: `${countOf(marked, { one: 'entry', other: 'entries' })} marked seen.`,
          });
        },
      },
    );

  return (
    <ListPage
      state={state}
      query={list}
      rows={rows}
      title="Health Symptoms Journal"
      description="What owners report in the app: new entries first, the severe ones on top."
      actions={
        <BulkActionBar
          selection={selection}
          selectPageLabel="Select all new on this page"
          actionLabel="Mark seen"
          actionIcon={<IconEye size={16} />}
          onAction={markChosenSeen}
          pending={markSeen.isPending}
        >
          <ActOnAllMatching
            count={newMatching}
            max={JOURNAL_MARK_MATCHING_MAX}
            label={(count) => (count === 1 ? 'Mark the 1 new entry seen' : `Mark all ${count} new seen`)}
            title={(count) => `Mark ${countOf(count, { one: 'entry', other: 'entries' })} seen?`}
            description="Every new entry these filters match is marked seen by you, on every page, not only this one. Entries you have not opened will no longer show as new."
            confirmLabel="Mark seen"
            onConfirm={markAllMatchingSeen}
            pending={markMatching.isPending}
          />
        </BulkActionBar>
      }
      searchLabel="Search journal entries"
      searchPlaceholder="Search by pet or owner"
      filters={
        <>
          <StatusCountFilter
            statuses={journalStatuses}
            labels={JOURNAL_STATUS_LABELS}
            counts={counts}
            value={search.status}
            onChange={(status) => update({ status, page: 1 })}
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
          <DateRangeFilter
            label="Occurred between"
            from={search.from}
            to={search.to}
            onChange={({ from, to }) => update({ from, to, page: 1 })}
          />
          <SortSelect
            choices={SORT_CHOICES}
            sort={search.sort}
            order={search.order}
            onChange={(choice) => update({ ...choice, page: 1 })}
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
