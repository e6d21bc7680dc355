/**
 * Demo data must be the same on every machine (issue #2 §5), so it draws from a seeded PRNG
 * (mulberry32) instead of Math.random or crypto.
 */
export function createSeededRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A well-formed UUID (version 4 layout) from the seeded stream. */
    uuid: (): string => {
      const bytes = Array.from({ length: 16 }, () => Math.floor(next() * 256));
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

export type SeededRandom = ReturnType<typeof createSeededRandom>;
