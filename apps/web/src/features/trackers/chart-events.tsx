import { Alert, Anchor, Box, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TIMELINE_MAX_LIMIT, type TimelineItem, type TimelineResponse } from '@vetboard/contract';
import { type MouseEvent, useId } from 'react';
import { MARKER_GROUPS, markerGroupOf } from '@/components/charts/event-markers.ts';
import { MarkerSwatch } from '@/components/charts/marker-swatch.tsx';
import { errorMessage } from '@/lib/api/api-errors.ts';
import { formatZoned } from '@/lib/format/zoned-time.ts';

/** The overlay's switch, above the chart; its state is the page's `?events=true`. */
export function EventsSwitch({ shown, onChange }: { shown: boolean; onChange: (shown: boolean) => void }) {
  return (
    <Switch
      label="Events"
      description="Diets, checkups, cards… on the chart"
      checked={shown}
      onChange={(event) => onChange(event.currentTarget.checked)}
      size="sm"
      data-testid="events-switch"
    />
  );
}

function EventRow({ item, timezone }: { item: TimelineItem; timezone: string }) {
  const navigate = useNavigate();
  const group = markerGroupOf(item.kind);
  // A plain link (a new tab with a modifier), followed inside the app otherwise, as on the timeline.
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: item.link });
  };
  return (
    <Group
      component="li"
      gap={8}
      wrap="nowrap"
      align="baseline"
      data-testid="chart-event"
      data-kind={item.kind}
      data-at={item.at.seconds}
    >
      {/* On the first line's middle, also when a long title wraps on a phone. */}
      <Box style={{ alignSelf: 'flex-start', paddingTop: 4 }}>
        <MarkerSwatch group={group} />
      </Box>
      <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
        {formatZoned(item.at, timezone, 'DD/MM HH:mm')}
      </Text>
      <Anchor href={item.link} onClick={follow} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Anchor>
    </Group>
  );
}

/**
 * Under a chart with the overlay on: the legend of the marker shapes shown, and every event of the
 * period as a link (the way to them by keyboard and screen reader), newest first.
 */
export function ChartEventsList({
  query,
  timezone,
  timelineHref,
}: {
  query: UseQueryResult<TimelineResponse>;
  timezone: string;
  timelineHref: string;
}) {
  const { data } = query;
  const headingId = useId();
  if (!data && query.isError) {
    return (
      <Alert color="red" variant="light" title="The events could not be loaded" p="xs">
        <Group gap="sm">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="compact-xs" variant="light" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!data) {
    return (
      <Group gap={6} role="status">
        <Loader size={14} />
        <Text size="xs" c="dimmed">
          Loading the events…
        </Text>
      </Group>
    );
  }
  if (data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="chart-events-empty">
        No events in this period.
      </Text>
    );
  }
  const kinds = new Set(data.items.map((item) => item.kind));
  const groups = MARKER_GROUPS.filter((group) => group.kinds.some((kind) => kinds.has(kind)));
  return (
    <Stack gap={6} data-testid="chart-events">
      <Group
        gap="md"
        wrap="wrap"
        component="ul"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
        aria-label="Marker legend"
      >
        {groups.map((group) => (
          <Group key={group.key} gap={6} wrap="nowrap" component="li" data-testid="marker-legend-item">
            <MarkerSwatch group={group} />
            <Text size="xs">{group.label}</Text>
          </Group>
        ))}
      </Group>
      <Text size="sm" fw={600} id={headingId}>
        Events in this period ({data.items.length}
        {data.nextCursor ? '+' : ''})
      </Text>
      <Stack
        component="ul"
        gap={4}
        aria-labelledby={headingId}
        style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 220, overflowY: 'auto' }}
      >
        {data.items.map((item) => (
          <EventRow key={item.id} item={item} timezone={timezone} />
        ))}
      </Stack>
      {data.nextCursor && (
        <Text size="xs" c="dimmed">
          Only the latest {TIMELINE_MAX_LIMIT} events of this period are drawn;{' '}
          <Anchor href={timelineHref} size="xs">
            the timeline
          </Anchor>{' '}
          has them all.
        </Text>
      )}
    </Stack>
  );
}
