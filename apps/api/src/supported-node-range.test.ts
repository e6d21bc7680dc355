import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Node versions package.json and the README say we support are ones our
 * dependencies declare they run on: `npm ci` warned that cookie, content-disposition and
 * @testing-library/jest-dom want Node 22 while we said Node 20.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** The lowest major and minor of a `>=X.Y` range (the only shape these packages and ours use). */
function lowest(range: string): [number, number] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range);
  if (!match) throw new Error(`not a >= range: ${range}`);
  return [Number(match[1]), Number(match[2] ?? 0)];
}

describe('the supported Node range', () => {
  const ours: string = read('package.json').engines.node;
  const [major, minor] = lowest(ours);

  it('starts no lower than what cookie, content-disposition and @testing-library/jest-dom declare', () => {
    const packages: Record<string, { version: string; engines?: { node?: string } }> =
      read('package-lock.json').packages;
    for (const name of ['cookie', 'content-disposition', '@testing-library/jest-dom']) {
      const meta = packages[`node_modules/${name}`];
      const theirs = meta?.engines?.node;
      if (!theirs) continue;
      const [theirMajor, theirMinor] = lowest(theirs);
      expect(major * 1000 + minor, `${name}@${meta.version} wants Node ${theirs}`).toBeGreaterThanOrEqual(
        theirMajor * 1000 + theirMinor,
      );
    }
  });

  it('is what the README says', () => {
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(
      `Node ${major}.${minor} or newer`,
    );
  });
});
