import { REFERENCE_DATA_FORBIDDEN_MESSAGE, REFERENCE_DATA_HEAD_ONLY_MESSAGE } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { referenceDataRights } from './reference-data-rights.ts';

describe('what the dashboard offers on labels and pools (the contract rule the API applies)', () => {
  it('offers a head vet every change', () => {
    expect(referenceDataRights({ kind: 'head' })).toEqual({
      create: null,
      edit: null,
      archive: null,
      merge: null,
      delete: null,
    });
  });

  it('offers a regular vet creating and editing, and says archive, merge and delete are a head vet’s', () => {
    expect(referenceDataRights({ kind: 'regular' })).toEqual({
      create: null,
      edit: null,
      archive: REFERENCE_DATA_HEAD_ONLY_MESSAGE,
      merge: REFERENCE_DATA_HEAD_ONLY_MESSAGE,
      delete: REFERENCE_DATA_HEAD_ONLY_MESSAGE,
    });
  });

  it('offers B2B vets, partners, vets without a kind and nobody any change', () => {
    for (const me of [{ kind: 'b2b' }, { kind: 'partner' }, { kind: 'undefined' }, null] as const) {
      expect(Object.values(referenceDataRights(me))).toEqual(Array(5).fill(REFERENCE_DATA_FORBIDDEN_MESSAGE));
    }
  });
});
