import { Badge } from '@mantine/core';
import { type WeeklyReportStatus, weeklyReportStatusLabels } from '@vetboard/contract';

const STATUS_COLORS: Record<WeeklyReportStatus, string> = {
  draft: 'blue',
  reviewed: 'yellow',
  sent: 'clinic',
};

export function WeeklyReportStatusBadge({ status }: { status: WeeklyReportStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" radius="sm" data-status={status}>
      {weeklyReportStatusLabels[status]}
    </Badge>
  );
}

/** "+12.5%" with its sign; a dash without both weeks. */
export function formatChange(value: number | null): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toLocaleString('en-GB')}%`;
}
