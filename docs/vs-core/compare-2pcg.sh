#!/usr/bin/env bash
# Issue 34 §1: the Vs. core shared with the TCG must not change one 2PCG game. This runs
# the two simulations the issue names with the release binary and compares their JSON
# with the outputs recorded before the reshaping began (main at d4dd1b3, in baseline/).
# Re-recorded at cc86911 (issue 35 §3): three official rulings change 2PCG on purpose
# (Godslayer Blade's errata, Mind Control's return row, counters kept on a defending
# player); the outputs before that are in git history.
# Usage: docs/vs-core/compare-2pcg.sh [BIN]   (BIN defaults to target/release/crossover)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../target/release/crossover}"
if [[ ! -x "$bin" ]]; then
  echo "no binary at $bin: run 'cargo build --release' first, or give its path" >&2
  exit 2
fi
status=0
check() {
  local name="$1"; shift
  local out
  out="$("$bin" "$@")"
  if [[ "$out" == "$(cat "$here/baseline/$name")" ]]; then
    echo "same:    crossover $* (baseline/$name)"
  else
    echo "DIFFERS: crossover $* (baseline/$name)"
    diff <(echo "$out") "$here/baseline/$name" || true
    status=1
  fi
}
check sim-random-5000.json sim vs2pcg --games 5000 --seed 1 --json
check sim-greedy-ismcts-300.json sim vs2pcg --ai greedy --ai ismcts:iterations=200 --games 300 --seed 1 --json
exit $status
