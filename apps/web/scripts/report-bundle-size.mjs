// Prints what a first visit downloads: the entry script, its modulepreloads, inline scripts and
// the stylesheets linked from dist/index.html, raw and gzip -9. Lazy chunks are listed
// separately. The served home adds its boot script (apps/server/src/pages/deferred-boot.ts):
// e2e/12-production-build.e2e.ts counts the page as served and fails above the budget.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const initialJs = new Set();
const initialCss = new Set();
for (const tag of tags) {
  if (tag.startsWith('<script') && attr(tag, 'src')) initialJs.add(attr(tag, 'src'));
  const rel = attr(tag, 'rel');
  if (rel === 'modulepreload') initialJs.add(attr(tag, 'href'));
  if (rel === 'stylesheet') initialCss.add(attr(tag, 'href'));
}

const sizeOf = (url) => {
  const bytes = readFileSync(join(dist, url.replace(/^\//, '')));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const sum = (urls) =>
  [...urls].map(sizeOf).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), {
    raw: 0,
    gzip: 0,
  });
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const line = (label, { raw, gzip }) =>
  `${label.padEnd(14)} ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(10)} gzip`;

const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
  .filter(([, attributes]) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes))
  .map(([, , code]) => Buffer.from(code));
const inline = inlineScripts.reduce(
  (total, code) => ({
    raw: total.raw + code.length,
    gzip: total.gzip + gzipSync(code, { level: 9 }).length,
  }),
  { raw: 0, gzip: 0 },
);
const files = sum(initialJs);
const js = { raw: files.raw + inline.raw, gzip: files.gzip + inline.gzip };
const css = sum(initialCss);
const lazyJs = readdirSync(join(dist, 'assets'))
  .filter((name) => name.endsWith('.js') && !initialJs.has(`/assets/${name}`))
  .map((name) => `/assets/${name}`)
  .filter((url) => statSync(join(dist, url)).isFile());

console.log('\nInitial load (dist/index.html):');
console.log(line('JS', js) + '  (budget 110 kB gzip with the boot script: e2e/12)');
console.log(line('CSS', css));
console.log(line('JS + CSS', { raw: js.raw + css.raw, gzip: js.gzip + css.gzip }));
if (lazyJs.length > 0) console.log(line('Lazy JS', sum(lazyJs)));
