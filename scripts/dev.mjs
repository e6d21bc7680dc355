#!/usr/bin/env node
// `npm run dev`: the API with reload on change, and Vite with HMR proxying /v1 to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT || '3000';
const env = {
  ...process.env,
  PORT: apiPort,
  API_PORT: apiPort,
  DATA_DIR: path.resolve(process.env.INIT_CWD || process.cwd(), process.env.DATA_DIR || 'data'),
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', 'apps/api'], { cwd: root, env, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, env, stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
