import { Text } from '@mantine/core';
import { type Abnormal, type ReadingSource, readingSourceLabels, type Timestamp } from '@vetboard/contract';
import { abnormalColors } from '@/components/trackers/tracker-format.ts';
import { formatZoned } from '@/lib/format/zoned-time.ts';

/** SPEC §9 vet view, DD/MM/YYYY HH:mm, on the pet's wall clock. */
export function WhenCell({ at, timezone }: { at: Timestamp; timezone: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatZoned(at, timezone)}
    </Text>
  );
}

/** SPEC §3: 'Added by the user' (app) or 'Registered by the collar' (tracker). */
export function SourceCell({ source }: { source: ReadingSource }) {
  return (
    <Text size="sm" c="dimmed">
      {readingSourceLabels[source]}
    </Text>
  );
}

/**
 * A respiratory value in its flag's colour (the badge beside it says the flag in words): the palette's
 * text colour, which the theme keeps at 4.5:1 on the page.
 */
export function RespiratoryValue({ abnormal, children }: { abnormal: Abnormal; children: string }) {
  const color = abnormal === 'undefined' ? undefined : abnormalColors[abnormal];
  return (
    <Text size="sm" fw={abnormal === 'undefined' ? 400 : 700} c={color} data-abnormal={abnormal}>
      {children}
    </Text>
  );
}
