import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  useMatches,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconChecks, IconTags, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type MedicalRecord, type MedicalRecordStatus, medicalRecordStatuses } from '@vetboard/contract';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { InboxAge } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { useReviewManyMutation } from './medical-records.mutations.ts';
import { labelsQueryOptions, medicalRecordListQueryOptions } from './medical-records.queries.ts';
import {
  MEDICAL_RECORD_FILTERS,
  type MedicalRecordsSearch,
  medicalRecordsListQuery,
} from './medical-records-search.ts';
import { RECORD_STATUS_LABELS, RecordLabels, RecordStatusBadge, uploaderName } from './record-cells.tsx';
import { RecordUploader } from './record-upload.tsx';

const route = getRouteApi('/_default/medical-records/');

const nowrap = { whiteSpace: 'nowrap' } as const;
const ALL = 'all';

const SORT_CHOICES = [
  { value: 'inbox:asc', label: 'Awaiting review first', sort: 'inbox', order: 'asc' },
  { value: 'uploadedAt:desc', label: 'Newest uploads first', sort: 'uploadedAt', order: 'desc' },
  { value: 'uploadedAt:asc', label: 'Oldest uploads first', sort: 'uploadedAt', order: 'asc' },
  { value: 'documentDate:desc', label: 'Newest documents first', sort: 'documentDate', order: 'desc' },
] as const satisfies ReadonlyArray<{
  value: string;
  label: string;
  sort: MedicalRecordsSearch['sort'];
  order: MedicalRecordsSearch['order'];
}>;

const DATE_ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

