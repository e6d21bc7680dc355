import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The Biome plugin `apps/web/lint/mutate-then.grit`, run by Biome itself on made-up files: it must refuse
 * per-call callbacks on `mutate` and `mutateAsync` (TanStack Query drops them once the component has
 * unmounted) and let every other call through. The files sit in a directory of their own with a
 * configuration that loads only the plugin: inside the repository they would be linted by `npm test`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const plugin = path.join(root, 'apps/web/lint/mutate-then.grit');
const biome = path.join(root, 'node_modules/.bin/biome');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mutate-then-rule-'));
  const config = { root: true, plugins: [plugin], linter: { enabled: true, rules: { recommended: false } } };
  await writeFile(path.join(dir, 'biome.json'), JSON.stringify(config));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The lines of `source` the plugin reports. */
async function refusedLines(source: string): Promise<number[]> {
  const file = 'probe.tsx';
  await writeFile(path.join(dir, file), source);
  // Biome exits 1 when it reports anything: the report, not the exit code, is what is checked.
  const output = await new Promise<string>((resolve, reject) => {
    execFile(biome, ['lint', '--reporter=github', file], { cwd: dir }, (error, stdout, stderr) => {
      if (error && error.code !== 1) reject(new Error(`biome: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
  return [...output.matchAll(/^::error title=plugin,file=[^,]*probe\.tsx,line=(\d+),/gm)].map((match) =>
    Number(match[1]),
  );
}

const declarations = `declare const save: {
  mutate: (v: number, c?: object) => void;
  mutateAsync: (v: number, c?: object) => Promise<void>;
};
declare function mutateThen(m: unknown, v: number, c: object): void;
declare function useSave(): typeof save;
`;

describe('the mutateThen lint rule', () => {
  it('refuses callbacks passed to mutate or mutateAsync, on any mutation expression', async () => {
    const lines = await refusedLines(`${declarations}
save.mutate(1, { onSuccess: () => undefined });
save.mutateAsync(2, { onError: () => undefined });
useSave().mutate(3, { onSettled: () => undefined });
`);
    expect(lines).toEqual([8, 9, 10]);
  });

  it('lets calls without callbacks and mutateThen through', async () => {
    const lines = await refusedLines(`${declarations}
save.mutate(1);
void save.mutateAsync(2).then(() => undefined);
mutateThen(save, 3, { onSuccess: () => undefined });
`);
    expect(lines).toEqual([]);
  });
});
