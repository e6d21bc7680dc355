import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('plural forms in the product', () => {
  it('are written with this helper, not with a hand-made `n === 1 ? … : …` (issue #39: one rule)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const handMade = /===\s*1\s*\?\s*['"`][a-z]/;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
        } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const [index, line] of fs.readFileSync(file, 'utf8').split('\n').entries())
            if (handMade.test(line)) found.push(`${path.relative(root, file)}:${index + 1}`);
        }
      }
    };
    for (const dir of ['apps/web/src', 'apps/api/src', 'packages/contract/src']) walk(path.join(root, dir));
    expect(found).toEqual([]);
  });
});
