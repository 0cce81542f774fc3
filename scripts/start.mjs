// `npm start`: builds whatever is missing or older than its sources, then serves the product.
import './check-node.mjs';
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  let newest = 0;
  const stack = [target];
  while (stack.length > 0) {
    const current = stack.pop();
    let stat;
    try {
      stat = fs.statSync(current);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      if (path.basename(current) === 'node_modules') continue;
      for (const entry of fs.readdirSync(current)) stack.push(path.join(current, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  }
  return newest;
}

function buildIfStale(workspace, output, sources) {
  const outputPath = path.join(root, output);
  const builtAt = fs.existsSync(outputPath) ? fs.statSync(outputPath).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt >= changedAt) return;
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The web build's last output is the server renderer (dist-ssr/), written after dist/: a build
// from before it existed, or one cut short, is built again.
buildIfStale('apps/web', 'apps/web/dist-ssr/entry-server.js', [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
]);
buildIfStale('apps/server', 'apps/server/dist/main.js', [
  'apps/server/src',
  'packages/contracts/src',
]);

const args = process.argv.slice(2);
const env = { ...process.env };
if (args.includes('--demo')) env.DEMO = 'true';

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
