import { Badge } from '@mantine/core';
import { PREVENTIVE_STATUS_LABELS, type PreventiveStatus } from '@vetboard/contract';

const COLORS: Record<PreventiveStatus, string> = {
  overdue: 'red',
  due: 'orange',
  almost_due: 'yellow',
  not_yet: 'gray',
  done: 'clinic',
  not_applicable: 'gray',
};

/** A schedule item's status in words (the colour only repeats them). */
export function PreventiveStatusBadge({ status }: { status: PreventiveStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} radius="sm" tt="none" data-status={status}>
      {PREVENTIVE_STATUS_LABELS[status]}
    </Badge>
  );
}
