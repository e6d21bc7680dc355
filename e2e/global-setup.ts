import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import {
  copyPreparedDatabase,
  copyPreparedPostgresDatabase,
  e2ePostgresUrl,
} from './prepare/prepared-database.ts';
import { DEMO_PASSWORD } from './support/demo.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealthy(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts the real server (`npm start`'s script) on a free port, on a copy of a database seeded once
 * (e2e/prepare): the demo data a newcomer gets plus each spec's own families (support/fixtures.ts),
 * never the developer's ./data.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vetboard-e2e-'));
  const adminUrl = e2ePostgresUrl();
  let postgres: { url: string; drop: () => Promise<void> } | undefined;
  try {
    if (adminUrl) postgres = await copyPreparedPostgresDatabase(adminUrl);
    else await copyPreparedDatabase(dataDir);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const cleanUp = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  let output = '';
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      // Only the copy made above: a developer's own DATABASE_URL is never the tests' database.
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL')),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      DEMO_PASSWORD,
      PASSWORD_HASH_COST: 'low',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(`${baseURL}/healthz`, server, () => output);
  } catch (error) {
    await stop(server);
    await cleanUp();
    throw error;
  }
  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    await stop(server);
    await cleanUp();
  };
}
