#!/usr/bin/env bash
# scripts/asset-name.sh VERSION GOOS GOARCH
# The name of a release binary: the one rule that scripts/release-build.sh
# builds by and the Action's install step (action/install.sh) downloads by.
set -euo pipefail
if [ $# -ne 3 ]; then echo "usage: $0 VERSION GOOS GOARCH" >&2; exit 2; fi
ext=
[ "$2" = windows ] && ext=.exe
echo "bqgen-$1-$2-$3$ext"
