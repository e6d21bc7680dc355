import { publicConfig } from '../config/public-config.ts';
import { createHttpClient } from './http-client.ts';

let accessToken: string | null = null;
let sessionExpiredHandler: (() => void) | null = null;

/** SPEC §7: the session normally rides in httpOnly cookies; a bearer token is for callers that hold one. */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

/** Wired at start-up, because the handler needs the router and the query client, which are created after this module. */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export const api = createHttpClient({
  baseUrl: publicConfig.apiBaseUrl,
  getAccessToken: () => accessToken,
  onSessionExpired: () => sessionExpiredHandler?.(),
});
