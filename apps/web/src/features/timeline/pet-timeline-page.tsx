import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconDeviceMobile,
  IconFilterOff,
  IconRadar2,
  IconStethoscope,
  IconTimeline,
} from '@tabler/icons-react';
import { useInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import {
  TIMELINE_KIND_LABELS,
  TIMELINE_KIND_SOURCES,
  TIMELINE_SOURCE_LABELS,
  type TimelineItem,
  type TimelineKind,
  type TimelineSource,
  timelineKinds,
  timelineSources,
} from '@vetboard/contract';
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { ListPageHeader } from '@/components/lists/list-page-header.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatZoned } from '@/lib/format/zoned-time.ts';
import { petQueryOptions } from '@/lib/pets/pets.queries.ts';
import { petTimelineQueryOptions } from './timeline.queries.ts';
import type { PetTimelineSearch } from './timeline-search.ts';

const route = getRouteApi('/pets/$uuid/timeline');

const SOURCE_LOOK: Record<TimelineSource, { icon: ReactNode; color: string }> = {
  collar: { icon: <IconRadar2 size={18} stroke={1.7} aria-hidden />, color: 'teal' },
  owner_app: { icon: <IconDeviceMobile size={18} stroke={1.7} aria-hidden />, color: 'violet' },
  vet: { icon: <IconStethoscope size={18} stroke={1.7} aria-hidden />, color: 'blue' },
};

/** The events of each day on the pet's wall clock, in the order they came (newest first). */
function byDay(items: TimelineItem[], zone: string) {
  const days: Array<{ key: string; label: string; items: TimelineItem[] }> = [];
  for (const item of items) {
    const key = formatZoned(item.at, zone, 'YYYY-MM-DD');
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, label: formatZoned(item.at, zone, 'dddd DD/MM/YYYY'), items: [item] });
  }
  return days;
}

function TimelineRow({ item, zone }: { item: TimelineItem; zone: string }) {
  const navigate = route.useNavigate();
  const look = SOURCE_LOOK[item.source];
  // A plain link (opens in a new tab with a modifier, like any link), followed inside the app otherwise.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: item.link });
  };
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      py="xs"
      data-testid="timeline-item"
      data-id={item.id}
      data-kind={item.kind}
      data-source={item.source}
    >
      <ThemeIcon variant="light" color={look.color} radius="xl" size={32} style={{ flexShrink: 0 }}>
        {look.icon}
      </ThemeIcon>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Anchor href={item.link} onClick={follow} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Anchor>
        <Group gap={6} wrap="wrap">
          <Text size="xs" c="dimmed" ff="monospace">
            {formatZoned(item.at, zone, 'HH:mm')}
          </Text>
          <Badge size="xs" variant="light" color={look.color} radius="sm">
            {TIMELINE_SOURCE_LABELS[item.source]}
          </Badge>
          <Text size="xs" c="dimmed">
            {TIMELINE_KIND_LABELS[item.kind]}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

/** Asks for the next page when the end of the list scrolls into view; the button does the same by hand. */
function useLoadWhenVisible(load: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

function kindsOf(source: TimelineSource | undefined): TimelineKind[] {
  return source
    ? timelineKinds.filter((kind) => TIMELINE_KIND_SOURCES[kind].includes(source))
    : [...timelineKinds];
}

function Filters({ search }: { search: PetTimelineSearch }) {
  const navigate = route.useNavigate();
  const update = (next: PetTimelineSearch) => void navigate({ search: next, replace: true });
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="timeline-source-label">
          Source
        </Text>
        <SegmentedControl
          aria-labelledby="timeline-source-label"
          value={search.source ?? 'all'}
          data={[
            { value: 'all', label: 'All' },
            ...timelineSources.map((source) => ({ value: source, label: TIMELINE_SOURCE_LABELS[source] })),
          ]}
          onChange={(value) => {
            const source = value === 'all' ? undefined : (value as TimelineSource);
            // A kind that cannot come from the new source would leave the list empty for no visible reason.
            const kind = search.kind && kindsOf(source).includes(search.kind) ? search.kind : undefined;
            update({ source, kind });
          }}
          data-testid="timeline-source"
        />
      </Stack>
      <Select
        label="Kind"
        placeholder="Every kind"
        clearable
        w={{ base: '100%', xs: 280 }}
        value={search.kind ?? null}
        data={kindsOf(search.source).map((kind) => ({ value: kind, label: TIMELINE_KIND_LABELS[kind] }))}
        onChange={(value) => update({ ...search, kind: (value as TimelineKind | null) ?? undefined })}
        data-testid="timeline-kind"
      />
    </Group>
  );
}

