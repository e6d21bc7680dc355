import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api/api-errors.ts';
import { publishBody, publishErrors, publishRefusalOf } from './diet-publish.ts';

const calcium = {
  code: 'calcium_low',
  message: 'Calcium is below the FEDIAF adult minimum (72 mg per 1000 kcal, minimum 1250)',
};
const energy = { code: 'energy_off_target', message: 'Energy is 66% of the daily target (417 of 632 kcal)' };

describe('publishing a diet with warnings', () => {
  it('reads the warnings the server found from its 409, and whether the reason was missing', () => {
    const error = new HttpError(
      409,
      'Acknowledge the warnings with a reason to publish',
      'diets.unacknowledged_warnings',
      [
        { path: 'acknowledgedWarnings.calcium_low', message: calcium.message },
        { path: 'acknowledgedWarnings.energy_off_target', message: energy.message },
        { path: 'acknowledgementReason', message: 'Say why you publish despite the warnings' },
      ],
    );
    expect(publishRefusalOf(error)).toEqual({ warnings: [calcium, energy], reasonMissing: true });
  });

  it('leaves any other failure to the toast', () => {
    expect(
      publishRefusalOf(new HttpError(409, 'This diet is already published', 'diets.already_published')),
    ).toBeNull();
    expect(publishRefusalOf(new HttpError(404, 'Diet not found', 'diets.not_found'))).toBeNull();
    expect(publishRefusalOf(new Error('offline'))).toBeNull();
  });

  it('asks for the box and a reason that is not blank before sending, only when there are warnings', () => {
    expect(publishErrors([calcium], false, '  ')).toEqual({
      acknowledged: 'Acknowledge the warnings to publish',
      reason: 'A reason is required',
    });
    expect(publishErrors([calcium], true, '')).toEqual({ reason: 'A reason is required' });
    expect(publishErrors([calcium], true, 'Mineral mix added at home')).toBeNull();
    expect(publishErrors([], false, '')).toBeNull();
  });

  it('sends every warning shown with the trimmed reason, and an empty body for a diet without warnings', () => {
    expect(publishBody([calcium, energy], '  Mineral mix added at home \n')).toEqual({
      acknowledgedWarnings: ['calcium_low', 'energy_off_target'],
      acknowledgementReason: 'Mineral mix added at home',
    });
    expect(publishBody([], 'ignored')).toEqual({});
  });
});
