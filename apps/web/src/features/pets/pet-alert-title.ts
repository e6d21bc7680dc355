import type { PetAlert } from '@vetboard/contract';
import { formatDateTime } from '@/lib/format/dates.ts';

/** Who set the alert and when, for its tooltip. */
export const petAlertTitle = (alert: PetAlert) =>
  `${alert.label}: set by ${alert.createdBy?.name ?? 'a vet'} ${formatDateTime(alert.createdAt)}`;
