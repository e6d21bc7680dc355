import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The libraries' modules only the signed-in shell needs (the layouts and side menus every signed-in
 * page draws), for one chunk group: left to the automatic split, each Mantine component, hook and
 * icon the shell shares with some other page is its own file, about thirty scripts queued on
 * HTTP/1.1's six connections before any page can draw.
 *
 * A group's `test` sees only a module id, so this plugin walks the import graph once the build has
 * it. It follows the names a module imports from a barrel (`import { Menu } from '@mantine/core'`)
 * to the module that defines them: following the barrel's every re-export would put all of Mantine
 * and 6,000 icons "in reach" of every page.
 */
export interface ShellChunk {
  plugin: Plugin;
  /**
   * A library module the login page uses: the first download of every signed-out visit. The other
   * public pages' libraries (the password reset's forms, zod's full API) are left to the automatic
   * split, so the login does not download them.
   */
  isLoginLibrary: (id: string) => boolean;
  /** A library module the shell uses and no public page does. */
  isShellLibrary: (id: string) => boolean;
}

interface ModuleFacts {
  code: string;
  importedIds: readonly string[];
}

const IMPORT =
  /\bimport\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?["']([^"']+)["']/g;
const EXPORT_FROM = /\bexport\s*(?:\{([^}]*)\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*["']([^"']+)["']/g;
const EXPORT_LOCAL = /\bexport\s*\{([^}]*)\}\s*(?!\s*from)/g;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

const DECLARED_EXPORT =
  /\bexport\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([\w$]+)/g;

/** The names a module's code exports itself or by name (`export const a`, `export { b }`), not `export *`'s. */
function namedExports(code: string): Set<string> {
  const names = new Set<string>();
  for (const m of code.matchAll(DECLARED_EXPORT)) names.add(m[1] ?? '');
  for (const m of code.matchAll(EXPORT_LOCAL))
    for (const [, exported] of specifiers(m[1] ?? '')) names.add(exported);
  for (const m of code.matchAll(EXPORT_FROM)) {
    if (m[1] !== undefined) for (const [, exported] of specifiers(m[1])) names.add(exported);
  }
  return names;
}

/** `a, b as c, default as D` → [[imported, local]…] */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported = '', local = imported] = part.split(/\s+as\s+/);
      return [imported.trim(), local.trim()];
    });
}

