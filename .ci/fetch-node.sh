#!/usr/bin/env bash
# Fetches a Node major from the npm registry into a folder and prints that Node's home (bin/node,
# include/node). The CI machine reaches only npm and Debian, and its own Node is 20:
# node-<platform>-<arch> is the package behind `npx -p node@24`, with the official binary and its
# headers. Unpacked into a folder of its own rather than npx's shared cache, whose next run prunes
# the platform package (and with it the headers) as extraneous.
#   .ci/fetch-node.sh 24 /tmp/somewhere   ->   /tmp/somewhere/package
set -euo pipefail

major="${1:?usage: .ci/fetch-node.sh <node major> <folder>}"
into="${2:?usage: .ci/fetch-node.sh <node major> <folder>}"
mkdir -p "$into"
# Any Node can run npm pack; the platform is this machine's.
platform="$(node -p 'process.platform + "-" + process.arch')"
tarball="$(cd "$into" && npm pack --silent "node-$platform@$major" | tail -n 1)"
tar -xzf "$into/$tarball" -C "$into"
rm -f "$into/$tarball"
"$into/package/bin/node" --version >&2
echo "$into/package"
