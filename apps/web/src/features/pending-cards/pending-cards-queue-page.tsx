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
  Textarea,
  useMatches,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import {
  countOf,
  type PendingCardSummary,
  pendingCardConcernLabels,
  pendingCardConcerns,
  pendingCardResolveSchema,
  pendingCardSeverities,
  pendingCardSeverityLabels,
} from '@vetboard/contract';
import { useMemo, useState } from 'react';
import { Editor } from '@/components/editors/editor.tsx';
import type { DataTableColumn } from '@/components/lists/data-table.tsx';
import { AssigneeCell, InboxAge } from '@/components/lists/inbox-cells.tsx';
import { ListPage } from '@/components/lists/list-page.tsx';
import { useListPage, useListQuery } from '@/components/lists/use-list-page.ts';
import {
  CardSeverityBadge,
  ConcernLabel,
  LatestTriggerCell,
} from '@/components/pending-cards/pending-card-cells.tsx';
import { PetAlertBadges } from '@/components/pets/pet-alert-badges.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { useAuthState } from '@/lib/auth/auth-store.ts';
import { visibleCompaniesQueryOptions } from '@/lib/companies/visible-companies.queries.ts';
import { mutateThen } from '@/lib/query/mutate-then.ts';
import { useBulkResolveMutation, useCardActionMutation } from './pending-cards.mutations.ts';
import { pendingCardsListQueryOptions } from './pending-cards.queries.ts';
import {
  PENDING_CARD_FILTERS,
  type PendingCardsSearch,
  pendingCardsListQuery,
} from './pending-cards-search.ts';

const route = getRouteApi('/_default/pending-cards/');

const nowrap = { whiteSpace: 'nowrap' } as const;
const ALL = 'all';

const VIEWS = [
  { value: 'open', label: 'Queue' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'resolved', label: 'Resolved' },
  { value: ALL, label: 'All' },
] as const;

/** Claim ("I'm on it") an unclaimed card, or give back one's own. */
function ClaimButton({ card, vetUuid }: { card: PendingCardSummary; vetUuid: string | undefined }) {
  const action = useCardActionMutation();
  if (card.status === 'resolved') return null;
  const mine = card.claimedBy?.uuid === vetUuid;
  if (card.claimedBy && !mine) return null;
  return (
    <Button
      size="compact-sm"
      variant={mine ? 'default' : 'light'}
      loading={action.isPending}
      onClick={(event) => {
        event.stopPropagation();
        action.mutate({ uuid: card.uuid, action: mine ? 'unclaim' : 'claim' });
      }}
      aria-label={`${mine ? 'Unclaim' : 'I’m on it'}: ${card.pet.name}’s ${pendingCardConcernLabels[card.concern].toLowerCase()} card`}
    >
      {mine ? 'Unclaim' : 'I’m on it'}
    </Button>
  );
}

