import { AppError } from '../../../lib/app-error.ts';

export const b2bErrors = {
  petNotFound: () =>
    new AppError(404, 'b2b.pet_not_found', 'Pet not found', [{ path: 'petUuid', message: 'No such pet' }]),
  notACompanyPet: () =>
    new AppError(422, 'b2b.not_a_company_pet', 'This pet is not a B2B company’s pet', [
      { path: 'petUuid', message: 'The pet belongs to no B2B company' },
    ]),
  statusNotFound: () => new AppError(404, 'b2b.daily_status_not_found', 'Daily status not found'),
  /** The existing status is named, so the client can open it for editing instead. */
  statusExists: (existingUuid: string, date: string) =>
    new AppError(
      409,
      'b2b.daily_status_exists',
      `This pet already has a status for ${date} (${existingUuid}): edit it instead`,
      [{ path: 'date', message: existingUuid }],
    ),
  noRecipients: (kind: 'daily status' | 'urgent report') =>
    new AppError(409, 'b2b.no_recipients', `The company has no ${kind} contact address`),
  /** The first send is named, so the vet decides knowing it; `resend: true` sends again. */
  alreadySent: (when: string, by: string | null) =>
    new AppError(
      409,
      'b2b.daily_email_already_sent',
      `This day’s statuses were already e-mailed at ${when}${by ? ` by ${by}` : ''}: send again?`,
      [{ path: 'resend', message: 'Set it to send the e-mail again' }],
    ),
  nothingToSend: () =>
    new AppError(409, 'b2b.nothing_to_send', 'No status is written for that day: there is nothing to send'),
};
