import { isSafeRedirectPath } from '@vetboard/contract';

/** SPEC §2: the default after-login path is the home path. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';

/** SPEC §4: the vet returns to the full path, query included, once logged in again. */
export function loginRedirect(href: string) {
  return { to: LOGIN_PATH, search: { redirectPath: href } } as const;
}

/** Only same-site paths are followed after login; anything else (`//evil.example`, `https://…`) goes home. */
export function pathAfterLogin(redirectPath: unknown): string {
  return isSafeRedirectPath(redirectPath) ? redirectPath : HOME_PATH;
}
