import { describe, expect, it } from 'vitest';
import { loginRequestSchema, passwordResetConfirmSchema } from './auth.ts';
import { CONTROL_CHARACTER_MESSAGE, fullName, isoDaySchema } from './common.ts';
import { petPatchSchema } from './pets.ts';
import { isSafeRedirectPath } from './session.ts';
import { vetKindLabels } from './vets.ts';

describe('where a vet may be sent after logging in', () => {
  it.each(['/', '/betas?x=1', '/pets/abc/weight-history#chart', '/users?user_type=2&page=3'])(
    'accepts %s',
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(true);
    },
  );

  it.each([
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'betas',
    '',
    '/ok\r\nSet-Cookie: x=1',
    undefined,
    42,
  ])('refuses %s', (path) => {
    expect(isSafeRedirectPath(path)).toBe(false);
  });
});

describe('vet kinds', () => {
  it('have the labels SPEC §3 and DOMAIN.md give', () => {
    expect(vetKindLabels).toEqual({
      regular: 'Vet',
      head: 'Head vet',
      b2b: 'B2B vet',
      partner: 'B2B partner',
      undefined: 'Undefined',
    });
    expect(fullName({ firstName: 'Helena', lastName: 'Marsh' })).toBe('Helena Marsh');
  });
});

describe('auth payloads', () => {
  it('reject unknown fields (no mass assignment) and short new passwords', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.c', password: 'x', isAdmin: true }).success).toBe(
      false,
    );
    const short = passwordResetConfirmSchema.safeParse({ token: 't', password: 'elevenchars' });
    expect(short.success).toBe(false);
    expect(passwordResetConfirmSchema.safeParse({ token: 't', password: 'twelve chars' }).success).toBe(true);
  });
});

describe('a day written YYYY-MM-DD', () => {
  it('accepts the calendar dates the date objects accept, and no other', () => {
    expect(isoDaySchema.safeParse('2026-11-26').success).toBe(true);
    expect(isoDaySchema.safeParse('2024-02-29').success).toBe(true);
    for (const day of [
      '0000-07-04',
      '1899-12-31',
      '2026-02-29',
      '2026-13-01',
      '2026-11-26T00:00',
      '26/11/2026',
    ])
      expect(isoDaySchema.safeParse(day).success, day).toBe(false);
  });
});

describe('a pet’s name (issue #47, point 12)', () => {
  const nameError = (name: string) => {
    const result = petPatchSchema.safeParse({ name });
    return result.success ? null : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('refuses line breaks, tabs and other control characters inside it, naming the field', () => {
    for (const name of ['Luna\nRex', 'Luna\r\nRex', 'Lu\tna', 'Luna\u0007', 'Lu\u007fna', 'Lu\u0085na']) {
      expect(nameError(name), JSON.stringify(name)).toEqual([['name', CONTROL_CHARACTER_MESSAGE]]);
    }
  });

  it('keeps ordinary names, accents, emoji and other scripts, and trims a pasted newline', () => {
    for (const name of ['Luna', 'Chloé', 'Mr. Biscuit 🐶', '小白', 'Ёжик'])
      expect(nameError(name)).toBeNull();
    expect(petPatchSchema.parse({ name: ' Luna\n' }).name).toBe('Luna');
  });
});
