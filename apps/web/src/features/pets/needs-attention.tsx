import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  type PetAttentionGroup,
  type PetAttentionItem,
  pendingCardResponseSchema,
  petAttentionKindLabels,
  pluralForm,
} from '@vetboard/contract';
import type { MouseEvent } from 'react';
import { InboxAge } from '@/components/lists/inbox-cells.tsx';
import { CardSeverityBadge } from '@/components/pending-cards/pending-card-cells.tsx';
import { api } from '@/lib/api/api-client.ts';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatDateTime } from '@/lib/format/dates.ts';
import { petPendingCardsKey } from '@/lib/pending-cards/pet-pending-cards.queries.ts';
import { petAttentionQueryOptions } from '@/lib/pets/pet-attention.queries.ts';
import { petKeys } from '@/lib/pets/pet-keys.ts';

/** "I'm on it" from the pet's profile: the card's own claim, then the pet's open work is read again. */
function useClaimCard(petUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardUuid: string) =>
      api.request(`/v1/pending-cards/${cardUuid}/claim`, {
        method: 'POST',
        body: {},
        schema: pendingCardResponseSchema,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: petKeys.attention(petUuid) }),
        queryClient.invalidateQueries({ queryKey: petPendingCardsKey(petUuid) }),
      ]),
  });
}

/**
 * When the wait started, beside SPEC §9's hours (which stop at "+24h", so a record waiting since
 * last year would read like yesterday's): the date says how long.
 */
function Waiting({ item, kind }: { item: PetAttentionItem; kind: PetAttentionGroup['kind'] }) {
  if (kind === 'reminder') {
    return (
      <Text size="xs" c={item.overdue ? 'red' : 'dimmed'} fw={item.overdue ? 600 : undefined}>
        {item.overdue ? 'Overdue since' : 'Due'} {formatDateTime(item.since)}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <InboxAge
        since={item.since}
        withStart={false}
        acknowledged={kind === 'pending_card' ? Boolean(item.claimedBy) : undefined}
      />
      <Text size="xs" c="dimmed">
        since {formatDateTime(item.since)}
      </Text>
    </Group>
  );
}

function Item({
  item,
  kind,
  petUuid,
}: {
  item: PetAttentionItem;
  kind: PetAttentionGroup['kind'];
  petUuid: string;
}) {
  const claim = useClaimCard(petUuid);
  const navigate = useNavigate();
  // The server names the page (as the timeline's links): a plain link, followed inside the app.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: item.link });
  };
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" data-testid="attention-item">
      <Stack gap={2} miw={0}>
        <Group gap="xs" wrap="wrap">
          {item.severity && <CardSeverityBadge severity={item.severity} />}
          <Anchor href={item.link} onClick={follow} size="sm" fw={600} lineClamp={2}>
            {item.title}
          </Anchor>
        </Group>
        {item.detail && (
          <Text size="xs" c="dimmed">
            {item.detail}
          </Text>
        )}
        <Waiting item={item} kind={kind} />
        {kind === 'pending_card' && item.claimedBy && (
          <Text size="xs" c="dimmed">
            Claimed by {item.claimedBy.name}
          </Text>
        )}
        {kind === 'reminder' && item.claimedBy && (
          <Text size="xs" c="dimmed">
            Assigned to {item.claimedBy.name}
          </Text>
        )}
      </Stack>
      {kind === 'pending_card' && !item.claimedBy && (
        <Button
          size="compact-sm"
          variant="light"
          loading={claim.isPending}
          onClick={() => claim.mutate(item.uuid)}
          aria-label={`Claim the ${item.title.toLowerCase()} card`}
        >
          Claim
        </Button>
      )}
    </Group>
  );
}

function AttentionGroup({ group, petUuid }: { group: PetAttentionGroup; petUuid: string }) {
  const label = pluralForm(group.total, petAttentionKindLabels[group.kind]);
  const more = group.total - group.items.length;
  return (
    <Stack gap="xs" data-testid={`attention-${group.kind}`}>
      <Text size="sm" fw={700}>
        {label} ({group.total.toLocaleString('en-GB')})
      </Text>
      {group.items.map((item) => (
        <Item key={item.uuid} item={item} kind={group.kind} petUuid={petUuid} />
      ))}
      {more > 0 && (
        <Text size="xs" c="dimmed">
          and {more.toLocaleString('en-GB')} more
        </Text>
      )}
    </Stack>
  );
}

/**
 * Issue #39 §2: what is open about the pet, above its vitals, so a vet who opens it from anywhere sees
 * at once what waits — each item links to the page that handles it.
 */
export function NeedsAttention({ petUuid }: { petUuid: string }) {
  const attention = useQuery(petAttentionQueryOptions(petUuid));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="needs-attention">
      <Title order={2} fz="md" mb="md">
        Needs attention
      </Title>
      {attention.data ? (
        attention.data.groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is open for this pet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="lg">
            {attention.data.groups.map((group) => (
              <AttentionGroup key={group.kind} group={group} petUuid={petUuid} />
            ))}
          </SimpleGrid>
        )
      ) : attention.isError ? (
        <Alert color="red" variant="light" title="Could not load what needs attention">
          {errorMessage(attention.error)}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={36} />
        </Stack>
      )}
    </Paper>
  );
}
