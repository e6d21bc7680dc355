import type { HealthProfile, PetProfile } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import {
  type PetFormValues,
  parseTypedDate,
  toFormValues,
  toFullPatch,
  toPetPatch,
  validatePetForm,
} from './pet-edit-form.ts';

const pet: PetProfile = {
  uuid: '0190a6e4-7c1e-7b3a-9f00-00000000a001',
  name: 'Luna',
  species: 'dog',
  breedId: '0190a6e4-7c1e-7b3a-9f00-00000000b001',
  breedName: 'Cavalier King Charles Spaniel',
  sex: 'female',
  birthDate: { year: 2019, month: 4, day: 12 },
  neutered: true,
  imageUrl: null,
  familyUuid: '0190a6e4-7c1e-7b3a-9f00-00000000f001',
  microchip: '985112004567890',
  createdAt: { seconds: 1_700_000_000 },
  updatedAt: { seconds: 1_700_000_000 },
};

const health: HealthProfile = {
  petUuid: pet.uuid,
  conditions: ['Mitral valve disease'],
  allergies: ['Chicken'],
  medications: [{ name: 'Pimobendan', dose: '2.5 mg', frequency: 'Twice a day' }],
  activityLevel: 'moderate',
  bodyConditionScore: 5,
  weightKg: 8.4,
  targetWeightKg: 8,
  updatedAt: { seconds: 1_700_000_000 },
  updatedBy: null,
};

function edit(change: (values: PetFormValues) => void): { values: PetFormValues; initial: PetFormValues } {
  const initial = toFormValues(pet, health);
  const values = structuredClone(initial);
  change(values);
  return { values, initial };
}

describe('the pet form', () => {
  it('starts from the pet as the inputs hold it', () => {
    const values = toFormValues(pet, health);
    expect(values.birthDate).toBe('2019-04-12');
    expect(values.neutered).toBe('yes');
    expect(toFormValues({ ...pet, neutered: null, microchip: null }, undefined)).toMatchObject({
      neutered: 'unknown',
      microchip: '',
      healthProfile: { allergies: [], bodyConditionScore: '', weightKg: '' },
    });
  });

  it('sends nothing for an untouched form', () => {
    const { values, initial } = edit(() => {});
    expect(toPetPatch(values, initial)).toEqual({});
  });

  it('sends only the changed fields, dates as {year, month, day}', () => {
    const { values, initial } = edit((v) => {
      v.name = '  Luna Belle ';
      v.birthDate = '2019-05-02';
      v.neutered = 'unknown';
      v.microchip = '985 112 004 567 891';
    });
    expect(toPetPatch(values, initial)).toEqual({
      name: 'Luna Belle',
      birthDate: { year: 2019, month: 5, day: 2 },
      neutered: null,
      microchip: '985112004567891',
    });
  });

  it('clears a date, a microchip and numbers as null', () => {
    const { values, initial } = edit((v) => {
      v.birthDate = null;
      v.microchip = '';
      v.healthProfile.weightKg = '';
      v.healthProfile.bodyConditionScore = 6;
    });
    expect(toPetPatch(values, initial)).toEqual({
      birthDate: null,
      microchip: null,
      healthProfile: { weightKg: null, bodyConditionScore: 6 },
    });
  });

  it('sends the breed with a species change, even when the breed was already empty', () => {
    const { values, initial } = edit((v) => {
      v.species = 'cat';
      v.breedId = null;
    });
    expect(toPetPatch(values, initial)).toEqual({ species: 'cat', breedId: null });

    const noBreed = toFormValues({ ...pet, breedId: null }, health);
    expect(toPetPatch({ ...noBreed, species: 'cat' }, noBreed)).toEqual({ species: 'cat', breedId: null });
  });

  it('sends the whole list when one tag or medication changes', () => {
    const { values, initial } = edit((v) => {
      v.healthProfile.allergies = ['Chicken', ' Beef '];
      v.healthProfile.medications.push({ name: 'Furosemide', dose: '10 mg', frequency: 'Daily' });
    });
    expect(toPetPatch(values, initial)).toEqual({
      healthProfile: {
        allergies: ['Chicken', 'Beef'],
        medications: [
          { name: 'Pimobendan', dose: '2.5 mg', frequency: 'Twice a day' },
          { name: 'Furosemide', dose: '10 mg', frequency: 'Daily' },
        ],
      },
    });
  });

  it('validates with the contract, under the same paths as the API', () => {
    const { values } = edit((v) => {
      v.name = ' ';
      v.microchip = '12ab';
      v.healthProfile.weightKg = -1;
      v.healthProfile.bodyConditionScore = 10;
      v.healthProfile.medications.push({ name: '', dose: '', frequency: '' });
    });
    expect(Object.keys(validatePetForm(values)).sort()).toEqual([
      'healthProfile.bodyConditionScore',
      'healthProfile.medications.1.name',
      'healthProfile.weightKg',
      'microchip',
      'name',
    ]);
    expect(validatePetForm(toFormValues(pet, health))).toEqual({});
    expect(toFullPatch(values).healthProfile.weightKg).toBe(-1);
  });
});

describe('parseTypedDate', () => {
  it('reads day-first dates as the form shows them, and ISO dates', () => {
    expect(parseTypedDate('12/04/2019')).toBe('2019-04-12');
    expect(parseTypedDate('2.5.2019')).toBe('2019-05-02');
    expect(parseTypedDate('2019-04-12')).toBe('2019-04-12');
  });

  it('refuses what is not a real date', () => {
    expect(parseTypedDate('31/02/2019')).toBeNull();
    expect(parseTypedDate('April 12')).toBeNull();
  });
});
