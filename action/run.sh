#!/usr/bin/env bash
# Runs one bqgen command for the GitHub Action (action.yml), in the working
# directory the step sets. check annotates and writes the job summary. For
# `report`: the report is built once (JSON,
# with the gate), then rendered from that JSON as Markdown into the job
# summary and as HTML for upload, and its totals become the step's outputs;
# the step exits as the gated report did.
#
# Environment: BQGEN_BIN (the binary install.sh wrote), BQGEN_COMMAND (check,
# generate, report or verify), BQGEN_CONFIG, BQGEN_RESULTS (result files,
# one per line), BQGEN_RESULTS_DIR, BQGEN_FAIL_ON, BQGEN_ARGS (more
# arguments, split at whitespace), and the runner's RUNNER_TEMP,
# GITHUB_OUTPUT, GITHUB_STEP_SUMMARY. Written for bash 3.2 too (macOS):
# ${args[@]+...} expands an empty array under set -u.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/escape.sh"

fail() { echo "::error title=bqgen::$(workflow_data "$*")" >&2; exit 2; }

bqgen=${BQGEN_BIN:?BQGEN_BIN is not set: the install step did not run}
args=()
[ -n "${BQGEN_CONFIG:-}" ] && args+=(--config "$BQGEN_CONFIG")
if [ -n "${BQGEN_ARGS:-}" ]; then
  read -r -a extra <<<"$BQGEN_ARGS"
  args+=("${extra[@]}")
fi

# check, with no --format of the caller's: annotations on the files it
# finds stale (--format github) and the same findings as a table in the job
# summary (--format md), so a red step says why where the reviewer looks.
check_annotated() {
  local status=0
  "$bqgen" check --format github ${args[@]+"${args[@]}"} || status=$?
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    "$bqgen" check --format md ${args[@]+"${args[@]}"} >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
  fi
  exit "$status"
}

case ${BQGEN_COMMAND:-check} in
  check)
    case " ${BQGEN_ARGS:-} " in
      *" --format"*) exec "$bqgen" check ${args[@]+"${args[@]}"} ;;
      *) check_annotated ;;
    esac ;;
  generate | verify)
    exec "$bqgen" "$BQGEN_COMMAND" ${args[@]+"${args[@]}"} ;;
  report) ;;
  *) fail "command '${BQGEN_COMMAND}': want check, generate, report or verify" ;;
esac

while IFS= read -r file; do
  file=${file%$'\r'}
  [ -n "$file" ] && args+=(--results "$file")
done <<<"${BQGEN_RESULTS:-}"
if [ -n "${BQGEN_RESULTS_DIR:-}" ]; then
  # No results directory is what a test step that failed before writing
  # its results leaves: say that, not the file system's lstat error.
  [ -d "$BQGEN_RESULTS_DIR" ] || fail "results-dir '$BQGEN_RESULTS_DIR' does not exist in $(pwd): no test results were written (did the step that runs the tests fail before writing them?)"
  args+=(--results-dir "$BQGEN_RESULTS_DIR")
fi
[ -n "${BQGEN_FAIL_ON:-}" ] && args+=(--fail-on "$BQGEN_FAIL_ON")

out="${RUNNER_TEMP:?RUNNER_TEMP is not set}/bqgen-report"
mkdir -p "$out"
json="$out/conformance.json" html="$out/conformance.html"
rm -f "$json"
status=0
"$bqgen" report ${args[@]+"${args[@]}"} --format json --output "$json" 2>"$out/stderr" || status=$?
cat "$out/stderr" >&2
if [ ! -f "$json" ]; then
  exit "$status" # no report at all: bad flags or input, already said on stderr
fi
summary=${GITHUB_STEP_SUMMARY:?GITHUB_STEP_SUMMARY is not set}
"$bqgen" report --merge "$json" --format md >>"$summary"
"$bqgen" report --merge "$json" --format html --output "$html" ${BQGEN_TITLE:+--title "$BQGEN_TITLE"}
if [ "$status" -ne 0 ]; then
  # An indented code block: no line of bqgen's message can end it (a fence
  # could be closed by a line of backticks).
  { echo; echo '## The gate failed'; echo; sed 's/^/    /' "$out/stderr"; } >>"$summary"
fi
{
  # pass and fail as passed and failed; every other total under its name.
  "$bqgen" report --merge "$json" --format counts | sed -e 's/^pass=/passed=/' -e 's/^fail=/failed=/'
  echo "json=$json"
  echo "html=$html"
} >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
exit "$status"
