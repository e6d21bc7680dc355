import { countOf, type FormSendResponse, pluralForm } from '@vetboard/contract';

export const PETS = { one: 'pet', other: 'pets' };

/** What the toast says once the API answered: how many were sent, and who was left out and why. */
export function sentSummary(response: FormSendResponse): string {
  const sent = `Sent to ${countOf(response.checkupUuids.length, PETS)}.`;
  const skipped = response.skipped.length;
  if (skipped === 0) return sent;
  return (
    `${sent} ${countOf(skipped, PETS)} skipped: ` +
    `${pluralForm(skipped, { one: 'its owner has', other: 'their owners have' })} not answered this pool’s last checkup yet.`
  );
}
