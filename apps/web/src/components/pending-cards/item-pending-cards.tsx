import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ItemPendingCard, pendingCardConcernLabels } from '@vetboard/contract';
import { CardSeverityBadge } from './pending-card-cells.tsx';

/** "Open", "Resolved", or, on a card other signals keep open, that this item's part is done. */
export function itemCardStatusText(card: ItemPendingCard, item: string): string {
  if (card.status === 'resolved') return 'Resolved';
  return card.triggerResolved ? `Open: this ${item}’s part is resolved, other triggers remain` : 'Open';
}

function ItemCard({ card, item }: { card: ItemPendingCard; item: string }) {
  return (
    <Stack gap={4} data-testid="item-pending-card" data-status={card.status}>
      <Group gap="xs" wrap="wrap">
        <CardSeverityBadge severity={card.severity} />
        <Anchor
          size="sm"
          fw={600}
          renderRoot={(props) => <Link to="/pending-cards/$uuid" params={{ uuid: card.uuid }} {...props} />}
        >
          {pendingCardConcernLabels[card.concern]} card
        </Anchor>
      </Group>
      <Text size="sm" data-testid="item-pending-card-status">
        {itemCardStatusText(card, item)}
      </Text>
      <Text size="xs" c="dimmed">
        {card.claimedBy ? `Claimed by ${card.claimedBy.name}` : 'Not claimed'}
      </Text>
    </Stack>
  );
}

/**
 * The pending cards an item (a checkup, a journal entry, an owner's question) raised, on the item's own
 * page, so the vet handling the item sees the case it is part of; nothing when it raised none.
 */
export function ItemPendingCards({ cards, item }: { cards: readonly ItemPendingCard[]; item: string }) {
  if (cards.length === 0) return null;
  const title = cards.length === 1 ? 'Pending card' : 'Pending cards';
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-testid="item-pending-cards">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">
        {cards.map((card) => (
          <ItemCard key={card.uuid} card={card} item={item} />
        ))}
      </Stack>
    </Paper>
  );
}