function columnsOf(
  selected: ReadonlySet<string>,
  toggle: (uuid: string, on: boolean) => void,
): DataTableColumn<MedicalRecord, MedicalRecordsSearch['sort']>[] {
  return [
    {
      key: 'select',
      header: 'Select',
      hideHeader: true,
      width: 40,
      render: (record) =>
        record.status === 'pending' ? (
          <Checkbox
            aria-label={`Select ${record.pet.name}’s ${record.title}`}
            checked={selected.has(record.uuid)}
            onChange={(event) => toggle(record.uuid, event.currentTarget.checked)}
          />
        ) : null,
    },
    {
      key: 'pet',
      header: 'Pet and owner',
      render: (record) => (
        <Stack gap={0}>
          <Text fw={600} size="sm" style={nowrap}>
            {record.pet.name}
          </Text>
          <Text size="xs" c="dimmed">
            {record.ownerName ?? 'No owner'}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'title',
      header: 'Document',
      sortField: 'documentDate',
      firstOrder: 'desc',
      render: (record) => (
        <Stack gap={0} maw={320}>
          <Anchor
            fw={600}
            size="sm"
            lineClamp={2}
            renderRoot={(props) => (
              <Link to="/medical-records/$uuid" params={{ uuid: record.uuid }} {...props} />
            )}
          >
            {record.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatCalendarDate(record.documentDate)}
          </Text>
        </Stack>
      ),
    },
    { key: 'labels', header: 'Labels', render: (record) => <RecordLabels labels={record.labels} /> },
    {
      key: 'uploader',
      header: 'Uploaded by',
      render: (record) => (
        <Text size="sm" style={nowrap}>
          {uploaderName(record)}
        </Text>
      ),
    },
    {
      key: 'uploadedAt',
      header: 'Uploaded',
      sortField: 'uploadedAt',
      firstOrder: 'desc',
      render: (record) => (
        <Stack gap={0}>
          <Text size="sm" style={nowrap}>
            {formatDateTime(record.uploadedAt)}
          </Text>
          {record.status === 'pending' && (
            <Group gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                Waiting
              </Text>
              <InboxAge since={record.uploadedAt} />
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (record) => (
        <Stack gap={0}>
          <RecordStatusBadge status={record.status} />
          {record.reviewedBy && (
            <Text size="xs" c="dimmed" style={nowrap}>
              {record.reviewedBy.name}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
}

/**
 * `/medical-records`: the records inbox. Documents awaiting review first, the longest waiting on top;
 * vets upload new ones for a pet, open one to preview, label and review it, or review several at once.
 */
export function MedicalRecordsInboxPage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), MEDICAL_RECORD_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const list = useListQuery(medicalRecordListQueryOptions(medicalRecordsListQuery(search)));
  const labels = useQuery(labelsQueryOptions('all'));
  const reviewMany = useReviewManyMutation();
  const [uploading, setUploading] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [halfRange, setHalfRange] = useState<[string | null, string | null] | null>(null);
  const statusOrientation = useMatches({ base: 'vertical', sm: 'horizontal' } as const);
  const counts = list.data?.counts;
  const total = counts ? counts.pending + counts.reviewed : undefined;
  const rows = list.data?.medicalRecords;
  const filteredPet = search.petUuid
    ? rows?.find((record) => record.pet.uuid === search.petUuid)?.pet
    : undefined;
  // Only what is on screen and still awaiting review can be selected.
  const selectable = useMemo(
    () => (rows ?? []).filter((record) => record.status === 'pending').map((record) => record.uuid),
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

  const reviewChosen = () =>
    reviewMany.mutate(chosen, {
      onSuccess: ({ reviewed, asked }) => {
        setSelected(new Set());
        notifications.show({
          color: reviewed === asked ? 'clinic' : 'orange',
          message:
            reviewed === asked
              ? `${reviewed} ${reviewed === 1 ? 'record' : 'records'} marked reviewed.`
              : `${reviewed} of ${asked} records marked reviewed; the others had changed meanwhile.`,
        });
      },
    });

  return (
    <>
      <ListPage
        state={state}
        query={list}
        rows={rows}
        title="Medical records"
        description={
          filteredPet
            ? `${filteredPet.name}’s documents. Awaiting review first, the longest waiting on top.`
            : 'Lab results, reports and invoices uploaded for pets: those awaiting labels and review first.'
        }
        actions={
          <Group gap="sm">
            <Checkbox
              label="Select all awaiting review on this page"
              checked={selectable.length > 0 && chosen.length === selectable.length}
              indeterminate={chosen.length > 0 && chosen.length < selectable.length}
              disabled={selectable.length === 0}
              onChange={(event) => setSelected(new Set(event.currentTarget.checked ? selectable : []))}
            />
            <Button
              variant="default"
              leftSection={<IconChecks size={16} />}
              onClick={reviewChosen}
              disabled={chosen.length === 0}
              loading={reviewMany.isPending}
            >
              Mark reviewed{chosen.length > 0 ? ` (${chosen.length})` : ''}
            </Button>
            <Button
              variant="default"
              leftSection={<IconTags size={16} />}
              renderRoot={(props) => <Link to="/medical-records/labels" {...props} />}
            >
              Labels
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              Upload
            </Button>
          </Group>
        }
        searchLabel="Search medical records"
        searchPlaceholder="Search by pet, owner or title"
        filters={
          <>
            <SegmentedControl
              aria-label="Status"
              data={[
                { value: ALL, label: `All${total === undefined ? '' : ` (${total})`}` },
                ...medicalRecordStatuses.map((status) => ({
                  value: status,
                  label: `${RECORD_STATUS_LABELS[status]}${counts ? ` (${counts[status]})` : ''}`,
                })),
              ]}
              value={search.status ?? ALL}
              onChange={(value) =>
                update({ status: value === ALL ? undefined : (value as MedicalRecordStatus), page: 1 })
              }
              size="xs"
              orientation={statusOrientation}
              w={{ base: '100%', sm: 'auto' }}
              data-testid="status-filter"
            />
            <Select
              aria-label="Label"
              placeholder="Any label"
              data={(labels.data?.labels ?? []).map((label) => ({
                value: label.uuid,
                label: label.archived ? `${label.name} (archived)` : label.name,
              }))}
              value={search.label ?? null}
              onChange={(label) => update({ label: label ?? undefined, page: 1 })}
              clearable
              searchable
              w={{ base: '100%', xs: 180 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Uploaded by"
              placeholder="Anyone"
              data={[
                { value: 'vet', label: 'A vet' },
                { value: 'owner', label: 'The owner (app)' },
              ]}
              value={search.uploadedBy ?? null}
              onChange={(value) =>
                update({ uploadedBy: (value as MedicalRecordsSearch['uploadedBy']) ?? undefined, page: 1 })
              }
              clearable
              w={{ base: '100%', xs: 170 }}
              comboboxProps={{ withinPortal: true }}
            />
            <DatePickerInput
              type="range"
              aria-label="Uploaded between"
              placeholder="Uploaded between"
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
        noun="medical records"
        table={{
          label: 'Medical records',
          columns,
          rowKey: (record) => record.uuid,
          rowAction: (record) => () =>
            void go({ to: '/medical-records/$uuid', params: { uuid: record.uuid } }),
          minWidth: 1040,
        }}
      />
      <Modal
        opened={uploading}
        onClose={() => setUploading(false)}
        title="Upload medical records"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <RecordUploader />
      </Modal>
    </>
  );
}
