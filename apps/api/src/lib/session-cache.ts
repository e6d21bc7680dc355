/**
 * Every /v1 request looks its access token up; a hit is kept this long (real time) so that a burst of
 * requests (a chart page's five reads) costs one lookup. Logout, token rotation, password resets and
 * vet changes (kind, company, disabled) made through this process call `forgetCachedSessions`, so
 * they take effect at once; those made by another server process on the same PostgreSQL take effect
 * within this delay. It lives outside the auth module because vets, which auth reads, must reach it.
 */
export const SESSION_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

const entries = new Map<string, { session: unknown; accessExpiresAt: Date; cachedUntil: number }>();

/** The session cached for this access-token hash, if still fresh and its token not expired at `now`. */
export function cachedSession<T>(tokenHash: string, now: Date): T | undefined {
  const entry = entries.get(tokenHash);
  if (!entry) return undefined;
  if (entry.cachedUntil > performance.now() && entry.accessExpiresAt > now) return entry.session as T;
  entries.delete(tokenHash);
  return undefined;
}

export function cacheSession(tokenHash: string, session: unknown, accessExpiresAt: Date): void {
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(tokenHash, { session, accessExpiresAt, cachedUntil: performance.now() + SESSION_CACHE_MS });
}

const forgetListeners = new Set<() => void>();

/** After anything that may end a session or change its vet. */
export function forgetCachedSessions(): void {
  entries.clear();
  for (const listener of forgetListeners) listener();
}

/**
 * Told whenever this process may have ended a session or changed its vet, so what outlives a request
 * (the event streams) re-checks at once rather than at its next periodic check.
 */
export function onSessionsForgotten(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}
