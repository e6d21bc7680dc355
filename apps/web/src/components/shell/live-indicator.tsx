import { Badge, Tooltip } from '@mantine/core';
import { useLiveStatus } from '../../lib/live/live-status.ts';

/** Says so when changes made by others stop arriving; nothing is shown while they do. */
export function LiveIndicator() {
  const status = useLiveStatus();
  if (status !== 'down') return null;
  return (
    <Tooltip label="Changes made by others will show after a reload or once the connection is back">
      <Badge color="orange" variant="light" role="status" aria-live="polite">
        Live updates paused
      </Badge>
    </Tooltip>
  );
}
