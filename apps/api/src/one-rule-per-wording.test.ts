import fs from 'node:fs';
import path from 'node:path';
import { oneLine, truncate } from '@vetboard/contract';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Where a product source line (tests aside) matches `pattern`, as `file:line`. */
function linesMatching(pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const [index, line] of fs.readFileSync(file, 'utf8').split('\n').entries())
          if (pattern.test(line)) found.push(`${path.relative(root, file)}:${index + 1}`);
      }
    }
  };
  for (const dir of ['apps/web/src', 'apps/api/src', 'packages/contract/src']) walk(path.join(root, dir));
  return found;
}

describe('texts cut short in the product', () => {
  it("end with SPEC §9's '...' through the contract's truncate, not a hand-made slice and '…'", () => {
    expect(linesMatching(/slice\(0,\s*\d+\)\}?\s*[…'"`]*…/)).toEqual([]);
    expect(truncate('Scratching at the left ear since Monday', 20)).toBe('Scratching at the...');
    expect(oneLine('Coughs at night,\n\nmostly after walks', 24)).toBe('Coughs at night, most...');
    expect(truncate('🐶🐶🐶🐶🐶🐶', 5)).toBe('🐶🐶...');
  });
});

describe('plural forms in the product', () => {
  it('are written with this helper, not with a hand-made `n === 1 ? … : …` (issue #39: one rule)', () => {
    // "=== 1 ? 'card'" and "=== 1 ? '1 card'" alike (the second hid six from the first pattern).
    expect(linesMatching(/===\s*1\s*\?\s*['"`](1 )?[a-z]/)).toEqual([]);
  });
});
