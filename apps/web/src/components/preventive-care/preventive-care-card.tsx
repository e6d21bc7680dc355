import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PreventiveScheduleItem } from '@vetboard/contract';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatCalendarDate } from '@/lib/format/calendar-date.ts';
import { petPreventiveCareQueryOptions } from '@/lib/preventive-care/pet-preventive-care.queries.ts';
import { PreventiveStatusBadge } from './preventive-status-badge.tsx';

const SOONEST = 3;

function dueText(item: PreventiveScheduleItem): string {
  if (!item.dueOn) return 'Date of birth unknown';
  return `${item.status === 'overdue' ? 'Due since' : 'Due'} ${formatCalendarDate(item.dueOn)}`;
}

/**
 * The pet profile's preventive-care section: the three items to act on soonest (the schedule is most
 * urgent first), linking to the pet's preventive-care page, which is reached from here because SPEC §2
 * fixes the pet menu's links.
 */
export function PreventiveCareCard({ petUuid }: { petUuid: string }) {
  const schedule = useQuery(petPreventiveCareQueryOptions(petUuid));
  const soonest = schedule.data?.items.filter((item) => item.status !== 'not_applicable').slice(0, SOONEST);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="pet-preventive-care-card">
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={2} fz="md">
          Preventive care
        </Title>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link to="/pets/$uuid/preventive-care" params={{ uuid: petUuid }} {...props} />
          )}
          data-testid="pet-preventive-care-link"
        >
          Open the schedule
        </Anchor>
      </Group>
      {schedule.isError ? (
        <Alert color="red" variant="light" title="Could not load the schedule">
          {errorMessage(schedule.error)}
        </Alert>
      ) : !soonest ? (
        <Skeleton height={72} />
      ) : soonest.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to schedule.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {soonest.map((item) => (
            <Group key={item.code} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {dueText(item)}
                </Text>
              </Stack>
              {/* The status in words stays whole; the item's name is what gives way on a phone. */}
              <div style={{ flexShrink: 0 }}>
                <PreventiveStatusBadge status={item.status} />
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
