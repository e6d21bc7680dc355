import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** The web suite's base; the root config runs it as two projects (`web`, `web:isolated`): see there. */
export default defineProject({
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  define: {
    __APP_VERSION__: JSON.stringify('0.0.0-test'),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    clearMocks: true,
    restoreMocks: true,
    // `npm test` runs this lane beside the browser lane's build, server and Chromium on 2 cores: a render
    // that takes 0.8 s alone took over 5 s there (CI, 2 Dec 2026), so the default limit timed the machine.
    testTimeout: 20_000,
  },
});
