import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
// A relative import, not '@vetboard/contract': Vite bundles relative files into the config but leaves
// packages to Node, which cannot load the contract's TypeScript sources.
import {
  defaultPublicConfig,
  injectPublicConfig,
  type PublicConfig,
} from '../../packages/contract/src/config.ts';
import { fontFallback } from './font-fallback.ts';
import packageJson from './package.json' with { type: 'json' };
import { routePreloads } from './route-preloads.ts';
import { shellChunk } from './shell-chunk.ts';

/**
 * In production the API server fills the placeholder at request time; `vite dev` has no such server in
 * front of index.html, so this fills it from the same environment variables.
 */
function devPublicConfig(): Plugin {
  return {
    name: 'vetboard-dev-public-config',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const config: PublicConfig = {
          ...defaultPublicConfig,
          productName: process.env.PRODUCT_NAME || defaultPublicConfig.productName,
          callsUrl: process.env.CALLS_URL || defaultPublicConfig.callsUrl,
        };
        return injectPublicConfig(html, config);
      },
    },
  };
}

/**
 * Source maps help support read a stack trace, but they are not for browsers (they would publish our sources): after the
 * build they move from dist/ to dist-maps/, which nothing serves.
 */
function sourceMapsOutOfDist(): Plugin {
  let outDir = '';
  return {
    name: 'vetboard-source-maps-out-of-dist',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        const mapsDir = `${outDir}-maps`;
        fs.rmSync(mapsDir, { recursive: true, force: true });
        for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
          const from = path.join(entry.parentPath, entry.name);
          const to = path.join(mapsDir, path.relative(outDir, from));
          fs.mkdirSync(path.dirname(to), { recursive: true });
          fs.renameSync(from, to);
        }
      },
    },
  };
}

const srcDir = fileURLToPath(new URL('./src/', import.meta.url));
/** The login page: its layout's and its own route components (split by the router plugin). */
const isLoginPage = (id: string) =>
  /src[\\/]routes[\\/]_public(\.tsx|[\\/]login\.tsx)\?tsr-split=component/.test(id);
const shellLibraries = shellChunk({
  srcDir,
  // The layouts of the signed-in pages (their route components, split by the router plugin).
  isShell: (id) =>
    /src[\\/](routes[\\/]_default\.tsx|routes[\\/]pets[\\/]\$uuid[\\/]route\.tsx)\?tsr-split=component/.test(
      id,
    ),
  // Pages open without a session: the login and password reset.
  isPublic: (id) =>
    isLoginPage(id) ||
    /src[\\/]routes[\\/]_public[\\/]reset-password[\\/][^?]*\.tsx\?tsr-split=component/.test(id),
  isLogin: isLoginPage,
  workspacePackages: {
    '@vetboard/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
  },
});

const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Pending components and loaders split too: left in the entry, they pulled the
      // shell and every feature's queries into the first download of /login.
      codeSplittingOptions: {
        defaultBehavior: [
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
          ['loader'],
        ],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    // Text drawn before Montserrat arrives takes its widths (see font-fallback.ts).
    fontFallback({
      family: 'Montserrat',
      fallbackName: 'Montserrat fallback',
      stylesheet: /@fontsource[\\/]montserrat[\\/]400\.css$/,
    }),
    devPublicConfig(),
    // Brotli and gzip copies beside each asset, served by the API's static plugin.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(?:m?js|css|html|svg|json|txt|woff)$/,
      threshold: 1024,
    }),
    sourceMapsOutOfDist(),
    shellLibraries.plugin,
    routePreloads({ routesDir: path.join(srcDir, 'routes') }),
  ],
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  define: {
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  server: {
    // The API's CSRF check compares Origin with Host, so the proxy must keep the browser's Host.
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    // Maps are written without a sourceMappingURL comment and moved out of the served directory.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically runs on every page, so it is one file. Left to
          // the automatic split, each module the entry shares with a route became its own chunk:
          // 31 scripts before the first route could even start, over HTTP/1.1's six connections.
          // Byte-neutral (the same modules) and order-safe (the entry's own graph, in its own order).
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: 'public-libs', test: shellLibraries.isLoginLibrary, priority: 2 },
            { name: 'shell-libs', test: shellLibraries.isShellLibrary, priority: 1 },
          ],
        },
      },
    },
  },
});
