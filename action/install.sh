#!/usr/bin/env bash
# Installs bqgen for the GitHub Action (action.yml): the release binary for
# this runner's OS and architecture, its SHA-256 checked against the
# release's SHA256SUMS; where the release has no binary for this runner,
# `go install` of the same version. Writes the binary's path to
# $GITHUB_OUTPUT (bin=...) and its directory to $GITHUB_PATH.
#
# Environment: BQGEN_VERSION (a release tag, e.g. v0.3.0; required),
# RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_PATH (set by the
# runner), BQGEN_RELEASE_BASE_URL (where the release's assets are; default the
# GitHub release of the tag; any URL curl reads, file:// included).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/escape.sh"

fail() { echo "::error title=bqgen install::$(workflow_data "$*")" >&2; exit 1; }

version=${BQGEN_VERSION:-}
[ -n "$version" ] || fail "the version input is required: a release tag such as v0.3.0 (pin it; there is no 'latest')"
case $version in
  v[0-9]*) ;;
  *) fail "version '$version' is not a release tag (vMAJOR.MINOR.PATCH)" ;;
esac
# A tag is a path element of the URL and of go install's argument: keep it plain.
[[ $version =~ ^v[0-9A-Za-z.+-]+$ ]] || fail "version '$version' holds characters a release tag does not"

case ${RUNNER_OS:-} in
  Linux) os=linux ;;
  macOS) os=darwin ;;
  Windows) os=windows ;;
  *) os= ;;
esac
case ${RUNNER_ARCH:-} in
  X64) arch=amd64 ;;
  ARM64) arch=arm64 ;;
  *) arch= ;;
esac
ext=
[ "$os" = windows ] && ext=.exe

dest="${RUNNER_TEMP:?RUNNER_TEMP is not set}/bqgen-$version/bin"
mkdir -p "$dest"
bin="$dest/bqgen$ext"
base=${BQGEN_RELEASE_BASE_URL:-https://github.com/babelqueue/bqgen/releases/download/$version}
# Release assets are named as scripts/release-build.sh builds them.
asset=$("$(dirname "${BASH_SOURCE[0]}")/../scripts/asset-name.sh" "$version" "${os:-none}" "${arch:-none}")

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

# fits prints the release's checksum for this runner's asset; it fails when
# the runner is no OS/arch a release is built for, or the release (its
# SHA256SUMS) has no such asset.
fits() {
  [ -n "$os" ] && [ -n "$arch" ] || return 1
  curl -fsSL --retry 3 -o "$dest/SHA256SUMS" "$base/SHA256SUMS" 2>/dev/null || return 1
  awk -v a="$asset" '($2 == a || $2 == "*" a) { print $1; found = 1; exit } END { exit !found }' "$dest/SHA256SUMS"
}

if want=$(fits); then
  echo "bqgen: downloading $asset from $base"
  curl -fsSL --retry 3 -o "$bin.download" "$base/$asset" || fail "$base/$asset: the download failed, though SHA256SUMS lists it"
  got=$(sha256 "$bin.download")
  if [ "$got" != "$want" ]; then
    rm -f "$bin.download"
    fail "$asset: SHA-256 $got, but SHA256SUMS says $want: refused"
  fi
  mv "$bin.download" "$bin"
  chmod +x "$bin"
else
  echo "bqgen: no release binary for ${RUNNER_OS:-?}/${RUNNER_ARCH:-?} in $base: building with go install"
  command -v go >/dev/null 2>&1 ||
    fail "no release binary fits this runner and go is not installed: add actions/setup-go before this step"
  GOBIN="$dest" go install "github.com/babelqueue/bqgen/cmd/bqgen@$version"
  [ -x "$bin" ] || fail "go install wrote no $bin"
fi
rm -f "$dest/SHA256SUMS"

"$bin" --version
echo "bin=$bin" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
echo "$dest" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
