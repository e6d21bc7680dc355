import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { todayInZone } from '@/lib/format/zoned-time.ts';
import { hasNextPeriod, type PeriodScope, rollingLabels, shiftDate } from './tracker-period.ts';
import type { TrackerSearch } from './tracker-search.ts';
import { scopeLabels, type TrackerView } from './tracker-view.ts';

const DATE_FORMAT = 'DD/MM/YYYY';

export type SearchPatch<TScope extends PeriodScope = PeriodScope> = Partial<Omit<TrackerSearch, 'scope'>> & {
  scope?: TScope;
};

/** A tracker page's title, the zone its times are in, and (with `view`) its scope and period controls. */
export function TrackerHeader({
  title,
  timezone,
  actions,
  children,
}: {
  title: string;
  timezone: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          <Group gap={4} c="dimmed" data-testid="tracker-timezone">
            <IconClock size={14} aria-hidden />
            <Text size="sm" c="inherit">
              Times in {timezone}
            </Text>
          </Group>
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The scope switcher, previous and next period, a date picker, and the way back to the rolling window;
 * every change goes to the URL and back to the first page of entries.
 */
export function PeriodControls<TScope extends PeriodScope>({
  scopes,
  view,
  timezone,
  onChange,
}: {
  scopes: readonly TScope[];
  view: TrackerView;
  timezone: string;
  onChange: (patch: SearchPatch<TScope>) => void;
}) {
  const today = todayInZone(timezone);
  const unit = scopeLabels[view.scope].toLowerCase();
  // From the rolling window, Previous opens the calendar period before the current one; Next is for
  // calendar periods that have a successor (the current period's successor is the rolling window).
  const canGoNext = !view.rolling && hasNextPeriod(view.date, view.scope, timezone);
  const previousDate = view.rolling ? shiftDate(today, view.scope, -1) : shiftDate(view.date, view.scope, -1);
  return (
    <Group gap="sm" wrap="wrap" data-testid="period-controls">
      <SegmentedControl
        aria-label="Time scope"
        data={scopes.map((scope) => ({ value: scope, label: scopeLabels[scope] }))}
        value={view.scope}
        onChange={(scope) => onChange({ scope: scope as TScope, page: 1 })}
      />
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Previous ${unit}`}
          onClick={() => onChange({ date: previousDate, page: 1 })}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <DatePickerInput
          // Says the shown date too, so the name contains the button's visible text (WCAG 2.5.3).
          aria-label={`Date ${dayjs(view.date).format(DATE_FORMAT)}`}
          value={view.date}
          onChange={(value) => value && onChange({ date: value, page: 1 })}
          valueFormat={DATE_FORMAT}
          maxDate={today}
          leftSection={<IconCalendar size={16} aria-hidden />}
          w={150}
          popoverProps={{ withinPortal: true }}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Next ${unit}`}
          disabled={!canGoNext}
          onClick={() => onChange({ date: shiftDate(view.date, view.scope, 1), page: 1 })}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        {!view.rolling && (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange({ date: undefined, page: 1 })}>
            {rollingLabels[view.scope]}
          </Button>
        )}
      </Group>
      <Text size="sm" fw={600} data-testid="period-label" aria-live="polite">
        {view.label}
      </Text>
    </Group>
  );
}
