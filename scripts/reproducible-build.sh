#!/usr/bin/env bash
# scripts/reproducible-build.sh [GOOS/GOARCH]
# Proves a release build reproducible: two clean clones of HEAD, in
# different directories, each built by scripts/release-build.sh (the
# second with an empty build cache), must give the same SHA-256.
set -euo pipefail
target=${1:-linux/amd64}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
sums=()
for n in 1 2; do
  git clone --quiet --no-hardlinks . "$tmp/clone-$n/bqgen"
  cache=$(go env GOCACHE)
  [ "$n" = 2 ] && cache="$tmp/gocache"
  GOCACHE=$cache "$tmp/clone-$n/bqgen/scripts/release-build.sh" v0.0.0-repro "$tmp/out-$n" "$target" >/dev/null
  sums+=("$(cd "$tmp/out-$n" && sha256sum bqgen-* | cut -d' ' -f1)")
  echo "build $n ($tmp/clone-$n): ${sums[-1]}"
done
if [ "${sums[0]}" != "${sums[1]}" ]; then echo "reproducible-build: the two builds of $target differ" >&2; exit 1; fi
echo "reproducible: $target ${sums[0]}"
