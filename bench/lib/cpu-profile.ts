/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: each sample is charged to
 * the nearest frame on its stack that belongs to a known component (SQLite driver, Kysely, zod,
 * pino, fastify, helmet, JSON serialization, our code…), walking up from the leaf.
 */
import fs from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

type Rule = [component: string, test: (frame: CallFrame) => boolean];

const inPackage = (name: string) => (frame: CallFrame) =>
  frame.url.includes(`/node_modules/${name}/`);
const named =
  (...names: string[]) =>
  (frame: CallFrame) =>
    names.includes(frame.functionName);

/** First match wins, tested on each frame from the leaf upwards. */
const rules: Rule[] = [
  ['garbage collection', named('(garbage collector)')],
  ['idle', named('(idle)')],
  ['JSON serialization', named('stringify', 'serialize', 'JSONStringify', '$asString', 'asString')],
  ['JSON serialization', inPackage('fast-json-stringify')],
  // better-sqlite3 runs statements synchronously in native code, which the profile charges to
  // the JS caller: Kysely's SqliteConnection.executeQuery (its own JS is a few lines).
  [
    'SQLite: run statements (native)',
    (frame) => frame.functionName === 'executeQuery' && frame.url.includes('/dialect/sqlite/'),
  ],
  ['SQLite: prepare statements (no statement cache)', named('prepare')],
  ['SQLite driver (other)', inPackage('better-sqlite3')],
  [
    'PostgreSQL driver (pg)',
    (frame) => /\/node_modules\/(pg|pg-protocol|pg-pool)\//.test(frame.url),
  ],
  ['Kysely (build + compile queries)', inPackage('kysely')],
  ['zod (validation)', inPackage('zod')],
  [
    'logging (pino)',
    (frame) => /\/node_modules\/(pino|pino-std-serializers|sonic-boom)\//.test(frame.url),
  ],
  ['helmet headers', inPackage('@fastify/helmet')],
  ['helmet headers', inPackage('helmet')],
  ['cookies (@fastify/cookie)', inPackage('@fastify/cookie')],
  ['rate limit plugin', inPackage('@fastify/rate-limit')],
  ['multipart plugin', inPackage('@fastify/multipart')],
  [
    'session lookup (hash + query)',
    named('resolveViewer', 'hashSessionToken', 'findLiveSession', 'readSessionToken'),
  ],
  [
    'posts → JSON objects (toPost, hydratePosts)',
    named('toPost', 'toComment', 'hydratePosts', 'publicUrl'),
  ],
  ['cursor encode/decode', named('encodeCursor', 'decodeCursor')],
  [
    'fastify core (routing, hooks, reply)',
    (frame) =>
      /\/node_modules\/(fastify|find-my-way|avvio|light-my-request|@fastify\/[a-z-]+)\//.test(
        frame.url,
      ),
  ],
  ['our code (other)', (frame) => frame.url.includes('/apps/server/')],
  ['node http/net/streams', (frame) => frame.url.startsWith('node:')],
];

export interface ProfileSummary {
  totalMs: number;
  /** Milliseconds and share of non-idle time per component, largest first. */
  components: { component: string; ms: number; share: number }[];
  /** Heaviest functions by self time (non-idle). */
  topFunctions: { name: string; ms: number; share: number }[];
}

/**
 * `fromLastIdleGapMs`: only count samples after the last stretch of at least this many ms of idle
 * (the pause between start-up and the load), so module loading and start-up work are left out.
 */
export function summarizeProfile(file: string, top = 15, fromLastIdleGapMs = 0): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const componentOf = new Map<number, string>();
  const classify = (leaf: number): string => {
    const cached = componentOf.get(leaf);
    if (cached) return cached;
    let component = 'other (native, V8, program)';
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (!frame) break;
      const match = rules.find(([, test]) => test(frame));
      if (match) {
        component = match[0];
        break;
      }
    }
    componentOf.set(leaf, component);
    return component;
  };

  let firstSample = 0;
  if (fromLastIdleGapMs > 0) {
    let idleMicros = 0;
    profile.samples.forEach((nodeId, index) => {
      if (byId.get(nodeId)?.callFrame.functionName === '(idle)') {
        idleMicros += profile.timeDeltas[index] ?? 0;
      } else {
        if (idleMicros >= fromLastIdleGapMs * 1000) firstSample = index;
        idleMicros = 0;
      }
    });
  }

  const components = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, index) => {
    if (index < firstSample) return;
    const micros = profile.timeDeltas[index] ?? 0;
    const component = classify(nodeId);
    components.set(component, (components.get(component) ?? 0) + micros);
    if (component === 'idle') return;
    total += micros;
    const frame = byId.get(nodeId)?.callFrame;
    const where = frame?.url
      ? frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')
      : '';
    const name = `${frame?.functionName || '(anonymous)'}${where ? ` ${where}:${(frame?.lineNumber ?? 0) + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
  });
  const toMs = (micros: number) => Math.round(micros / 100) / 10;
  return {
    totalMs: toMs(total),
    components: [...components.entries()]
      .filter(([component]) => component !== 'idle')
      .sort((a, b) => b[1] - a[1])
      .map(([component, micros]) => ({ component, ms: toMs(micros), share: micros / total })),
    topFunctions: [...functions.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: toMs(micros), share: micros / total })),
  };
}

export function renderSummary(title: string, summary: ProfileSummary): string {
  const lines = [`${title}: ${summary.totalMs} ms of CPU sampled (idle excluded)`];
  for (const { component, ms, share } of summary.components) {
    lines.push(
      `  ${(share * 100).toFixed(1).padStart(5)}%  ${String(ms).padStart(8)} ms  ${component}`,
    );
  }
  lines.push('  top functions by self time:');
  for (const { name, ms, share } of summary.topFunctions) {
    lines.push(`  ${(share * 100).toFixed(1).padStart(5)}%  ${String(ms).padStart(8)} ms  ${name}`);
  }
  return lines.join('\n');
}
