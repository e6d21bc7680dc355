import { describe, expect, it } from 'vitest';
import { prefetchMode, shouldPrefetch } from './prefetch-policy.ts';

describe('shouldPrefetch', () => {
  it('prefetches on a normal connection, or when the browser does not say', () => {
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: '4g', saveData: false } })).toBe(true);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: '3g' } })).toBe(true);
    expect(shouldPrefetch({})).toBe(true);
  });

  it('skips prefetch offline, on 2g and with data-saver', () => {
    expect(shouldPrefetch({ onLine: false })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: '4g', saveData: true } })).toBe(false);
  });

  it('maps to the router preload mode', () => {
    expect(prefetchMode({ onLine: true })).toBe('intent');
    expect(prefetchMode({ onLine: false })).toBe(false);
  });
});
