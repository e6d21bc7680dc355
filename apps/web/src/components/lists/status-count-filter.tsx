import { SegmentedControl, useMatches } from '@mantine/core';

const ALL = 'all';

/**
 * An inbox's status filter: "All" and each status with how many rows match the other filters in it
 * (the list response's `counts`), kept in the URL by the page's `update`. The counts appear once loaded.
 */
export function StatusCountFilter<TStatus extends string>({
  statuses,
  labels,
  counts,
  value,
  onChange,
}: {
  statuses: readonly TStatus[];
  labels: Record<TStatus, string>;
  counts: Record<TStatus, number> | undefined;
  value: TStatus | undefined;
  onChange: (status: TStatus | undefined) => void;
}) {
  // Three or four statuses with their counts do not fit side by side on a phone.
  const orientation = useMatches({ base: 'vertical', sm: 'horizontal' } as const);
  const countOf = (count: number | undefined) => (count === undefined ? '' : ` (${count})`);
  const total = counts ? statuses.reduce((sum, status) => sum + counts[status], 0) : undefined;
  return (
    <SegmentedControl
      aria-label="Status"
      data={[
        { value: ALL, label: `All${countOf(total)}` },
        ...statuses.map((status) => ({
          value: status,
          label: `${labels[status]}${countOf(counts?.[status])}`,
        })),
      ]}
      value={value ?? ALL}
      onChange={(next) => onChange(next === ALL ? undefined : (next as TStatus))}
      size="xs"
      orientation={orientation}
      w={{ base: '100%', sm: 'auto' }}
      data-testid="status-filter"
    />
  );
}
