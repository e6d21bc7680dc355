import { Badge, Text } from '@mantine/core';
import type { EmailDeliveryStatus } from '@vetboard/contract';

const DELIVERY: Record<EmailDeliveryStatus, { label: string; color: string }> = {
  queued: { label: 'Sending', color: 'blue' },
  sent: { label: 'Delivered', color: 'teal' },
  logged: { label: 'Logged (no mail server)', color: 'gray' },
  failed: { label: 'Failed', color: 'red' },
};

export function DeliveryBadge({ status }: { status: EmailDeliveryStatus }) {
  const { label, color } = DELIVERY[status];
  return (
    <Badge color={color} variant="light" data-testid="delivery-status">
      {label}
    </Badge>
  );
}

export const NONE = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** `2026-11-25` as the vet view shows days (SPEC §9: DD/MM/YYYY). */
export function formatIsoDay(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export function calendarToIso(date: { year: number; month: number; day: number }): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

export function isoToCalendar(iso: string) {
  const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
  return { year, month, day };
}
