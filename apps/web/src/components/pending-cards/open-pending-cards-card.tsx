import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type PendingCardSummary, pendingCardConcernLabels } from '@vetboard/contract';
import { InboxAge } from '@/components/lists/inbox-cells.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { petOpenPendingCardsQueryOptions } from '@/lib/pending-cards/pet-pending-cards.queries.ts';
import { CardSeverityBadge, triggerValueText } from './pending-card-cells.tsx';

function OpenCard({ card }: { card: PendingCardSummary }) {
  return (
    <Stack gap={2} data-testid="open-pending-card">
      <Group gap="xs" wrap="wrap">
        <CardSeverityBadge severity={card.severity} />
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => <Link to="/pending-cards/$uuid" params={{ uuid: card.uuid }} {...props} />}
        >
          {pendingCardConcernLabels[card.concern]}
        </Anchor>
        <InboxAge since={card.openedAt} acknowledged={Boolean(card.claimedBy)} />
      </Group>
      <Text size="xs" c="dimmed">
        {card.latestTrigger ? triggerValueText(card.latestTrigger) : null}
        {card.latestTrigger ? ' · ' : null}
        {card.claimedBy ? `Claimed by ${card.claimedBy.name}` : 'Unassigned'}
      </Text>
    </Stack>
  );
}

/** A pet's open pending cards, most severe first, each linking to the card: beside a pet's other work. */
export function OpenPendingCardsCard({ petUuid }: { petUuid: string }) {
  const cards = useQuery(petOpenPendingCardsQueryOptions(petUuid));
  const open = cards.data?.pendingCards;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="open-pending-cards">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz="md">
          Open pending cards
        </Title>
        <Anchor
          size="xs"
          renderRoot={(props) => (
            <Link to="/pets/$uuid/pending-cards" params={{ uuid: petUuid }} {...props} />
          )}
        >
          All of the pet’s cards
        </Anchor>
      </Group>
      {open ? (
        open.length === 0 ? (
          <Text size="sm" c="dimmed">
            No open pending cards.
          </Text>
        ) : (
          <Stack gap="sm">
            {open.map((card) => (
              <OpenCard key={card.uuid} card={card} />
            ))}
          </Stack>
        )
      ) : cards.isError ? (
        <Alert color="red" variant="light" title="Could not load the pending cards">
          {errorMessage(cards.error)}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={36} />
        </Stack>
      )}
    </Paper>
  );
}
