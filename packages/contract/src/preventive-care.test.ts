import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './common.ts';
import {
  addMonths,
  type PreventiveProtocolItem,
  preventiveDoseCreateSchema,
  type ScheduleDose,
  type ScheduleInput,
  scheduleOf,
} from './preventive-care.ts';

const d = (iso: string): CalendarDate => {
  const [year, month, day] = iso.split('-').map(Number);
  return { year: year as number, month: month as number, day: day as number };
};

const item = (overrides: Partial<PreventiveProtocolItem> & { code: string }): PreventiveProtocolItem => ({
  species: 'dog',
  kind: 'vaccine',
  category: 'core',
  name: overrides.code,
  description: '',
  courseAgesWeeks: [8, 12, 16],
  adultDoses: 1,
  minDaysBetweenDoses: 14,
  firstBoosterMonths: 12,
  boosterMonths: 36,
  graceDays: 14,
  guideline: 'test',
  ...overrides,
});

const dhpp = item({ code: 'dog.dhpp' });
const lepto = item({
  code: 'dog.lepto',
  category: 'non_core',
  courseAgesWeeks: [12, 16],
  adultDoses: 2,
  minDaysBetweenDoses: 21,
  firstBoosterMonths: null,
  boosterMonths: 12,
});
const flea = item({
  code: 'dog.flea',
  kind: 'parasite',
  courseAgesWeeks: [8],
  firstBoosterMonths: null,
  boosterMonths: 1,
  graceDays: 7,
});
const felv = item({
  code: 'cat.felv',
  species: 'cat',
  courseAgesWeeks: [8, 12],
  adultDoses: 2,
  firstBoosterMonths: 12,
  boosterMonths: 24,
});
const catRabies = item({ code: 'cat.rabies', species: 'cat', courseAgesWeeks: [12] });

const doses = (itemCode: string, ...days: string[]): ScheduleDose[] =>
  days.map((day) => ({ itemCode, givenOn: d(day) }));

