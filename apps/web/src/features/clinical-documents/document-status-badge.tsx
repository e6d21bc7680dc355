import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ClinicalDocumentStatus } from '@vetboard/contract';

export function DocumentStatusBadge({
  status,
  testId = 'document-status',
}: {
  status: ClinicalDocumentStatus;
  testId?: string;
}) {
  const signed = status === 'signed';
  return (
    <Badge
      color={signed ? 'clinic' : 'yellow'}
      variant={signed ? 'light' : 'outline'}
      tt="none"
      radius="sm"
      leftSection={signed ? <IconLock size={12} aria-hidden /> : undefined}
      data-testid={testId}
      data-status={status}
    >
      {signed ? 'Signed' : 'Draft'}
    </Badge>
  );
}
