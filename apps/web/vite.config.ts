import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A relative import, not '@vetboard/contract': Vite bundles relative files into the config but leaves
// packages to Node, which cannot load the contract's TypeScript sources.
import {
  defaultPublicConfig,
  injectPublicConfig,
  type PublicConfig,
} from '../../packages/contract/src/config.ts';
import packageJson from './package.json' with { type: 'json' };

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

const apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3000}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    devPublicConfig(),
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
    sourcemap: true,
  },
});
