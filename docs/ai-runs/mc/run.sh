#!/bin/bash
# The Marvel Champions AI table of docs/AI.md (issue 13): each Core hero's pre-built deck,
# solo, Standard, against Rhino, Klaw and Ultron. random and greedy: 400 games, seed 1.
# ismcts (the default spec, 1,000 iterations): 400 games in four chunks of 100 with seeds
# 1-4, chunk by chunk over the table. Resumable: a result already written is skipped.
# Usage: docs/ai-runs/mc/run.sh [PATH-TO-crossover] [ismcts|greedy]
# Prints nothing; each result is one JSON file here (`crossover sim --json`). Copies may
# run at once (one per core): each takes the next cell no other copy is playing.
set -u
bin=${1:-target/release/crossover}
what=${2:-ismcts}
dir=$(cd "$(dirname "$0")" && pwd)
heroes="spider-man captain-marvel she-hulk iron-man black-panther"
run() { # file, sim arguments...
  local f=$dir/$1; shift
  [ -s "$f" ] && return
  # A cell another copy is playing is left to it (the lock goes when that copy ends).
  exec 9>"$f.lock"
  flock -n 9 || return
  [ -s "$f" ] || { "$bin" sim mc "$@" --threads 1 --json --no-progress > "$f.tmp" && mv "$f.tmp" "$f"; }
  exec 9>&-
  rm -f "$f.lock"
}
if [ "$what" = greedy ]; then
  for v in rhino klaw ultron; do for h in $heroes; do for ai in random greedy; do
    run "$ai-$h-$v.json" --deck "$h" --villain "$v" --ai "$ai" --games 400 --seed 1
  done; done; done
else
  for k in 1 2 3 4; do for v in klaw ultron rhino; do for h in $heroes; do
    run "ismcts-$h-$v-seed$k.json" --deck "$h" --villain "$v" --ai ismcts --games 100 --seed "$k"
  done; done; done
fi
