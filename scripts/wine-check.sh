#!/usr/bin/env bash
# scripts/wine-check.sh
# Runs the windows/amd64 bqgen under wine (a real Windows run on Linux):
# version, generate into a stand-in SDK checkout, then check it, which must
# find it up to date; then a hand edit, which check must report.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wine >/dev/null || { echo "wine-check: wine is not installed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/release-build.sh v0.0.0-wine "$tmp/dist" windows/amd64 >/dev/null
export WINEPREFIX="$tmp/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
bqgen() { wine "$tmp/dist/bqgen-v0.0.0-wine-windows-amd64.exe" "$@"; }
mkdir -p "$tmp/sdk"
cd "$tmp/sdk"
# Go 1.22 and later need bcryptprimitives.dll (ProcessPrng), which wine
# before 9.0 lacks (Debian 12's wine 8.0): exit 3, "cannot run here".
if ! bqgen version >"$tmp/version.out" 2>&1; then
  if grep -q "bcryptprimitives.dll not found" "$tmp/version.out"; then
    echo "wine-check: $(wine --version) cannot run Go's Windows binaries (bcryptprimitives.dll not found)" >&2; exit 3
  fi
  echo "wine-check: bqgen version failed:"; cat "$tmp/version.out"; exit 1
fi
tr -d '\r' <"$tmp/version.out" | grep -F "bqgen v0.0.0-wine (release)" >/dev/null || { echo "wine-check: version"; cat "$tmp/version.out"; exit 1; }
bqgen generate --lang go --out conformance
bqgen check --lang go --out conformance | tr -d '\r' | grep -F "up to date" >/dev/null
gen=$(ls conformance/*_test.go | head -n1)
echo "// a hand edit" >> "$gen"
if bqgen check --lang go --out conformance >"$tmp/check.out" 2>&1; then
  echo "wine-check: check passed over a hand-edited $gen"; cat "$tmp/check.out"; exit 1
fi
echo "wine-check: the windows/amd64 bqgen generated, checked (up to date) and found a hand edit"
