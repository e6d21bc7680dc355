import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginRedirect, pathAfterLogin } from './redirect-path.ts';

describe('pathAfterLogin', () => {
  it.each(['/betas?x=1', '/pets/0190a6e4-7c1e-7b3a-9f00-000000000001/diets', '/', '/users?user_type=2#top'])(
    'follows the same-site path %s',
    (path) => {
      expect(pathAfterLogin(path)).toBe(path);
    },
  );

  it.each([
    undefined,
    null,
    '',
    42,
    'betas',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/ok\r\nSet-Cookie: x',
  ])('goes home for %j', (path) => {
    expect(pathAfterLogin(path)).toBe(HOME_PATH);
  });
});

describe('loginRedirect', () => {
  it('keeps the full path with its query', () => {
    expect(loginRedirect('/betas?x=1')).toEqual({ to: '/login', search: { redirectPath: '/betas?x=1' } });
  });
});