/** `/pets/{uuid}/timeline`: everything about the pet, newest first, by day, from every source. */
export function PetTimelinePage() {
  const { uuid } = route.useParams();
  const search = route.useSearch();
  const { timezone } = route.useLoaderData();
  const navigate = route.useNavigate();
  const pet = useSuspenseQuery(petQueryOptions(uuid)).data.petProfile;
  const timeline = useInfiniteQuery(petTimelineQueryOptions(uuid, search));
  const items = timeline.data?.pages.flatMap((page) => page.items);
  const loadMore = () => {
    if (timeline.hasNextPage && !timeline.isFetchingNextPage && !timeline.isError)
      void timeline.fetchNextPage();
  };
  const sentinel = useLoadWhenVisible(loadMore, Boolean(timeline.hasNextPage));
  const filtered = Boolean(search.source || search.kind);

  return (
    <Stack gap="lg" maw={900}>
      <ListPageHeader
        title="Timeline"
        description={`Everything about ${pet.name} from the collar, the owner app and vets, newest first.`}
      />
      <Filters search={search} />
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} aria-busy={timeline.isFetching || undefined}>
        {timeline.isError && !items ? (
          <Alert color="red" variant="light" title="Could not load the timeline">
            {errorMessage(timeline.error)}
          </Alert>
        ) : !items ? (
          <Stack gap="sm" role="status" aria-label="Loading the timeline">
            {[0, 1, 2, 3].map((row) => (
              <Group key={row} gap="sm" wrap="nowrap">
                <Skeleton circle height={32} />
                <Skeleton height={18} />
              </Group>
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            icon={
              filtered ? <IconFilterOff size={28} stroke={1.5} /> : <IconTimeline size={28} stroke={1.5} />
            }
            withIndicatorBackground
            title={filtered ? 'Nothing matches these filters' : 'Nothing has happened yet'}
            description={
              filtered
                ? `No event about ${pet.name} of this source and kind.`
                : `Diets, checkups, journal entries, cards and documents about ${pet.name} will show here.`
            }
            data-testid="timeline-empty"
          >
            {filtered && (
              <EmptyState.Actions>
                <Button variant="light" onClick={() => void navigate({ search: {}, replace: true })}>
                  Show every event
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
          <Stack gap="md">
            {byDay(items, timezone).map((day) => (
              <section key={day.key} aria-labelledby={`timeline-day-${day.key}`} data-testid="timeline-day">
                <Title order={2} fz="sm" fw={700} c="dimmed" tt="uppercase" id={`timeline-day-${day.key}`}>
                  {day.label}
                </Title>
                <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                  {day.items.map((item) => (
                    <TimelineRow key={item.id} item={item} zone={timezone} />
                  ))}
                </Stack>
              </section>
            ))}
            <div ref={sentinel} />
            {timeline.isFetchNextPageError && (
              <Alert color="red" variant="light" title="Could not load older events">
                {errorMessage(timeline.error)}
              </Alert>
            )}
            {timeline.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="light"
                  onClick={() => void timeline.fetchNextPage()}
                  loading={timeline.isFetchingNextPage}
                  data-testid="timeline-load-more"
                >
                  Load older events
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed" ta="center" data-testid="timeline-end">
                {timeline.isFetching ? <Loader size="xs" /> : 'The beginning of the timeline'}
              </Text>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
