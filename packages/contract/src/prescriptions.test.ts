import { describe, expect, it } from 'vitest';
import { amountPerDose, mgPerDose, prescriptionCreateSchema } from './prescriptions.ts';

const tablet = (mgPerUnit: number, splits: 1 | 2 | 4 = 4) => ({ mgPerUnit, unit: 'tablet' as const, splits });

describe('the amount per dose an owner gives', () => {
  it('computes the milligrams from the dose per kg and the weight', () => {
    expect(mgPerDose(0.25, 30)).toBe(7.5);
    expect(mgPerDose(0.25, 4.33)).toBe(1.08);
  });

  it('says 1½ tablets of 5 mg for 7.5 mg', () => {
    expect(amountPerDose(7.5, tablet(5))).toEqual({ units: 1.5, mgGiven: 7.5, text: '1½ tablets of 5 mg' });
  });

  it('rounds to the nearest quarter of a quartered tablet, and halves of a halved one', () => {
    // 6.1 mg of a 5 mg tablet is 1.22 tablets: a quarter-scored one gives 1¼ (6.25 mg), a half-scored 1.
    expect(amountPerDose(6.1, tablet(5, 4))?.text).toBe('1¼ tablets of 5 mg');
    expect(amountPerDose(6.1, tablet(5, 2))?.text).toBe('1 tablet of 5 mg');
    expect(amountPerDose(8.9, tablet(5, 4))).toEqual({
      units: 1.75,
      mgGiven: 8.75,
      text: '1¾ tablets of 5 mg',
    });
    expect(amountPerDose(1.2, tablet(5, 4))?.text).toBe('¼ tablet of 5 mg');
    expect(amountPerDose(2.6, tablet(5, 2))?.text).toBe('½ tablet of 5 mg');
    expect(amountPerDose(20, tablet(10, 2))?.text).toBe('2 tablets of 10 mg');
  });

  it('gives the smallest part when the dose is under it but not under half of it', () => {
    expect(amountPerDose(0.7, tablet(5, 4))?.text).toBe('¼ tablet of 5 mg');
  });

  it('refuses a strength whose smallest part is over twice the dose', () => {
    expect(amountPerDose(0.5, tablet(5, 4))).toBeNull();
    expect(amountPerDose(3, tablet(10, 1))).toBeNull();
  });

  it('gives liquids in 0.1 ml steps and capsules whole', () => {
    expect(amountPerDose(1.2, { mgPerUnit: 1.5, unit: 'ml', splits: 1 })).toEqual({
      units: 0.8,
      mgGiven: 1.2,
      text: '0.8 ml of 1.5 mg/ml',
    });
    expect(amountPerDose(240, { mgPerUnit: 100, unit: 'capsule', splits: 1 })?.text).toBe(
      '2 capsules of 100 mg',
    );
  });
});

describe('a prescription request', () => {
  const base = {
    drugCode: 'pimobendan',
    strengthId: 'pimobendan-tab-5',
    doseMgPerKg: 0.25,
    frequency: 'twice_daily',
    route: 'oral',
    startOn: { year: 2026, month: 12, day: 2 },
  };

  it('needs a reason for confirmed warnings', () => {
    const refused = prescriptionCreateSchema.safeParse({ ...base, confirmedWarnings: ['weight_stale'] });
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['confirmationReason']);
    expect(
      prescriptionCreateSchema.safeParse({
        ...base,
        confirmedWarnings: ['weight_stale'],
        confirmationReason: 'Weighed at home yesterday',
      }).success,
    ).toBe(true);
  });

  it('refuses an end before the start, and an end with a duration', () => {
    const before = prescriptionCreateSchema.safeParse({ ...base, endOn: { year: 2026, month: 12, day: 1 } });
    expect(before.error?.issues[0]?.path).toEqual(['endOn']);
    const both = prescriptionCreateSchema.safeParse({
      ...base,
      endOn: { year: 2026, month: 12, day: 9 },
      durationDays: 7,
    });
    expect(both.error?.issues[0]?.path).toEqual(['durationDays']);
  });
});
