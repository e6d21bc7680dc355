import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { type Timestamp, timestampToDate } from '@vetboard/contract';
import { formatDateTime, formatDay } from '@/lib/format/dates.ts';
import { formatHours } from '@/lib/format/spec-formatters.ts';

/**
 * Cells for the inbox lists (checkups, journal, medical records, pending cards, reminders): how long
 * an item has waited, how severe it is and who has it. Each inbox builds its DataTable columns from
 * them, so the five read alike.
 */

/** Hours from `since` to `now`; never negative (a clock a little ahead of the server's). */
export function hoursSince(since: Timestamp, now: Date): number {
  return Math.max(0, (now.getTime() - timestampToDate(since).getTime()) / 3_600_000);
}

/**
 * How long the item has waited, in SPEC §9's hours format ("03:20h", "+24h"); the exact time on hover.
 * For an inbox whose items are taken (pending cards, `acknowledged` given): amber past 4 hours and red
 * past 24 while nobody has taken it, no alarm once someone has; otherwise red past 24 hours.
 * Past a day the format stops at "+24h", so a record waiting since last year would read like
 * yesterday's: the day the wait started goes under it.
 */
export function InboxAge({
  since,
  now = new Date(),
  acknowledged,
  withStart = true,
}: {
  since: Timestamp;
  now?: Date;
  /** Whether someone has taken the item ("I'm on it"); leave out where items are never taken. */
  acknowledged?: boolean;
  /** Leave out the start day where the caller writes the start itself. */
  withStart?: boolean;
}) {
  const hours = hoursSince(since, now);
  const alarm = ageAlarm(hours, acknowledged);
  // Palette names, not shades: the theme's contrast resolver holds their text colours to 4.5:1 (orange.9,
  // #d9480f, read 4.29:1 on white).
  const color = alarm === 'red' ? 'red' : alarm === 'amber' ? 'orange' : undefined;
  const age = (
    <Text
      size="sm"
      ff="monospace"
      c={color}
      data-alarm={alarm ?? undefined}
      title={formatDateTime(since)}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="inbox-age"
    >
      {formatHours(hours)}
    </Text>
  );
  if (!withStart || hours <= 24) return age;
  return (
    <Stack gap={0}>
      {age}
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="inbox-age-start">
        since {formatDay(since)}
      </Text>
    </Stack>
  );
}

/** The colour an age turns: an item someone has taken stops escalating. */
export function ageAlarm(hours: number, acknowledged?: boolean): 'amber' | 'red' | null {
  if (acknowledged) return null;
  if (hours > 24) return 'red';
  return acknowledged === false && hours > 4 ? 'amber' : null;
}

/** Severity as the domain counts it (a journal entry's 1–3); worse is redder. */
export type Severity = 1 | 2 | 3;

export const SEVERITY_LABELS: Record<Severity, string> = { 1: 'Mild', 2: 'Moderate', 3: 'Severe' };
const SEVERITY_COLORS: Record<Severity, string> = { 1: 'gray', 2: 'orange', 3: 'red' };

export function SeverityBadge({ severity, label }: { severity: Severity; label?: string }) {
  return (
    <Badge
      color={SEVERITY_COLORS[severity]}
      variant={severity === 3 ? 'filled' : 'light'}
      tt="none"
      radius="sm"
      data-severity={severity}
    >
      {label ?? SEVERITY_LABELS[severity]}
    </Badge>
  );
}

/** Who has the item, or a dimmed "Unassigned". */
export function AssigneeCell({
  assignee,
}: {
  assignee: { name: string; imageUrl?: string | null | undefined } | null | undefined;
}) {
  if (!assignee) {
    return (
      <Text size="sm" c="dimmed">
        Unassigned
      </Text>
    );
  }
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar
        src={assignee.imageUrl ?? null}
        name={assignee.name}
        alt=""
        color="initials"
        radius="100%"
        size={24}
      />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {assignee.name}
      </Text>
    </Group>
  );
}
