import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// A relative import, not '@vetboard/contract': Vite bundles relative files into the config but leaves
// packages to Node, which cannot load the contract's TypeScript sources.
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../packages/contract/src/route-preloads.ts';

const SPLIT = /\?tsr-split=([\w-]+)/;
const PUBLIC = /\bisPublic:\s*true\b/;
/** The split parts besides the loader, in the order the page needs them. */
const DRAWING_PARTS = ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent'];

/**
 * Writes, for every page, the route chunks its first load needs: the split loader, component, pending…
 * of the page and of the layouts above it, with what they import. On a cold load the router imports a
 * split loader only when the loader runs, after the session check answered, so each of these was one
 * more round trip before the page's data requests; listed in the HTML, they download alongside index.js.
 */
export function routePreloads(options: { routesDir: string }): Plugin {
  return {
    name: 'vetboard-route-preloads',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') chunks.set(file.fileName, file);
      }
      const withImports = (roots: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        for (const root of roots) visit(root);
        return seen;
      };
      // The entry's own graph, and its style sheets, are in the HTML already.
      const initial = withImports(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' && file.isEntry ? [file.fileName] : [],
        ),
      );
      for (const fileName of [...initial]) {
        for (const css of chunks.get(fileName)?.viteMetadata?.importedCss ?? []) initial.add(css);
      }

      // Route file → split part (loader, component…) → the chunks holding it.
      const splitChunks = new Map<string, Map<string, Set<string>>>();
      for (const [fileName, chunk] of chunks) {
        for (const id of chunk.moduleIds) {
          const split = SPLIT.exec(id);
          if (!split?.[1] || !id.startsWith(options.routesDir)) continue;
          const routeFile = id.slice(0, split.index);
          const parts = splitChunks.get(routeFile) ?? new Map<string, Set<string>>();
          // Parts a route groups into one chunk (`codeSplitGroupings`) are named together: `component---loader`.
          for (const part of split[1].split('---'))
            parts.set(part, (parts.get(part) ?? new Set()).add(fileName));
          splitChunks.set(routeFile, parts);
        }
      }

      const routeFiles = [...this.getModuleIds()].filter(
        (id) => id.startsWith(options.routesDir) && /\.[jt]sx?$/.test(id) && !id.includes('?'),
      );
      const relative = (file: string) =>
        path
          .relative(options.routesDir, file)
          .split(path.sep)
          .join('/')
          .replace(/\.[jt]sx?$/, '');
      // A layout is `route.tsx`, `__root`, or a file beside a folder of the same name (`_default.tsx`).
      const scopeOf = (file: string): string | undefined => {
        const name = relative(file);
        if (name === '__root') return '';
        if (name === 'route' || name.endsWith('/route')) return name.slice(0, -'route'.length);
        return routeFiles.some((other) => relative(other).startsWith(`${name}/`)) ? `${name}/` : undefined;
      };
      const layouts = routeFiles.flatMap((file) => {
        const scope = scopeOf(file);
        return scope === undefined ? [] : [{ file, scope }];
      });

      const pages: RoutePreloads['pages'] = [];
      for (const leaf of routeFiles) {
        if (scopeOf(leaf) !== undefined) continue;
        const name = relative(leaf);
        // Outermost layout first, as the router runs them.
        const lineage = [
          ...layouts
            .filter((layout) => name.startsWith(layout.scope))
            .sort((a, b) => a.scope.length - b.scope.length),
          { file: leaf, scope: name },
        ].map((route) => route.file);
        const segments = name
          .split('/')
          // Pathless layouts (`_default`) and groups (`(auth)`) add no segment; `index` is the folder's own page.
          .filter((segment) => !segment.startsWith('_') && !/^\(.*\)$/.test(segment))
          .filter((segment, index, all) => !(segment === 'index' && index === all.length - 1));
        const partsOf = (parts: string[]) =>
          parts.flatMap((part) => lineage.flatMap((file) => [...(splitChunks.get(file)?.get(part) ?? [])]));
        // A chunk's style sheets too: the router's import of a chunk waits for them (Vite's preload helper).
        const withCss = (fileNames: Iterable<string>) =>
          [...fileNames].flatMap((fileName) => [
            fileName,
            ...(chunks.get(fileName)?.viteMetadata?.importedCss ?? []),
          ]);
        const loaders = withCss(withImports(partsOf(['loader']))).filter(
          (fileName) => !initial.has(fileName),
        );
        // What draws the page, then what only draws an error. The router's boot preload asks for all of them.
        const files = [...new Set(withCss(withImports(partsOf(DRAWING_PARTS))))].filter(
          (fileName) => !initial.has(fileName) && !loaders.includes(fileName),
        );
        pages.push({
          path: `/${segments.join('/')}`,
          public: lineage.some((file) => PUBLIC.test(fs.readFileSync(file, 'utf8'))),
          loaders: [...new Set(loaders)],
          files,
        });
      }
      pages.sort((a, b) => a.path.localeCompare(b.path));
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ pages } satisfies RoutePreloads, null, 2)}\n`,
      });
    },
  };
}
