#!/usr/bin/env bash
# scripts/release-build.sh VERSION OUTDIR [GOOS/GOARCH ...]
# Builds bqgen's release binaries, VERSION stamped, into OUTDIR with a
# SHA256SUMS file; by default the six of a release (linux, darwin, windows
# x amd64, arm64). The release workflow and .ci/run both call it.
# Reproducible: the same commit and Go version give the same bytes in any
# directory on any machine (-trimpath drops paths, -buildvcs=false the
# checkout's state, -buildid= the build ID, CGO_ENABLED=0 the C toolchain).
set -euo pipefail
if [ $# -lt 2 ]; then echo "usage: $0 VERSION OUTDIR [GOOS/GOARCH ...]" >&2; exit 2; fi
version=$1 out=$2; shift 2
if ! [[ $version =~ ^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]]; then
  echo "release-build: VERSION $version is not a release version (vMAJOR.MINOR.PATCH[-PRERELEASE])" >&2; exit 2
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
cd "$(dirname "$0")/.."
mkdir -p "$out"
out=$(cd "$out" && pwd)
names=()
for target in "${targets[@]}"; do
  goos=${target%/*} goarch=${target#*/}
  name=$(scripts/asset-name.sh "$version" "$goos" "$goarch")
  CGO_ENABLED=0 GOOS=$goos GOARCH=$goarch GOFLAGS=-mod=readonly \
    go build -trimpath -buildvcs=false \
      -ldflags "-s -w -buildid= -X github.com/babelqueue/bqgen/buildinfo.stamped=$version" \
      -o "$out/$name" ./cmd/bqgen
  names+=("$name")
done
(cd "$out" && sha256sum "${names[@]}" > SHA256SUMS)
cat "$out/SHA256SUMS"
