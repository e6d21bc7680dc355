import { describe, expect, it } from 'vitest';
import { loginRequestSchema, passwordResetConfirmSchema } from './auth.ts';
import { fullName } from './common.ts';
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