export function shellChunk(options: {
  srcDir: string;
  isShell: (id: string) => boolean;
  isPublic: (id: string) => boolean;
  isLogin: (id: string) => boolean;
  /**
   * The workspace's own packages, by name, with the file their name resolves to (`@vetboard/contract`):
   * followed like a library's barrel, name by name, so a page importing one list from the contract
   * does not count every schema module (and zod's full API) as its own.
   */
  workspacePackages?: Record<string, string>;
}): ShellChunk {
  const workspaceEntries = new Map(Object.entries(options.workspacePackages ?? {}));
  const workspaceFiles = new Set(workspaceEntries.values());
  const facts = new Map<string, ModuleFacts>();
  let shell: Set<string> | undefined;
  let publicPages: Set<string> | undefined;
  let loginPage: Set<string> | undefined;
  const exportsOf = new Map<string, Set<string>>();
  const exportsName = (id: string, name: string) => {
    let names = exportsOf.get(id);
    if (!names) {
      names = namedExports(facts.get(id)?.code ?? '');
      exportsOf.set(id, names);
    }
    return names.has(name);
  };

  /**
   * Per importer, each imported module under the paths a specifier may name it by: its file, and that
   * file less its extension or `/index` and extension. The first import wins, as a search in import
   * order would. A barrel of 5,000 icons asked a linear search once per specifier: 13 s of the build.
   */
  const importedByPath = new Map<string, Map<string, string>>();
  function importedPaths(importer: string): Map<string, string> {
    let paths = importedByPath.get(importer);
    if (paths) return paths;
    paths = new Map();
    for (const id of facts.get(importer)?.importedIds ?? []) {
      const file = id.split('?')[0] ?? id;
      const keys = [file];
      const extension = /([\\/]index)?\.[cm]?[jt]sx?$/.exec(file);
      if (extension) {
        keys.push(file.slice(0, extension.index));
        if (extension[1]) keys.push(file.slice(0, file.length - extension[0].length + extension[1].length));
      }
      for (const key of keys) if (!paths.has(key)) paths.set(key, id);
    }
    importedByPath.set(importer, paths);
    return paths;
  }

  /** The module a specifier names, among those the importer is known to import. */
  function resolve(importer: string, spec: string): string | undefined {
    const imported = facts.get(importer)?.importedIds ?? [];
    const base = spec.startsWith('.')
      ? path.resolve(path.dirname(importer), spec)
      : spec.startsWith('@/')
        ? path.join(options.srcDir, spec.slice(2))
        : undefined;
    if (base !== undefined) return importedPaths(importer).get(base);
    const workspaceFile = workspaceEntries.get(spec);
    if (workspaceFile !== undefined) return imported.find((id) => id === workspaceFile);
    return imported.find(
      (id) => id.includes(`node_modules/${spec}/`) || id.includes(`node_modules\\${spec}\\`),
    );
  }

  /** Where each name a barrel exports comes from, or undefined when the module is not a barrel. */
  const barrels = new Map<string, Map<string, [string, string]> | undefined>();
  /** A barrel's `export * from` targets, asked for a name the barrel does not list. */
  const starsOf = new Map<string, string[]>();
  function barrelOf(id: string): Map<string, [string, string]> | undefined {
    if (barrels.has(id)) return barrels.get(id);
    const code = facts.get(id)?.code ?? '';
    let map: Map<string, [string, string]> | undefined;
    // A barrel is a library module that only re-exports.
    const rest = code
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/[^\n]*/g, '')
      .replace(IMPORT, '')
      .replace(EXPORT_FROM, '')
      .replace(EXPORT_LOCAL, '')
      .replace(/[\s;]/g, '');
    if ((NODE_MODULES.test(id) || workspaceFiles.has(id)) && rest === '' && code.length > 0) {
      map = new Map();
      const stars: string[] = [];
      starsOf.set(id, stars);
      const locals = new Map<string, [string, string]>();
      for (const m of code.matchAll(IMPORT)) {
        const target = resolve(id, m[3] ?? '');
        if (!target) continue;
        if (m[1]) locals.set(m[1], [target, 'default']);
        for (const [imported, local] of specifiers(m[2] ?? '')) locals.set(local, [target, imported]);
      }
      for (const m of code.matchAll(EXPORT_FROM)) {
        const target = resolve(id, m[2] ?? '');
        if (!target) continue;
        if (m[1] === undefined) stars.push(target);
        else for (const [imported, exported] of specifiers(m[1])) map.set(exported, [target, imported]);
      }
      for (const m of code.matchAll(EXPORT_LOCAL)) {
        for (const [local, exported] of specifiers(m[1] ?? '')) {
          const from = locals.get(local);
          if (from) map.set(exported, from);
        }
      }
    }
    barrels.set(id, map);
    return map;
  }

  function closure(seeds: Iterable<string>): Set<string> {
    const seen = new Set<string>();
    const visit = (id: string, names?: readonly string[]): void => {
      const barrel = names ? barrelOf(id) : undefined;
      if (barrel && names) {
        for (const name of names) {
          const from = barrel.get(name);
          if (from) visit(from[0], [from[1]]);
          else
            for (const target of starsOf.get(id) ?? []) {
              // A module behind `export *` that is not itself a barrel counts only if it defines the name.
              if (barrelOf(target) || exportsName(target, name)) visit(target, [name]);
            }
        }
        return;
      }
      if (seen.has(id)) return;
      seen.add(id);
      const fact = facts.get(id);
      if (!fact) return;
      const reached = new Set<string>();
      for (const m of fact.code.matchAll(IMPORT)) {
        const target = resolve(id, m[3] ?? '');
        if (!target) continue;
        reached.add(target);
        const named = specifiers(m[2] ?? '').map(([imported]) => imported);
        if (m[1]) named.push('default');
        visit(target, m[2] !== undefined || m[1] ? named : undefined);
      }
      // Imports the scan could not place (generated or re-exported ones): followed whole, barrels aside.
      for (const target of fact.importedIds) if (!reached.has(target) && !barrelOf(target)) visit(target);
    };
    for (const seed of seeds) visit(seed);
    return seen;
  }

  const plugin: Plugin = {
    name: 'vetboard-shell-chunk',
    apply: 'build',
    buildEnd() {
      facts.clear();
      importedByPath.clear();
      barrels.clear();
      starsOf.clear();
      exportsOf.clear();
      shell = undefined;
      publicPages = undefined;
      loginPage = undefined;
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        facts.set(id, { code: info?.code ?? '', importedIds: info?.importedIds ?? [] });
      }
    },
  };

  const sets = () => {
    shell ??= closure([...facts.keys()].filter(options.isShell));
    publicPages ??= closure([...facts.keys()].filter(options.isPublic));
    loginPage ??= closure([...facts.keys()].filter(options.isLogin));
    return { shell, publicPages, loginPage };
  };
  return {
    plugin,
    isLoginLibrary: (id) => NODE_MODULES.test(id) && sets().loginPage.has(id),
    isShellLibrary: (id) => NODE_MODULES.test(id) && sets().shell.has(id) && !sets().publicPages.has(id),
  };
}
