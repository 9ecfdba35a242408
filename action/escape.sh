# Sourced by the Action's scripts (install.sh, run.sh): how they put text
# they did not write — an input, a path — into a workflow command.
# Written for bash 3.2 too (macOS).

# workflow_data prints its arguments, joined by spaces, as a workflow
# command's message: GitHub's escaping of data (%, CR and LF as %25, %0D
# and %0A), and every other byte that is not printable ASCII as \xNN, so
# that no control, bidi or invisible character reaches the log raw and
# the message can neither end its command nor start another.
workflow_data() {
  printf '%s' "$*" | LC_ALL=C od -An -v -tu1 | LC_ALL=C awk '{
    for (i = 1; i <= NF; i++) {
      b = $i + 0
      if (b == 37) printf "%%25"
      else if (b == 13) printf "%%0D"
      else if (b == 10) printf "%%0A"
      else if (b >= 32 && b < 127) printf "%c", b
      else printf "\\x%02x", b
    }
  }'
}
