import { Badge } from '@mantine/core';
import type { JournalCategory, JournalStatus } from '@vetboard/contract';

export const JOURNAL_CATEGORY_LABELS: Record<JournalCategory, string> = {
  vomiting: 'Vomiting',
  diarrhoea: 'Diarrhoea',
  coughing: 'Coughing',
  itching: 'Itching',
  lethargy: 'Lethargy',
  appetite: 'Appetite',
  breathing: 'Breathing',
  other: 'Other',
};

export const JOURNAL_STATUS_LABELS: Record<JournalStatus, string> = {
  new: 'New',
  seen: 'Seen',
  resolved: 'Resolved',
};

const STATUS_COLORS: Record<JournalStatus, string> = { new: 'blue', seen: 'gray', resolved: 'clinic' };

export function JournalStatusBadge({ status }: { status: JournalStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" radius="sm" data-status={status}>
      {JOURNAL_STATUS_LABELS[status]}
    </Badge>
  );
}
