/**
 * Demo data must be the same on every machine (tests and screenshots rely on it), so it draws from a seeded PRNG
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
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const bytes = (count: number): number[] => Array.from({ length: count }, () => Math.floor(next() * 256));
  const formatUuid = (raw: number[], version: number): string => {
    raw[6] = ((raw[6] ?? 0) & 0x0f) | (version << 4);
    raw[8] = ((raw[8] ?? 0) & 0x3f) | 0x80;
    const hex = raw.map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return {
    next,
    /** An integer in [min, max], both included. */
    int,
    /** A number in [min, max). */
    float: (min: number, max: number): number => min + next() * (max - min),
    chance: (probability: number): boolean => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    /** One value, drawn in proportion to its weight. */
    weighted: <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    /** `count` distinct items in random order (all of them when there are fewer). */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      const taken = Math.min(count, copy.length);
      for (let i = 0; i < taken; i += 1) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, taken);
    },
    digits: (count: number): string => Array.from({ length: count }, () => int(0, 9)).join(''),
    /** A well-formed UUID (version 4 layout) from the seeded stream. */
    uuid: (): string => formatUuid(bytes(16), 4),
    /**
     * A UUID v7 for a row created at `at`: time-ordered like the app's own ids (DOMAIN.md), with the
     * random part from the seeded stream so that it is the same on every run.
     */
    uuidV7: (at: Date): string => {
      const raw = bytes(16);
      let ms = at.getTime();
      for (let i = 5; i >= 0; i -= 1) {
        raw[i] = ms % 256;
        ms = Math.floor(ms / 256);
      }
      return formatUuid(raw, 7);
    },
  };
}

export type SeededRandom = ReturnType<typeof createSeededRandom>;

/**
 * A separate stream per part of the data set (vets, users, pets…), so that changing how one part is
 * drawn does not reshuffle every other part.
 */
export function deriveSeed(seed: number, label: string): number {
  let hash = seed >>> 0;
  for (let i = 0; i < label.length; i += 1) hash = Math.imul(hash ^ label.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}
