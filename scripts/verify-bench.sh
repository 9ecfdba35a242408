#!/usr/bin/env bash
# scripts/verify-bench.sh [LANGS]
# Runs BenchmarkVerify (verify/bench_test.go: `bqgen verify --lang L` on the
# canonical suite, the oracle and every mutant) as verify runs it (warm
# runners where the language has one) for each language LANGS matches (a
# regular expression, default every language), and writes its table into
# README.md and docs/development.md, between their verify-bench markers.
# The figures are the benchmark's own: wall time per verification and the
# CPU time of the runners, the oracle and verify (cpu-s/op), which a loaded machine
# distorts least. Run it on an idle machine.
#
# scripts/verify-bench.sh --table < OUTPUT
# Prints the table for benchmark output already taken.
set -euo pipefail
cd "$(dirname "$0")/.."

# table turns `go test -bench` lines of BenchmarkVerify into a Markdown table,
# in the order they ran.
table() {
  awk '
    BEGIN { rows = 0 }
    $1 ~ /^BenchmarkVerify\// {
      split($1, name, "/"); lang = name[2]; mode = name[3]; sub(/-[0-9]+$/, "", mode)
      wall = ""; cpu = ""; selected = ""; mutantRuns = ""; mutants = ""; runner = (mode == "process-per-run" ? "a process per run (asked for)" : mode)
      for (i = 2; i < NF; i++) {
        if ($(i + 1) == "ns/op") wall = sprintf("%.1f s", $i / 1e9)
        if ($(i + 1) == "cpu-s/op") cpu = sprintf("%.1f s", $i)
        if ($(i + 1) == "warm-runner") runner = ($i == 1 ? "warm" : "a process per run")
        if ($(i + 1) == "selected-files") selected = $i
        if ($(i + 1) == "mutant-runs") mutantRuns = $i
        if ($(i + 1) == "mutants") mutants = $i
      }
      if (selected == 1) runner = runner ", the files each mutant changes"
      if (mutants != "" && mutantRuns != "") runner = runner sprintf(", %d runs for %d mutants", mutantRuns, mutants)
      if (wall == "") next
      if (rows++ == 0) { print "| language | runs | wall | CPU (runners, oracle, verify) |"; print "|---|---|---|---|" }
      printf "| %s | %s | %s | %s |\n", lang, runner, wall, (cpu == "" ? "not measured here" : cpu)
    }
    END { if (rows == 0) { print "verify-bench: no BenchmarkVerify result in the input" > "/dev/stderr"; exit 1 } }'
}

if [ "${1:-}" = --table ]; then table; exit; fi
langs=${1:-.*}
docs=(README.md docs/development.md)
for doc in "${docs[@]}"; do
  grep -q '^<!-- verify-bench: begin -->$' "$doc" && grep -q '^<!-- verify-bench: end -->$' "$doc" ||
    { echo "verify-bench: $doc has no verify-bench markers" >&2; exit 1; }
done

out=$(mktemp)
trap 'rm -f "$out" "$out.table" "$out.doc"' EXIT
go test ./verify -run '^$' -bench "^BenchmarkVerify\$/^(${langs})\$/^default\$" -benchtime 1x -timeout 60m | tee "$out"
{
  echo "\`scripts/verify-bench.sh\` ($(go env GOVERSION), $(go env GOOS)/$(go env GOARCH), $(getconf _NPROCESSORS_ONLN) CPUs; canonical suite $(cat conformance/CONFORMANCE_VERSION), the oracle and every mutant):"
  echo
  table < "$out"
} > "$out.table"
for doc in "${docs[@]}"; do
  awk -v table="$out.table" '
    /^<!-- verify-bench: begin -->$/ { print; while ((getline line < table) > 0) print line; close(table); skip = 1; next }
    /^<!-- verify-bench: end -->$/ { skip = 0 }
    !skip { print }' "$doc" > "$out.doc"
  cat "$out.doc" > "$doc"
  echo "verify-bench: $doc updated"
done
