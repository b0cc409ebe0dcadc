#!/usr/bin/env bash
# Issue 34 §1: the Vs. core shared with the TCG must not change one 2PCG game. This runs
# simulations with the release binary and compares their JSON with recorded outputs
# (baseline/). History: recorded before the reshaping began (main at d4dd1b3) with
# `sim`'s default pairings; re-recorded at cc86911 for three official rulings (issue 35
# §3). Since 2026-11-30 the runs name Marvel Battles decks explicitly: the default
# pairings now include the later sets' decks, whose cards change whenever one of their
# powers is written (issue 35), which would move every baseline. Recorded at 19525a5,
# where Marvel Battles' rules are those of 7f88611 (the last `same` with the old runs):
# only later-set cards, decks and card-language words were added since.
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
for pair in "avengers-cap villains-goblin" "xmen-wolverine guardians-groot" \
  "avengers-ironman villains-magneto" "xmen-storm guardians-starlord"; do
  set -- $pair
  check "sim-random-2000-$1-$2.json" sim vs2pcg --deck "$1" --deck "$2" --games 2000 --seed 1 --json
done
check sim-greedy-ismcts-200-spiderman-loki.json sim vs2pcg --deck avengers-spiderman \
  --deck villains-loki --ai greedy --ai ismcts:iterations=200 --games 200 --seed 1 --json
exit $status
