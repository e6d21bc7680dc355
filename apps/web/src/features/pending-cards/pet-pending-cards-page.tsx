import { Alert, Anchor, EmptyState, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { type PendingCardSummary, pendingCardConcernLabels } from '@vetboard/contract';
import { AssigneeCell } from '@/components/lists/inbox-cells.tsx';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { TableScroll } from '@/components/lists/table-scroll.tsx';
import {
  CardSeverityBadge,
  CardStatusBadge,
  LatestTriggerCell,
} from '@/components/pending-cards/pending-card-cells.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petPendingCardsQueryOptions } from '@/lib/pending-cards/pet-pending-cards.queries.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';

const route = getRouteApi('/pets/$uuid/pending-cards');

function CardRow({ card }: { card: PendingCardSummary }) {
  return (
    <Table.Tr data-card-uuid={card.uuid} data-status={card.status}>
      <Table.Td>
        <Anchor
          fw={600}
          size="sm"
          renderRoot={(props) => <Link to="/pending-cards/$uuid" params={{ uuid: card.uuid }} {...props} />}
        >
          {pendingCardConcernLabels[card.concern]}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <CardSeverityBadge severity={card.severity} />
      </Table.Td>
      <Table.Td>
        <CardStatusBadge card={card} />
      </Table.Td>
      <Table.Td>
        <LatestTriggerCell card={card} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{card.triggerCount}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(card.openedAt)}</Text>
      </Table.Td>
      <Table.Td>
        {card.status === 'resolved' && card.resolvedAt ? (
          <Stack gap={0}>
            <Text size="sm">{card.resolvedBy?.name ?? 'The system'}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(card.resolvedAt)}
              {card.resolutionNote ? ` · ${card.resolutionNote}` : ''}
            </Text>
          </Stack>
        ) : (
          <AssigneeCell assignee={card.claimedBy} />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `/pets/{uuid}/pending-cards`: every card of the pet, open and resolved, newest first. */
export function PetPendingCardsPage() {
  const { uuid } = route.useParams();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const cards = useQuery(petPendingCardsQueryOptions(uuid));
  const rows = cards.data?.pendingCards;
  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Pending cards"
        description={`What raised a card for ${pet.name} (collar, weight, checkups, journal), open and resolved, newest first.`}
      />
      <Paper withBorder>
        {cards.isError ? (
          <Alert color="red" variant="light" title="Could not load the pending cards" m="md">
            {errorMessage(cards.error)}
          </Alert>
        ) : rows && rows.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            icon={<IconAlertTriangle size={28} stroke={1.5} />}
            withIndicatorBackground
            title="No pending cards"
            description={`Nothing has raised a card for ${pet.name}.`}
          />
        ) : (
          <TableScroll minWidth={900} label="Pending cards">
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Pending cards"
              aria-busy={cards.isPending || undefined}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Concern</Table.Th>
                  <Table.Th>Severity</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Latest value</Table.Th>
                  <Table.Th>Triggers</Table.Th>
                  <Table.Th>Opened</Table.Th>
                  <Table.Th>Claimed or resolved by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows
                  ? rows.map((card) => <CardRow key={card.uuid} card={card} />)
                  : [0, 1, 2].map((row) => (
                      <Table.Tr key={row}>
                        <Table.Td colSpan={7}>
                          <Skeleton height={20} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
    </Stack>
  );
}
