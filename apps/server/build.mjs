// Bundles the server into dist/ so `npm start` runs plain JavaScript on any supported Node.
// Dependencies stay external (native addons such as sharp and better-sqlite3 cannot be bundled);
// the contracts workspace is TypeScript source, so it is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
  (name) => !name.startsWith('@pinhole/'),
);

await build({
  entryPoints: {
    main: 'src/main.ts',
    sweep: 'src/sweep.ts',
    admin: 'src/admin-cli.ts',
    backup: 'src/backup-cli.ts',
    seed: 'src/seed/seed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server built to apps/server/dist');
