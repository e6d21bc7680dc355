import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

/** The screenshot pass is for people to look at; `npm run screenshots -w e2e` runs it. */
const screenshotsOnly = Boolean(process.env.SCREENSHOTS);

/**
 * Debian's headless shell (package `chromium-headless-shell`, Chromium's own build for automation) when
 * installed, else its full Chromium; `E2E_CHROMIUM` names another. The shell draws the same pages with
 * less of the browser around them: on trackers.spec (12 tests) Chromium's processes took 29-31 s of CPU
 * against 40-42 s for the full browser in headless mode, the browser process 4 s against 11.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three on two cores: a worker spends much of a test waiting (on the server, on the page's frames,
  // between assertion retries), not computing. The whole suite used about 160 s of CPU in 360 s with
  // two. Measured on the shared 2-core machine (load 7-15, other agents' tests running): 2 workers
  // 362 s, 3 workers 288 s, 4 workers 273 s; four also stretched the slowest default-timeout tests to
  // 17-18 s of their 30, so three. E2E_WORKERS overrides it (a bigger machine, or a debugging run of 1).
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  ...(screenshotsOnly ? { grep: /@screens/ } : { grepInvert: /@screens/ }),
  use: {
    // Set by the global setup, which picks the port; workers start after it and inherit it.
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    // The app drops its transitions for it (theme.ts): nothing is clicked while it still moves.
    reducedMotion: 'reduce',
    // A failed test keeps its trace's DOM snapshots (what the trace viewer shows step by step), not the
    // screencast: filming every test cost Chromium's GPU and browser processes about half again their
    // CPU (trackers.spec, 12 tests: 28-36 s of their CPU with the film, 14-16 s without), for frames
    // the snapshots and the failure screenshot already give.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
      ],
    },
  },
});
