// An ESLint rule that reports every import circle among the apps' and packages' sources, type-only
// imports included: they vanish at run time, but two files that name each other's types still
// cannot be read, tested or moved apart, and both circles this repository had were of that kind.
// The whole graph is read once per run with TypeScript's import scanner (no type checking), so the
// rule costs a fraction of a second, not a traversal per file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sourceRoots = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
/** Bare specifiers that name our own code, and where they lead. */
const aliases = [
  { prefix: '@pinhole/contracts', target: 'packages/contracts/src/index.ts', exact: true },
  { prefix: '@/', target: 'apps/web/src/' },
];
const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// An editor keeps one ESLint process for hours: the graph is read again after this long.
const maxAgeMs = 5_000;

function sourceFiles(dir, found = []) {
  if (!fs.existsSync(dir)) return found;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourceFiles(full, found);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

function resolveSpecifier(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else {
    const alias = aliases.find(({ prefix, exact }) =>
      exact ? specifier === prefix : specifier.startsWith(prefix),
    );
    if (!alias) return undefined;
    if (alias.exact) return path.join(root, alias.target);
    base = path.join(root, alias.target, specifier.slice(alias.prefix.length));
  }
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  const withoutJs = base.replace(/\.js$/, '');
  for (const extension of extensions) {
    if (fs.existsSync(withoutJs + extension)) return withoutJs + extension;
  }
  return undefined;
}

/** Every file's imports (resolved paths) and the circle, as a set of files, each file is in. */
function readGraph() {
  const imports = new Map();
  for (const file of sourceRoots.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Map();
    for (const { fileName } of importedFiles) {
      const target = resolveSpecifier(file, fileName);
      if (target && !targets.has(target)) targets.set(target, fileName);
    }
    imports.set(file, targets);
  }
  // Tarjan's strongly connected components: a component of two files or more is a circle.
  const circleOf = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file)?.keys() ?? []) {
      if (!imports.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.add(member);
    } while (member !== file);
    if (component.size > 1) for (const each of component) circleOf.set(each, component);
  };
  for (const file of imports.keys()) if (!index.has(file)) visit(file);
  return { imports, circleOf };
}

let graph;
let readAt = 0;
function currentGraph() {
  if (!graph || Date.now() - readAt > maxAgeMs) {
    graph = readGraph();
    readAt = Date.now();
  }
  return graph;
}

/** The shortest way back from `start` to `file` inside their circle, as paths from the root. */
function wayBack(imports, circle, start, file) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === file) break;
    for (const target of imports.get(current)?.keys() ?? []) {
      if (circle.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, current);
        queue.push(target);
      }
    }
  }
  const way = [];
  for (let step = file; step; step = cameFrom.get(step)) way.unshift(path.relative(root, step));
  return way;
}

export const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only imports included.' },
    messages: { circle: 'Import circle: {{way}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const { imports, circleOf } = currentGraph();
    const circle = circleOf.get(file);
    if (!circle) return {};
    const report = (node) => {
      const target = resolveSpecifier(file, node.source.value);
      if (!target || !circle.has(target)) return;
      const way = [path.relative(root, file), ...wayBack(imports, circle, target, file)];
      context.report({ node, messageId: 'circle', data: { way: way.join(' → ') } });
    };
    return {
      ImportDeclaration: report,
      ExportNamedDeclaration: (node) => node.source && report(node),
      ExportAllDeclaration: report,
    };
  },
};
