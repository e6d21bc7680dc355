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
  },
});
