import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  PREVENTIVE_CATEGORY_LABELS,
  PREVENTIVE_KIND_LABELS,
  PREVENTIVE_STATUS_LABELS,
  type PreventiveScheduleItem,
  type PreventiveStatus,
  preventiveStatuses,
} from '@vetboard/contract';
import { useState } from 'react';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { PreventiveStatusBadge } from '@/components/preventive-care/preventive-status-badge.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { formatDay } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { petPreventiveCareQueryOptions } from '@/lib/preventive-care/pet-preventive-care.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { notifyRequestError } from '@/lib/query/request-error-toast.ts';
import { NotApplicableModal } from './not-applicable-modal.tsx';
import { useRemoveNotApplicable } from './preventive-care.mutations.ts';
import { RecordDoseModal } from './record-dose-modal.tsx';

const route = getRouteApi('/pets/$uuid/preventive-care');

function DueCell({ item }: { item: PreventiveScheduleItem }) {
  if (item.status === 'not_applicable')
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (!item.dueOn)
    return (
      <Text size="sm" c="dimmed">
        Date of birth unknown
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{formatCalendarDate(item.dueOn)}</Text>
      <OwnerReminders item={item} />
    </Stack>
  );
}

/** The item's history of e-mails to the owner: before it was due, and once overdue. */
function OwnerReminders({ item }: { item: PreventiveScheduleItem }) {
  if (item.ownerReminders.length === 0) return null;
  return (
    <Stack gap={0} data-testid="owner-reminders">
      {item.ownerReminders.map((reminder) => (
        <Text key={`${reminder.kind}:${reminder.sentAt.seconds}`} size="xs" c="dimmed">
          {reminder.kind === 'overdue' ? 'Owner told it is overdue' : 'Owner reminded'} on{' '}
          {formatDay(reminder.sentAt)} (due {formatCalendarDate(reminder.dueOn)})
        </Text>
      ))}
    </Stack>
  );
}

function LastDoseCell({ item }: { item: PreventiveScheduleItem }) {
  const last = item.doses[0];
  if (item.notApplicable)
    return (
      <Text size="xs" c="dimmed">
        {item.notApplicable.markedBy ? `${item.notApplicable.markedBy.name}: ` : ''}
        {item.notApplicable.reason}
      </Text>
    );
  if (!last)
    return (
      <Text size="sm" c="dimmed">
        None recorded
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">
        {formatCalendarDate(last.givenOn)} · {last.product}
        {last.batch ? ` (batch ${last.batch})` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {[last.givenAt, last.givenBy].filter(Boolean).join(', ') ||
          `Recorded by ${last.recordedBy?.name ?? 'the system'}`}
        {/* Past the first course a dose is a booster: "dose 17 of 1" read as an error. */}
        {item.dosesGiven <= item.courseDoses
          ? ` · dose ${item.dosesGiven} of ${item.courseDoses} of the first course`
          : ` · first course done, ${item.dosesGiven} doses in all`}
      </Text>
    </Stack>
  );
}

function ItemRows({
  items,
  onRecord,
  onNotApplicable,
  onApplies,
}: {
  items: PreventiveScheduleItem[];
  onRecord: (item: PreventiveScheduleItem) => void;
  onNotApplicable: (item: PreventiveScheduleItem) => void;
  onApplies: (item: PreventiveScheduleItem) => void;
}) {
  return items.map((item) => (
    <Table.Tr key={item.code} data-item-code={item.code} data-status={item.status}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        <Text size="xs" c="dimmed">
          {PREVENTIVE_KIND_LABELS[item.kind]} · {PREVENTIVE_CATEGORY_LABELS[item.category]}
        </Text>
      </Table.Td>
      <Table.Td>
        <PreventiveStatusBadge status={item.status} />
      </Table.Td>
      <Table.Td>
        <DueCell item={item} />
      </Table.Td>
      <Table.Td>
        <LastDoseCell item={item} />
      </Table.Td>
      <Table.Td>
        {item.status === 'not_applicable' ? (
          <Button size="xs" variant="light" onClick={() => onApplies(item)}>
            Applies again
          </Button>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              onClick={() => onRecord(item)}
              aria-label={`Record dose: ${item.name}`}
            >
              Record dose
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => onNotApplicable(item)}
              aria-label={`Not applicable: ${item.name}`}
            >
              Not applicable
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  ));
}

function StatusGroup({
  status,
  items,
  ...handlers
}: {
  status: PreventiveStatus;
  items: PreventiveScheduleItem[];
  onRecord: (item: PreventiveScheduleItem) => void;
  onNotApplicable: (item: PreventiveScheduleItem) => void;
  onApplies: (item: PreventiveScheduleItem) => void;
}) {
  const label = `${PREVENTIVE_STATUS_LABELS[status]} (${items.length})`;
  return (
    <Stack gap="xs" data-testid={`preventive-group-${status}`}>
      <Title order={2} fz="lg">
        {label}
      </Title>
      <Paper withBorder>
        <TableScroll minWidth={820} label={PREVENTIVE_STATUS_LABELS[status]}>
          <Table verticalSpacing="sm" aria-label={PREVENTIVE_STATUS_LABELS[status]}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Last dose</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <ItemRows items={items} {...handlers} />
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
    </Stack>
  );
}

/**
 * `/pets/{uuid}/preventive-care`: the pet's vaccines and parasite treatments grouped by status, overdue
 * first; record a dose, or mark an item not applicable with a reason.
 */
export function PetPreventiveCarePage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const schedule = useQuery(petPreventiveCareQueryOptions(uuid));
  const removeMark = useRemoveNotApplicable(uuid);
  const [recording, setRecording] = useState<{ itemCode: string | null } | null>(null);
  const [marking, setMarking] = useState<PreventiveScheduleItem | null>(null);
  const items = schedule.data?.items;
  const applies = (item: PreventiveScheduleItem) =>
    mutateThen(removeMark, item.code, {
      onSuccess: () => notifications.show({ color: 'clinic', message: `Applies again: ${item.name}` }),
      onError: notifyRequestError,
    });
  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Preventive care"
        description={`${pet.name}'s vaccines and parasite treatments, from the date of birth and the doses recorded.`}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRecording({ itemCode: null })}
            disabled={!items}
          >
            Record dose
          </Button>
        }
      />
      {schedule.isError ? (
        <Alert color="red" variant="light" title="Could not load the schedule">
          {errorMessage(schedule.error)}
        </Alert>
      ) : !items ? (
        <Skeleton height={240} />
      ) : (
        preventiveStatuses.map((status) => {
          const inGroup = items.filter((item) => item.status === status);
          return inGroup.length === 0 ? null : (
            <StatusGroup
              key={status}
              status={status}
              items={inGroup}
              onRecord={(item) => setRecording({ itemCode: item.code })}
              onNotApplicable={setMarking}
              onApplies={applies}
            />
          );
        })
      )}
      {recording && schedule.data && (
        <RecordDoseModal
          petUuid={uuid}
          petName={pet.name}
          items={schedule.data.items.filter((item) => item.status !== 'not_applicable')}
          itemCode={recording.itemCode}
          today={schedule.data.today}
          onClose={() => setRecording(null)}
        />
      )}
      {marking && (
        <NotApplicableModal
          key={marking.code}
          petUuid={uuid}
          item={marking}
          onClose={() => setMarking(null)}
        />
      )}
    </Stack>
  );
}
