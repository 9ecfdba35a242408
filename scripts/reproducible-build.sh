#!/usr/bin/env bash
# scripts/reproducible-build.sh [--shared-cache] [GOOS/GOARCH]
# Proves a release build reproducible: two clean clones of HEAD, in
# different directories, each built by scripts/release-build.sh, must give
# the same SHA-256. The second build starts from an empty build cache, so
# nothing cached by an earlier build reaches its bytes; that costs a
# compile of the standard library and every dependency (about 70 s of CPU).
# --shared-cache gives it the machine's cache instead: the check then
# proves the bytes depend on neither the directory nor the clone (release
# builds use -trimpath, so the cache's keys do not name the directory),
# which .ci/run checks on every run; ci.yml's hosted runner checks the
# empty-cache build.
set -euo pipefail
fresh_cache=1
if [ "${1:-}" = --shared-cache ]; then fresh_cache=; shift; fi
target=${1:-linux/amd64}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
sums=()
for n in 1 2; do
  git clone --quiet --no-hardlinks . "$tmp/clone-$n/bqgen"
  cache=$(go env GOCACHE)
  if [ "$n" = 2 ] && [ -n "$fresh_cache" ]; then cache="$tmp/gocache"; fi
  GOCACHE=$cache "$tmp/clone-$n/bqgen/scripts/release-build.sh" v0.0.0-repro "$tmp/out-$n" "$target" >/dev/null
  sums+=("$(cd "$tmp/out-$n" && sha256sum bqgen-* | cut -d' ' -f1)")
  echo "build $n ($tmp/clone-$n, build cache $cache): ${sums[-1]}"
done
if [ "${sums[0]}" != "${sums[1]}" ]; then echo "reproducible-build: the two builds of $target differ" >&2; exit 1; fi
echo "reproducible: $target ${sums[0]}"
