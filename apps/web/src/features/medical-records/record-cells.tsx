import { Badge, Group, Text } from '@mantine/core';
import type { LabelRef, MedicalRecord, MedicalRecordStatus } from '@vetboard/contract';

export const RECORD_STATUS_LABELS: Record<MedicalRecordStatus, string> = {
  pending: 'Awaiting review',
  reviewed: 'Reviewed',
};

const STATUS_COLORS: Record<MedicalRecordStatus, string> = { pending: 'orange', reviewed: 'clinic' };

export function RecordStatusBadge({ status }: { status: MedicalRecordStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" radius="sm" data-status={status}>
      {RECORD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A label in its own colour (light, so its text keeps the theme's contrast). */
export function LabelBadge({ label }: { label: Pick<LabelRef, 'name' | 'color'> }) {
  return (
    <Badge color={label.color} variant="light" tt="none" radius="sm" data-label={label.name}>
      {label.name}
    </Badge>
  );
}

export function RecordLabels({ labels }: { labels: readonly LabelRef[] }) {
  if (labels.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No labels
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" data-testid="record-labels">
      {labels.map((label) => (
        <LabelBadge key={label.uuid} label={label} />
      ))}
    </Group>
  );
}

/** "Dr Helena Marsh" for a vet's upload, "The owner (app)" for the owner's. */
export function uploaderName(record: Pick<MedicalRecord, 'uploadedBy'>): string {
  if (record.uploadedBy.kind === 'owner') return 'The owner (app)';
  return record.uploadedBy.vet?.name ?? 'A vet';
}

export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