function one(code: string, input: Partial<ScheduleInput> & { today: CalendarDate }) {
  const items = scheduleOf({
    species: 'dog',
    birthDate: d('2026-01-01'),
    protocol: [dhpp, lepto, flea, felv, catRabies],
    doses: [],
    notApplicable: [],
    ...input,
  });
  const found = items.find((entry) => entry.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found;
}

describe("a puppy's first course, by age in weeks", () => {
  // Born 1 Jan 2026: 8 weeks is 26 Feb, 12 weeks 26 Mar, 16 weeks 23 Apr (2026 is not a leap year).
  it('is not yet due as a young puppy, then almost due, due and overdue past the grace days', () => {
    expect(one('dog.dhpp', { today: d('2026-01-10') })).toMatchObject({
      status: 'not_yet',
      dueOn: d('2026-02-26'),
      dosesGiven: 0,
      courseDoses: 3,
    });
    // The window is a quarter of the 56 days since birth: 14 days.
    expect(one('dog.dhpp', { today: d('2026-02-11') }).status).toBe('not_yet');
    expect(one('dog.dhpp', { today: d('2026-02-12') }).status).toBe('almost_due');
    expect(one('dog.dhpp', { today: d('2026-02-26') }).status).toBe('due');
    expect(one('dog.dhpp', { today: d('2026-03-12') }).status).toBe('due');
    expect(one('dog.dhpp', { today: d('2026-03-13') }).status).toBe('overdue');
  });

  it('asks for the next course dose at its age, then the first booster a year after the last', () => {
    const afterFirst = one('dog.dhpp', { today: d('2026-03-01'), doses: doses('dog.dhpp', '2026-02-26') });
    expect(afterFirst).toMatchObject({
      status: 'done',
      dueOn: d('2026-03-26'),
      lastGivenOn: d('2026-02-26'),
    });
    const course = doses('dog.dhpp', '2026-02-26', '2026-03-26', '2026-04-23');
    expect(one('dog.dhpp', { today: d('2026-05-01'), doses: course })).toMatchObject({
      status: 'done',
      dueOn: d('2027-04-23'),
      dosesGiven: 3,
    });
  });

  it('keeps the course by age after a dose given early, but never sooner than the gap after it', () => {
    // The second dose at 10 weeks (12 Mar) instead of 12: the third stays at 16 weeks.
    const early = doses('dog.dhpp', '2026-02-26', '2026-03-12');
    expect(one('dog.dhpp', { today: d('2026-03-13'), doses: early }).dueOn).toEqual(d('2026-04-23'));
    // The second dose late, at 15 weeks (16 Apr): the third waits 14 days, to 30 Apr.
    const late = doses('dog.dhpp', '2026-02-26', '2026-04-16');
    expect(one('dog.dhpp', { today: d('2026-04-17'), doses: late }).dueOn).toEqual(d('2026-04-30'));
  });
});

describe('boosters after the first course', () => {
  const course = ['2026-02-26', '2026-03-26', '2026-04-23'];

  it('counts the next booster from a booster given early, not from when it was due', () => {
    // The first booster was due 23 Apr 2027 and given on 1 Mar 2027: the next is 36 months after that.
    const given = doses('dog.dhpp', ...course, '2027-03-01');
    expect(one('dog.dhpp', { today: d('2027-03-02'), doses: given })).toMatchObject({
      status: 'done',
      dueOn: d('2030-03-01'),
    });
  });

  it('reads a yearly booster as almost due 30 days before it, and overdue after the grace days', () => {
    const given = doses('dog.lepto', '2026-03-26', '2026-04-23');
    // Due 23 Apr 2027: 30 days before is 24 Mar; past 14 grace days, 8 May.
    expect(one('dog.lepto', { today: d('2027-03-23'), doses: given }).status).toBe('done');
    expect(one('dog.lepto', { today: d('2027-03-24'), doses: given }).status).toBe('almost_due');
    expect(one('dog.lepto', { today: d('2027-05-07'), doses: given }).status).toBe('due');
    expect(one('dog.lepto', { today: d('2027-05-08'), doses: given }).status).toBe('overdue');
    // A narrower window when the page asks for one.
    expect(one('dog.lepto', { today: d('2027-03-25'), doses: given, almostDueDays: 7 }).status).toBe('done');
  });

  it('gives a monthly treatment a window of a quarter of its month, not the whole month', () => {
    const given = doses('dog.flea', '2026-03-10');
    expect(one('dog.flea', { today: d('2026-03-11'), doses: given })).toMatchObject({
      status: 'done',
      dueOn: d('2026-04-10'),
    });
    // 31 days since the dose: a window of 7.
    expect(one('dog.flea', { today: d('2026-04-02'), doses: given }).status).toBe('done');
    expect(one('dog.flea', { today: d('2026-04-03'), doses: given }).status).toBe('almost_due');
  });
});

describe('an adult that starts late, or whose birth date is unknown', () => {
  it('has been overdue since its young course would have ended, and needs the adult doses only', () => {
    // Born 10 May 2020: the puppy course would have ended at 16 weeks, 30 Aug 2020.
    const adult = { birthDate: d('2020-05-10'), today: d('2026-01-10') };
    expect(one('dog.dhpp', adult)).toMatchObject({
      status: 'overdue',
      dueOn: d('2020-08-30'),
      courseDoses: 1,
    });
    expect(one('dog.dhpp', { ...adult, doses: doses('dog.dhpp', '2026-01-10') })).toMatchObject({
      status: 'done',
      dueOn: d('2027-01-10'),
      courseDoses: 1,
    });
    // Leptospirosis needs two doses as an adult, 21 days apart.
    expect(one('dog.lepto', { ...adult, doses: doses('dog.lepto', '2026-01-10') })).toMatchObject({
      dueOn: d('2026-01-31'),
      courseDoses: 2,
    });
  });

  it('is due with no date without a birth date or a dose, and counts from the doses given', () => {
    expect(one('dog.dhpp', { birthDate: null, today: d('2026-01-10') })).toMatchObject({
      status: 'due',
      dueOn: null,
    });
    expect(
      one('dog.lepto', { birthDate: null, today: d('2026-01-12'), doses: doses('dog.lepto', '2026-01-10') }),
    ).toMatchObject({ status: 'done', dueOn: d('2026-01-31') });
  });
});

describe('a kitten born on 29 February', () => {
  const kitten = { species: 'cat' as const, birthDate: d('2024-02-29') };

  it('counts its course in days from the leap day', () => {
    // 29 Feb 2024 + 56 days = 25 Apr 2024; + 84 days = 23 May 2024.
    expect(one('cat.felv', { ...kitten, today: d('2024-03-01') }).dueOn).toEqual(d('2024-04-25'));
    expect(one('cat.rabies', { ...kitten, today: d('2024-03-01') }).dueOn).toEqual(d('2024-05-23'));
  });

  it('puts a booster a year after a dose on 29 February on 28 February', () => {
    expect(addMonths(d('2024-02-29'), 12)).toEqual(d('2025-02-28'));
    expect(addMonths(d('2024-02-29'), 48)).toEqual(d('2028-02-29'));
    expect(addMonths(d('2024-01-31'), 1)).toEqual(d('2024-02-29'));
    expect(addMonths(d('2023-01-31'), 1)).toEqual(d('2023-02-28'));
    expect(addMonths(d('2023-11-30'), 3)).toEqual(d('2024-02-29'));
    const given = doses('cat.rabies', '2024-02-29');
    expect(one('cat.rabies', { ...kitten, today: d('2024-03-01'), doses: given }).dueOn).toEqual(
      d('2025-02-28'),
    );
  });
});

describe('the schedule as a whole', () => {
  it("lists only the pet's species, most urgent first, the not applicable last", () => {
    const items = scheduleOf({
      species: 'dog',
      birthDate: d('2026-01-01'),
      protocol: [dhpp, lepto, flea, felv, catRabies],
      doses: doses('dog.flea', '2026-03-10'),
      notApplicable: ['dog.lepto'],
      today: d('2026-03-20'),
    });
    expect(items.map((entry) => [entry.code, entry.status])).toEqual([
      ['dog.dhpp', 'overdue'],
      ['dog.flea', 'done'],
      ['dog.lepto', 'not_applicable'],
    ]);
    expect(items[2]?.dueOn).toBeNull();
  });
});

describe('a dose as a vet records it', () => {
  it('needs a product and an item, and defaults the rest', () => {
    const parsed = preventiveDoseCreateSchema.safeParse({
      itemCode: '',
      product: ' ',
      givenOn: d('2026-01-01'),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['itemCode', 'Choose what was given'],
      ['product', 'The product is required'],
    ]);
    expect(
      preventiveDoseCreateSchema.parse({
        itemCode: 'dog.dhpp',
        product: 'Nobivac DHPPi',
        givenOn: d('2026-01-01'),
      }),
    ).toEqual({
      itemCode: 'dog.dhpp',
      product: 'Nobivac DHPPi',
      batch: '',
      givenOn: d('2026-01-01'),
      givenAt: '',
      givenBy: '',
    });
  });
});