function BulkResolveModal({
  uuids,
  opened,
  onClose,
  onDone,
}: {
  uuids: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkResolveMutation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Resolve ${countOf(uuids.length, { one: 'card', other: 'cards' })}`}
      centered
    >
      <Editor
        name="pending-cards-bulk-resolve"
        what="the resolution note"
        dirty={() => note.trim() !== '' && !bulk.isPending}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = pendingCardResolveSchema.safeParse({ note });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message ?? 'A note is required');
              return;
            }
            mutateThen(
              bulk,
              { uuids, note: parsed.data.note },
              {
                onSuccess: () => {
                  setNote('');
                  onDone();
                },
                onError: (failure) => setError(errorMessage(failure)),
              },
            );
          }}
        >
          <Stack>
            <Textarea
              label="Resolution note"
              description="Saved on every selected card."
              value={note}
              onChange={(event) => {
                setNote(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autosize
              minRows={3}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={bulk.isPending}>
                Resolve
              </Button>
            </Group>
          </Stack>
        </form>
      </Editor>
    </Modal>
  );
}

/**
 * `/pending-cards`: the queue of cards that need a vet, high-red first, then the longest waiting. It
 * follows live events, so a card a collar raises appears without a reload.
 */
export function PendingCardsQueuePage() {
  const state = useListPage(route.useSearch(), route.useNavigate(), PENDING_CARD_FILTERS);
  const { search, update } = state;
  const go = useNavigate();
  const vetUuid = useAuthState().vet?.uuid;
  const list = useListQuery(pendingCardsListQueryOptions(pendingCardsListQuery(search)));
  const companies = useQuery(visibleCompaniesQueryOptions());
  // The companies the vet may see (a company's vets: their own); a code typed into the URL stays shown.
  const companyOptions = useMemo(() => {
    const options = (companies.data?.companies ?? []).map((company) => ({
      value: company.sku,
      label: company.name,
    }));
    const chosen = search.companySku;
    return chosen && companies.data && !options.some((option) => option.value === chosen)
      ? [{ value: chosen, label: chosen }, ...options]
      : options;
  }, [companies.data, search.companySku]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [resolving, setResolving] = useState(false);
  const viewOrientation = useMatches({ base: 'vertical', xs: 'horizontal' } as const);
  const rows = list.data?.pendingCards;
  const openRows = (rows ?? []).filter((card) => card.status === 'open');
  const chosen = openRows.filter((card) => selected.has(card.uuid)).map((card) => card.uuid);

  const columns = useMemo<DataTableColumn<PendingCardSummary, PendingCardsSearch['sort']>[]>(
    () => [
      {
        key: 'select',
        header: 'Select',
        hideHeader: true,
        width: 40,
        render: (card) =>
          card.status === 'open' ? (
            <Checkbox
              aria-label={`Select ${card.pet.name}’s card`}
              checked={selected.has(card.uuid)}
              onClick={(event) => event.stopPropagation()}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setSelected((previous) => {
                  const next = new Set(previous);
                  if (checked) next.add(card.uuid);
                  else next.delete(card.uuid);
                  return next;
                });
              }}
            />
          ) : null,
      },
      {
        key: 'severity',
        header: 'Severity',
        render: (card) => <CardSeverityBadge severity={card.severity} />,
      },
      {
        key: 'pet',
        header: 'Pet and owner',
        render: (card) => (
          <Stack gap={0}>
            <Anchor
              fw={600}
              size="sm"
              style={nowrap}
              renderRoot={(props) => (
                <Link to="/pending-cards/$uuid" params={{ uuid: card.uuid }} {...props} />
              )}
            >
              {card.pet.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {card.ownerName ?? 'No owner'}
            </Text>
            <PetAlertBadges alerts={card.pet.alerts} petName={card.pet.name} />
          </Stack>
        ),
      },
      { key: 'concern', header: 'Concern', render: (card) => <ConcernLabel card={card} /> },
      { key: 'latest', header: 'Latest value', render: (card) => <LatestTriggerCell card={card} /> },
      {
        key: 'triggers',
        header: 'Triggers',
        align: 'right',
        render: (card) => (
          <Text size="sm" data-testid="trigger-count">
            {card.triggerCount}
          </Text>
        ),
      },
      {
        key: 'openedAt',
        header: 'Age',
        sortField: 'openedAt',
        firstOrder: 'asc',
        render: (card) => <InboxAge since={card.openedAt} acknowledged={Boolean(card.claimedBy)} />,
      },
      {
        key: 'claimedBy',
        header: 'Claimed by',
        render: (card) => <AssigneeCell assignee={card.claimedBy} />,
      },
      {
        key: 'actions',
        header: 'Actions',
        hideHeader: true,
        render: (card) => <ClaimButton card={card} vetUuid={vetUuid} />,
      },
    ],
    [selected, vetUuid],
  );

  return (
    <>
      <ListPage
        state={state}
        query={list}
        rows={rows}
        title="Pending cards"
        description="Pets a collar, an owner or a checkup says need a vet: the most severe first, then the longest waiting."
        actions={
          <Button disabled={chosen.length === 0} onClick={() => setResolving(true)} variant="light">
            {chosen.length > 0 ? `Resolve selected (${chosen.length})` : 'Resolve selected'}
          </Button>
        }
        searchLabel="Search pending cards"
        searchPlaceholder="Search by pet or owner"
        filters={
          <>
            <SegmentedControl
              aria-label="Cards"
              data={VIEWS.map((view) => ({ value: view.value, label: view.label }))}
              value={search.view ?? 'open'}
              onChange={(value) =>
                update({
                  view: value === 'open' ? undefined : (value as PendingCardsSearch['view']),
                  page: 1,
                })
              }
              size="xs"
              orientation={viewOrientation}
              w={{ base: '100%', xs: 'auto' }}
            />
            <Select
              aria-label="Concern"
              placeholder="All concerns"
              data={pendingCardConcerns.map((concern) => ({
                value: concern,
                label: pendingCardConcernLabels[concern],
              }))}
              value={search.concern ?? null}
              onChange={(value) =>
                update({ concern: (value ?? undefined) as PendingCardsSearch['concern'], page: 1 })
              }
              clearable
              w={{ base: '100%', xs: 180 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Severity"
              placeholder="All severities"
              data={[...pendingCardSeverities].reverse().map((severity) => ({
                value: severity,
                label: pendingCardSeverityLabels[severity],
              }))}
              value={search.severity ?? null}
              onChange={(value) =>
                update({ severity: (value ?? undefined) as PendingCardsSearch['severity'], page: 1 })
              }
              clearable
              w={{ base: '100%', xs: 160 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Claimed"
              placeholder="Anyone’s"
              data={[
                { value: 'mine', label: 'Claimed by me' },
                { value: 'unclaimed', label: 'Unclaimed' },
              ]}
              value={search.assignment ?? null}
              onChange={(value) =>
                update({ assignment: (value ?? undefined) as PendingCardsSearch['assignment'], page: 1 })
              }
              clearable
              w={{ base: '100%', xs: 170 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Select
              aria-label="Company"
              placeholder="Any company"
              data={companyOptions}
              value={search.companySku ?? null}
              onChange={(value) => update({ companySku: value ?? undefined, page: 1 })}
              clearable
              searchable
              w={{ base: '100%', xs: 200 }}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        }
        noun="pending cards"
        table={{
          label: 'Pending cards',
          columns,
          rowKey: (card) => card.uuid,
          rowAction: (card) => () => void go({ to: '/pending-cards/$uuid', params: { uuid: card.uuid } }),
          minWidth: 1040,
        }}
      />
      <BulkResolveModal
        uuids={chosen}
        opened={resolving}
        onClose={() => setResolving(false)}
        onDone={() => {
          setResolving(false);
          setSelected(new Set());
        }}
      />
    </>
  );
}
