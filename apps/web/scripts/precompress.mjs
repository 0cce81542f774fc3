// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file under dist/assets
// and of dist's own text files, at the highest settings: this runs once per build, so the server
// sends the smallest bytes without compressing anything per request (@fastify/static's
// preCompressed). index.html is left out: the server fills it in per request.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const compressible = /\.(js|mjs|css|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024;

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const full = join(folder, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let written = 0;
for (const file of files(dist)) {
  if (!compressible.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < minBytes) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  written += 1;
}
console.log(`precompressed ${written} file(s) in dist (brotli and gzip)`);
