import { VETS_FORBIDDEN_MESSAGE } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import { OWN_ACCESS_REASON, vetRights } from './vet-rights.ts';

const head = { uuid: '0190a6e4-7c1e-7b3a-9f00-000000000001', kind: 'head' } as const;
const regular = { uuid: '0190a6e4-7c1e-7b3a-9f00-000000000002', kind: 'regular' } as const;
const other = '0190a6e4-7c1e-7b3a-9f00-000000000003';

describe('what the dashboard offers a vet (the contract rules the API applies)', () => {
  it('lets a head vet create vets and change everything of another vet', () => {
    expect(vetRights(head, other)).toEqual({ manage: null, editProfile: null, changeAccess: null });
  });

  it('lets a head vet edit their own profile but not their own kind, company or access', () => {
    expect(vetRights(head, head.uuid)).toEqual({
      manage: null,
      editProfile: null,
      changeAccess: OWN_ACCESS_REASON,
    });
  });

  it('gives any other vet their own names and avatar only, with the reason for the rest', () => {
    for (const kind of ['regular', 'b2b', 'partner', 'undefined'] as const) {
      const me = { ...regular, kind };
      expect(vetRights(me, me.uuid)).toEqual({
        manage: VETS_FORBIDDEN_MESSAGE,
        editProfile: null,
        changeAccess: OWN_ACCESS_REASON,
      });
      expect(vetRights(me, other)).toEqual({
        manage: VETS_FORBIDDEN_MESSAGE,
        editProfile: VETS_FORBIDDEN_MESSAGE,
        changeAccess: VETS_FORBIDDEN_MESSAGE,
      });
    }
  });

  it('offers nothing without a logged-in vet', () => {
    expect(vetRights(null, other).manage).toBe(VETS_FORBIDDEN_MESSAGE);
  });
});
