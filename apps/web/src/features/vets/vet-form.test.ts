import { AVATAR_MAX_BYTES } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';
import {
  avatarFileProblem,
  profileValuesOf,
  toVetCreate,
  toVetPatch,
  type VetCreateValues,
  vetCreateFormSchema,
  vetProfileFormSchema,
} from './vet-form.ts';

const good: VetCreateValues = {
  email: ' new.vet@example.com ',
  firstName: ' Nora ',
  lastName: 'Quinn',
  kind: 'regular',
  companySku: '',
};

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('vet create form validation', () => {
  it('accepts a complete product vet without a company', () => {
    expect(vetCreateFormSchema.safeParse(good).success).toBe(true);
  });

  it('names every missing or malformed field', () => {
    const result = vetCreateFormSchema.safeParse({
      email: 'nope',
      firstName: ' ',
      lastName: '',
      kind: '',
      companySku: '',
    });
    expect(errorsOf(result)).toEqual({
      email: 'Enter a valid e-mail address',
      firstName: 'Required',
      lastName: 'Required',
      kind: 'Choose the kind of vet',
    });
  });

  it('asks B2B vets and partners for their company, as the API does', () => {
    for (const kind of ['b2b', 'partner'] as const) {
      expect(errorsOf(vetCreateFormSchema.safeParse({ ...good, kind }))).toEqual({
        companySku: 'Choose the company of this vet',
      });
      expect(vetCreateFormSchema.safeParse({ ...good, kind, companySku: 'PAWSURE' }).success).toBe(true);
    }
  });

  it('limits names to 80 characters', () => {
    expect(errorsOf(vetCreateFormSchema.safeParse({ ...good, lastName: 'x'.repeat(81) }))).toEqual({
      lastName: 'At most 80 characters',
    });
  });

  it('sends trimmed values, and a company only for the kinds that have one', () => {
    expect(toVetCreate(good)).toEqual({
      email: 'new.vet@example.com',
      firstName: 'Nora',
      lastName: 'Quinn',
      kind: 'regular',
    });
    expect(toVetCreate({ ...good, kind: 'regular', companySku: 'PAWSURE' })).not.toHaveProperty('companySku');
    expect(toVetCreate({ ...good, kind: 'b2b', companySku: ' pawsure ' }).companySku).toBe('PAWSURE');
  });
});

describe('vet profile patch', () => {
  const initial = profileValuesOf({
    firstName: 'Helena',
    lastName: 'Marsh',
    kind: 'b2b',
    companySku: 'PAWSURE',
  });

  it('has nothing to send when nothing changed', () => {
    expect(toVetPatch(initial, { ...initial, firstName: ' Helena ' })).toBeNull();
  });

  it('sends only the changed fields', () => {
    expect(toVetPatch(initial, { ...initial, firstName: 'Helen' })).toEqual({ firstName: 'Helen' });
    expect(toVetPatch(initial, { ...initial, companySku: 'happytails' })).toEqual({
      companySku: 'HAPPYTAILS',
    });
  });

  it('drops the company of a vet moved to a kind without one', () => {
    expect(toVetPatch(initial, { ...initial, kind: 'regular' })).toEqual({
      kind: 'regular',
      companySku: null,
    });
  });

  it('validates like the create form, without the e-mail', () => {
    expect(vetProfileFormSchema.safeParse(initial).success).toBe(true);
    expect(errorsOf(vetProfileFormSchema.safeParse({ ...initial, companySku: '' }))).toEqual({
      companySku: 'Choose the company of this vet',
    });
  });
});

describe('avatarFileProblem', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(avatarFileProblem({ type, size: AVATAR_MAX_BYTES })).toBeNull();
    }
  });

  it('rejects other types and larger files with a reason', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('Choose a PNG, JPEG or WebP image.');
    expect(avatarFileProblem({ type: 'text/plain', size: 10 })).toBe('Choose a PNG, JPEG or WebP image.');
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(
      'This picture is larger than 2 MB. Choose a smaller one.',
    );
  });
});
