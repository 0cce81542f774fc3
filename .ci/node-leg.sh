#!/usr/bin/env bash
# CI leg: the server tests again on another Node major (`.ci/node-leg.sh 24`), after the main
# suite has run on the machine's own Node with the same node_modules. That Node comes from the npm
# registry, since the CI machine reaches only npm and Debian: node-<platform>-<arch> is the
# package behind `npx -p node@24`, with the official binary and its headers (include/node).
set -euo pipefail
cd "$(dirname "$0")/.."

major="${1:?usage: .ci/node-leg.sh <node major, e.g. 24>}"
started=$SECONDS
work="$(mktemp -d)"
finish() {
  local status=$?
  local result=passed
  [ "$status" -eq 0 ] || result="FAILED (exit $status)"
  echo "Node ${version:-$major} leg: server tests $result in $((SECONDS - started)) s"
  rm -rf "$work"
}
trap finish EXIT

# Unpacked into a folder of its own rather than npx's shared cache, whose next run prunes the
# platform package (and with it the headers) as extraneous.
platform="$(node -p 'process.platform + "-" + process.arch')"
tarball="$(cd "$work" && npm pack --json "node-$platform@$major" |
  node -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename')"
tar -xzf "$work/$tarball" -C "$work"
node_home="$work/package"
node_bin="$node_home/bin/node"
version="$("$node_bin" --version)"
echo "Node leg: $version from the npm registry (node-$platform)"

# Everything below (npx, vitest, the children tests spawn) runs on this Node. Native modules that
# are rebuilt for it need its own headers, not the system Node's (~/.npmrc may name /usr).
export PATH="$(dirname "$node_bin"):$PATH"
export npm_config_nodedir="$node_home"

# The SQLite driver this Node picks (apps/server/src/db/sqlite-driver.ts): from Node-API 10 on it
# is better-sqlite3 13 (package alias better-sqlite3-napi), a Node-API build that loads on any such
# Node as installed. npm skipped it if the install ran on Node 20 (its engines say 22+): then npm
# adds it now, under this Node, without touching the rest or the lock file. Only if it still does
# not load (no prebuilt binary for this machine) is it compiled into its own build/ folder.
# better-sqlite3 12, built for the machine's Node 20, is left as it is.
probe='const napi = Number(process.versions.napi);
if (napi < 10) throw new Error(`Node-API ${napi}: this leg expects a Node with Node-API 10+`);
const Database = require("better-sqlite3-napi");
const db = new Database(":memory:");
console.log(`SQLite driver: better-sqlite3 ${require("better-sqlite3-napi/package.json").version}, SQLite ${db.prepare("select sqlite_version() as v").get().v}`);
db.close();'
if [ ! -d node_modules/better-sqlite3-napi ]; then
  echo "better-sqlite3-napi is not installed (npm skips it on Node 20): adding it for $version"
  npm install --no-save --no-audit --no-fund
fi
if ! (cd apps/server && node -e "$probe"); then
  echo "better-sqlite3-napi does not load on $version: compiling it for this machine"
  (cd node_modules/better-sqlite3-napi && npm run build-release)
  (cd apps/server && node -e "$probe")
fi

npx vitest run --project server
