#!/usr/bin/env bash
# CI leg: server tests again on another Node line (`.ci/node-leg.sh 22 [vitest filters...]`: the
# whole server project, or only the files the filters name), with the node_modules the main run
# installed on Node 24. The native modules (better-sqlite3 13, sharp,
# argon2) are Node-API builds, so the same files load on 22.14+ and 24: this leg tests the
# drivers, crypto and streams of the other line without a second install.
set -euo pipefail
cd "$(dirname "$0")/.."

major="${1:?usage: .ci/node-leg.sh <node major, e.g. 22> [vitest filters...]}"
shift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

node_home="$(.ci/fetch-node.sh "$major" "$work")"
export PATH="$node_home/bin:$PATH"
export npm_config_nodedir="$node_home"
echo "Node leg: $(node --version) from the npm registry"
node scripts/check-node.mjs
# The federation files over TLS listen on loopback addresses at port 443: this leg's on a net of
# its own, as the main run's may be running at the same time.
export TEST_LOOPBACK_NET="$major"
npx vitest run --project server "$@"
