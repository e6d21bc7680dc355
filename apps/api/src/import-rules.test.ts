import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of `npm run lint:deps`, run on a small made-up repository: each rule must refuse
 * the import it is written for, and let the allowed ones through.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = (await import('node:module')).createRequire(import.meta.url);
const fileRules = require(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;
const moduleRules = require(path.join(root, '.dependency-cruiser.modules.cjs')) as IConfiguration;

const files: Record<string, string> = {
  // a reads b's repository and table; b calls a back: a module cycle.
  'apps/api/src/modules/records/a/a.service.ts':
    "import { rows } from '../b/b.repository.ts';\nimport { tell } from '../b/index.ts';\nexport const a = () => [rows, tell];\n",
  'apps/api/src/modules/records/a/a.mapper.ts':
    "import { bTable } from '../b/b.table.ts';\nexport const m = bTable;\n",
  'apps/api/src/modules/records/a/a.routes.ts': "import { a } from './a.service.ts';\nexport const r = a;\n",
  'apps/api/src/modules/records/b/b.repository.ts':
    "import { bTable } from './b.table.ts';\nexport const rows = bTable;\n",
  'apps/api/src/modules/records/b/b.table.ts': 'export const bTable = 1;\n',
  'apps/api/src/modules/records/b/b.service.ts': "export const tell = () => import('../a/a.routes.ts');\n",
  'apps/api/src/modules/records/b/index.ts': "export { tell } from './b.service.ts';\n",
  // c uses b the allowed way: its front door.
  'apps/api/src/modules/records/c/c.service.ts':
    "import { tell } from '../b/index.ts';\nexport const c = tell;\n",
  'apps/api/src/modules/records/c/index.ts': "export { c } from './c.service.ts';\n",
  // Code outside the modules goes through the front door too.
  'apps/api/src/plugins/app/x.ts':
    "import { tell } from '../../modules/records/b/b.service.ts';\nexport const x = tell;\n",
  // Tiers run one way: a platform module may not call up into a record, a record may call core.
  'apps/api/src/modules/platform/p/p.service.ts':
    "import { c } from '../../records/c/index.ts';\nexport const p = c;\n",
  'apps/api/src/modules/core/k/k.service.ts': 'export const k = 1;\n',
  'apps/api/src/modules/core/k/index.ts': "export { k } from './k.service.ts';\n",
  'apps/api/src/modules/records/d/d.service.ts':
    "import { k } from '../../core/k/index.ts';\nexport const d = k;\n",
  // db/ knows no module; a view is handed the records' sources instead of importing one; only the
  // registry reads a manifest.
  'apps/api/src/db/client.ts':
    "import { c } from '../modules/records/c/index.ts';\nexport const client = c;\n",
  'apps/api/src/modules/views/t/t.service.ts':
    "import { c } from '../../records/c/index.ts';\nimport { k } from '../../core/k/index.ts';\nexport const t = [c, k];\n",
  'apps/api/src/modules/views/timeline/timeline.service.ts':
    "import { c } from '../../records/c/index.ts';\nexport const t = c;\n",
  'apps/api/src/modules/records/c/c.manifest.ts': "export const manifest = { name: 'c' };\n",
  'apps/api/src/modules/registry.ts':
    "import { manifest } from './records/c/c.manifest.ts';\nexport const M = [manifest];\n",
  'apps/api/src/app.ts':
    "import { manifest } from './modules/records/c/c.manifest.ts';\nimport { M } from './modules/registry.ts';\nexport const app = [manifest, M];\n",
  'apps/web/src/features/x/x-page.tsx': "import { y } from '../y/y-page.tsx';\nexport const x = y;\n",
  'apps/web/src/features/y/y-page.tsx':
    "import { shared } from '../../components/shared.tsx';\nexport const y = shared;\n",
  'apps/web/src/components/shared.tsx': 'export const shared = 1;\n',
  'apps/web/src/components/bad.tsx': "import { x } from '../features/x/x-page.tsx';\nexport const bad = x;\n",
};

let dir: string;

async function violations(config: IConfiguration, entries: string[]) {
  const { output } = await cruise(
    entries,
    {
      baseDir: dir,
      ruleSet: { forbidden: config.forbidden ?? [] },
      validate: true,
      tsPreCompilationDeps: true,
      exclude: config.options?.exclude,
    },
    { extensions: ['.ts', '.tsx'] },
  );
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-rules-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the import rules', () => {
  it("refuse another module's repository, table and routes, and let its front door through", async () => {
    const found = await violations(fileRules, ['apps/api/src']);
    expect(found).toContain(
      'api-front-door: apps/api/src/modules/records/a/a.service.ts → apps/api/src/modules/records/b/b.repository.ts',
    );
    expect(found).toContain(
      'api-no-foreign-table: apps/api/src/modules/records/a/a.mapper.ts → apps/api/src/modules/records/b/b.table.ts',
    );
    expect(found).toContain(
      'api-front-door: apps/api/src/modules/records/b/b.service.ts → apps/api/src/modules/records/a/a.routes.ts',
    );
    expect(found).toContain(
      'api-front-door-outside-modules: apps/api/src/plugins/app/x.ts → apps/api/src/modules/records/b/b.service.ts',
    );
    expect(found.filter((line) => line.includes('modules/records/c/c.service.ts →'))).toEqual([]);
    expect(found.filter((line) => line.includes('→ apps/api/src/modules/records/b/index.ts'))).toEqual([]);
  });

  it('refuse an import up the tiers, and let one down through', async () => {
    const found = await violations(fileRules, ['apps/api/src']);
    expect(found).toContain(
      'api-tier-platform: apps/api/src/modules/platform/p/p.service.ts → apps/api/src/modules/records/c/index.ts',
    );
    expect(found.filter((line) => line.includes('modules/records/d/'))).toEqual([]);
  });

  it('refuse a module in db/, a record in the timeline, and a manifest read outside the registry', async () => {
    const found = await violations(fileRules, ['apps/api/src']);
    expect(found).toContain(
      'api-db-no-modules: apps/api/src/db/client.ts → apps/api/src/modules/records/c/index.ts',
    );
    expect(found).toContain(
      'api-views-handed-records: apps/api/src/modules/views/timeline/timeline.service.ts → apps/api/src/modules/records/c/index.ts',
    );
    expect(found).toContain(
      'api-manifest-in-registry: apps/api/src/app.ts → apps/api/src/modules/records/c/c.manifest.ts',
    );
    // app.ts is no longer exempt from the front door: it reaches modules through the registry.
    expect(found).toContain(
      'api-front-door-outside-modules: apps/api/src/app.ts → apps/api/src/modules/records/c/c.manifest.ts',
    );
    expect(found.filter((line) => line.includes('modules/registry.ts →'))).toEqual([]);
    expect(found.filter((line) => line.includes('→ apps/api/src/modules/registry.ts'))).toEqual([]);
    expect(found.filter((line) => line.includes('modules/views/t/t.service.ts →'))).toEqual([]);
  });

  it('refuse a file cycle, and two modules that use each other', async () => {
    expect(await violations(fileRules, ['apps/api/src'])).toContain(
      'no-circular: apps/api/src/modules/records/a/a.routes.ts → apps/api/src/modules/records/a/a.service.ts',
    );
    const modules = await violations(moduleRules, ['apps/api/src']);
    expect(modules).toContain(
      'api-no-circular-between-modules: apps/api/src/modules/records/a → apps/api/src/modules/records/b',
    );
  });

  it('refuse a web feature importing another, and shared components importing a feature', async () => {
    const found = await violations(fileRules, ['apps/web/src']);
    expect(found).toContain(
      'web-features-independent: apps/web/src/features/x/x-page.tsx → apps/web/src/features/y/y-page.tsx',
    );
    expect(found).toContain(
      'web-shared-no-features: apps/web/src/components/bad.tsx → apps/web/src/features/x/x-page.tsx',
    );
    expect(found.filter((line) => line.startsWith('web-') && line.includes('y-page.tsx →'))).toEqual([]);
  });
});
