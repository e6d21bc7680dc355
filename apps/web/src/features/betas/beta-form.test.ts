import { describe, expect, it } from 'vitest';
import { betaFormSchema, toBetaCreate } from './beta-form.ts';

const userUuid = '0190a6e4-7c1e-7b3a-9f00-000000000001';

describe('beta enrolment form', () => {
  it('asks for a user and a feature', () => {
    const result = betaFormSchema.safeParse({ userUuid: '', feature: '', notes: '' });
    expect(
      Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message])),
    ).toEqual({
      userUuid: 'Choose a user',
      feature: 'Choose a feature',
    });
  });

  it('limits the notes to 2,000 characters', () => {
    const result = betaFormSchema.safeParse({ userUuid, feature: 'heart_rate', notes: 'x'.repeat(2001) });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['At most 2,000 characters']);
  });

  it('sends blank notes as none, and trimmed notes as they are', () => {
    expect(toBetaCreate({ userUuid, feature: 'collar_v2', notes: '  ' })).toEqual({
      userUuid,
      feature: 'collar_v2',
      notes: null,
    });
    expect(toBetaCreate({ userUuid, feature: 'collar_v2', notes: ' Early adopter ' }).notes).toBe(
      'Early adopter',
    );
  });
});
