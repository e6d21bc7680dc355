import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { JobFailure } from '@vetboard/contract';
import { countOf } from '@vetboard/contract';
import { formatDateTime } from '@/lib/format/dates.ts';
import { useRetryJobMutation } from './jobs.mutations.ts';
import { jobsOverviewQueryOptions } from './jobs.queries.ts';

function count(value: number, tone: 'red' | 'blue' | 'gray') {
  return value === 0 ? (
    <Text span c="dimmed">
      0
    </Text>
  ) : (
    <Badge color={tone} variant="light" radius="sm">
      {value}
    </Badge>
  );
}

function FailureCard({ failure }: { failure: JobFailure }) {
  const retry = useRetryJobMutation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="job-failure">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{failure.queue}</Text>
            <Text size="sm" c="dimmed">
              failed {formatDateTime(failure.failedAt)} after{' '}
              {countOf(failure.attempts, { one: 'try', other: 'tries' })}
            </Text>
          </Group>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {failure.error}
          </Code>
        </Stack>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          loading={retry.isPending}
          onClick={() => retry.mutate(failure)}
        >
          Retry
        </Button>
      </Group>
    </Paper>
  );
}

/** `/jobs` (head vets, from the user menu): the job queues at a glance and what failed. */
export function JobsPage() {
  const { queues, failures } = useSuspenseQuery(jobsOverviewQueryOptions()).data;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Jobs
      </Title>
      <Paper withBorder radius="md">
        <Table aria-label="Queues" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Queue</Table.Th>
              <Table.Th>Queued</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Failed (24 h)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.map((queue) => (
              <Table.Tr key={queue.name} data-testid={`queue-${queue.name}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {queue.name}
                  </Text>
                </Table.Td>
                <Table.Td>{count(queue.queued, 'blue')}</Table.Td>
                <Table.Td>{count(queue.active, 'gray')}</Table.Td>
                <Table.Td>{count(queue.failedLast24h, 'red')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Recent failures
        </Title>
        {failures.length === 0 ? (
          <Text c="dimmed">No failed jobs.</Text>
        ) : (
          failures.map((failure) => <FailureCard key={failure.uuid} failure={failure} />)
        )}
      </Stack>
    </Stack>
  );
}
