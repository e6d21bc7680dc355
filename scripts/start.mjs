#!/usr/bin/env node
// `npm start`: build the web app if its build is missing or stale, then run the server, which
// migrates, seeds an empty database and serves the SPA and /v1 on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Vetboard needs Node 22.13 or newer (this is ${process.version}).`);
  process.exit(1);
}
const [, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  // Node 20 still starts the app, but it is past its end of life and dependencies no longer declare it.
  console.warn(`Vetboard supports Node 22.13 or newer; this is ${process.version}, which is not supported.`);
}

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) {
    // The router plugin rewrites this file on every build; it is an output, not a source.
    if (child === 'node_modules' || child === 'routeTree.gen.ts') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const web = path.join(root, 'apps/web');
// WEB_DIST_DIR lets parallel browser-test runs each build and serve their own copy of the app.
const distDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(web, 'dist');
const builtIndex = path.join(distDir, 'index.html');
const sources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'shell-chunk.ts',
  'route-preloads.ts',
  'package.json',
].map((p) => path.join(web, p));
sources.push(path.join(root, 'packages/contract/src'));
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The web app changed since its last build: rebuilding…' : 'Building the web app…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const outDir = process.env.WEB_DIST_DIR ? ['--', '--outDir', distDir, '--emptyOutDir'] : [];
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web', ...outDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = {
  ...process.env,
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: distDir } : {}),
  DATA_DIR: path.resolve(process.env.INIT_CWD || process.cwd(), process.env.DATA_DIR || 'data'),
};
if (!env.NODE_ENV) env.NODE_ENV = 'production';
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: path.join(root, 'apps/api'),
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
