import { Alert, Anchor, EmptyState, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconClipboardHeart } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { CheckupSummary } from '@vetboard/contract';
import type { ReactNode } from 'react';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { CheckupStatusBadge, ProblematicCount } from './checkup-cells.tsx';
import { petCheckupsQueryOptions } from './checkups.queries.ts';

const route = getRouteApi('/pets/$uuid/checkups/');

const dash = (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

function CheckupRow({ checkup }: { checkup: CheckupSummary }) {
  return (
    <Table.Tr data-checkup-uuid={checkup.uuid} data-status={checkup.status}>
      <Table.Td>
        <Anchor
          fw={600}
          size="sm"
          renderRoot={(props) => <Link to="/checkups/$uuid" params={{ uuid: checkup.uuid }} {...props} />}
        >
          {checkup.form.title}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <CheckupStatusBadge status={checkup.status} />
      </Table.Td>
      <Table.Td>
        <ProblematicCount checkup={checkup} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(checkup.sentAt)}</Text>
      </Table.Td>
      <Table.Td>
        {checkup.answeredAt ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(checkup.answeredAt)}</Text>
            {checkup.filledBy && (
              <Text size="xs" c="dimmed">
                Filled by {checkup.filledBy.name}
              </Text>
            )}
          </Stack>
        ) : (
          dash
        )}
      </Table.Td>
      <Table.Td>
        {checkup.reviewedBy && checkup.reviewedAt ? (
          <Stack gap={0}>
            <Text size="sm">{checkup.reviewedBy.name}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(checkup.reviewedAt)}
            </Text>
          </Stack>
        ) : (
          dash
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * `/pets/{uuid}/checkups`: every checkup of the pet, whatever its status, newest first. `actions` is
 * where the route puts the ways to start a new one (send to the owner, fill during a call).
 */
export function PetCheckupsPage({ actions }: { actions?: ReactNode }) {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const checkups = useQuery(petCheckupsQueryOptions(uuid));
  const rows = checkups.data?.checkups;

  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Health checkups"
        description={`Checkups sent to ${pet.name}’s owner and filled in during calls, newest first.`}
        actions={actions}
      />
      <Paper withBorder>
        {checkups.isError ? (
          <Alert color="red" variant="light" title="Could not load the checkups" m="md">
            {errorMessage(checkups.error)}
          </Alert>
        ) : rows && rows.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            icon={<IconClipboardHeart size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No checkups yet"
            description={`No checkup has been sent to ${pet.name}’s owner or filled in for ${pet.name}.`}
            data-testid="checkups-empty"
          >
            {actions && <EmptyState.Actions>{actions}</EmptyState.Actions>}
          </EmptyState>
        ) : (
          <TableScroll minWidth={860} label="Checkups">
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Checkups"
              aria-busy={checkups.isPending || undefined}
              data-testid="pet-checkups-table"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Checkup</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Problematic answers</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Answered</Table.Th>
                  <Table.Th>Reviewed by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows
                  ? rows.map((checkup) => <CheckupRow key={checkup.uuid} checkup={checkup} />)
                  : [0, 1, 2].map((row) => (
                      <Table.Tr key={row} data-testid="skeleton-row">
                        <Table.Td colSpan={6}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
      {checkups.data && checkups.data.pagination.total > (rows?.length ?? 0) && (
        <Text size="sm" c="dimmed">
          The {rows?.length} most recent of {checkups.data.pagination.total} checkups.{' '}
          <Anchor
            size="sm"
            renderRoot={(props) => <Link to="/checkups" search={{ search: pet.name }} {...props} />}
          >
            See them all in the inbox
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
