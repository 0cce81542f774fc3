/** Initial JS and CSS of the web client: the files index.html loads before anything renders. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildWorkspace, newestMtime, repoRoot } from './server-process';

export interface BundleSizes {
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  files: string[];
}

const distDir = path.join(repoRoot, 'apps/web/dist');

/**
 * Builds the client when its dist is missing or older than its sources (a stale dist once put
 * the previous bundle's sizes in the table); false when that fails or is not allowed.
 */
export function ensureWebBuilt(allowBuild: boolean, log: (line: string) => void): boolean {
  const builtAt = fs.statSync(path.join(distDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contracts/src',
  ];
  const newest = Math.max(...sources.map((source) => newestMtime(path.join(repoRoot, source))));
  if (builtAt !== undefined && (builtAt >= newest || !allowBuild)) return true;
  if (!allowBuild) return false;
  log('building apps/web (dist is missing or stale)...');
  const result = buildWorkspace('apps/web');
  if (result.status !== 0) {
    log(`web build failed; client sizes will read n/a\n${result.stderr.slice(-2000)}`);
    return false;
  }
  return fs.existsSync(path.join(distDir, 'index.html'));
}

/** Sizes of the scripts, module preloads and stylesheets index.html references (gzip -9). */
export function measureClientBundle(): BundleSizes | null {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const source = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (!source || /^(https?:)?\/\//i.test(source)) continue;
    if (/^<script/i.test(tag)) js.add(source);
    else if (/rel=["']?modulepreload/i.test(tag)) js.add(source);
    else if (/rel=["']?stylesheet/i.test(tag)) css.add(source);
  }
  const measure = (files: Set<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(distDir, file.replace(/^\//, '')));
      raw += bytes.length;
      gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const scripts = measure(js);
  const styles = measure(css);
  return {
    jsRaw: scripts.raw,
    jsGzip: scripts.gzip,
    cssRaw: styles.raw,
    cssGzip: styles.gzip,
    files: [...js, ...css],
  };
}
