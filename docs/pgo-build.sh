#!/usr/bin/env bash
# A profile-guided build of `crossover` for long simulations (docs/PERFORMANCE.md,
# "Profile-guided build"): an instrumented build plays a few hundred games of every game,
# then the release build is optimised with what they measured. Nothing about the games
# changes (same results for the same seeds); random Vs. System TCG play ran about 10%
# faster. The default `cargo build --release` is not affected.
#
# Usage: docs/pgo-build.sh [OUT]   (OUT defaults to target/pgo/crossover)
# Needs LLVM's profile merger from the toolchain: `rustup component add llvm-tools`.
# Takes two release builds (10-15 minutes on two cores) and a minute of games.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/target/pgo/crossover}"
work="$root/target/pgo"
sysroot="$(rustc --print sysroot)"
host="$(rustc -vV | sed -n 's/^host: //p')"
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [[ ! -x "$profdata" ]]; then
  echo "llvm-profdata not found at $profdata" >&2
  echo "install it with: rustup component add llvm-tools" >&2
  exit 2
fi
rm -rf "$work/raw"
mkdir -p "$work"

echo "1/3 instrumented build (target/pgo/gen)..." >&2
RUSTFLAGS="-Cprofile-generate=$work/raw" \
  cargo build --release --manifest-path "$root/Cargo.toml" --target-dir "$work/gen" -p crossover
gen="$work/gen/release/crossover"

echo "2/3 training: games of every game, random, greedy and search..." >&2
for game in vstcg vs2pcg ufs mc; do
  "$gen" bench "$game" --seconds 1 >/dev/null
done
"$gen" sim vstcg --games 300 --seed 11 --json --no-progress >/dev/null
"$gen" sim vstcg --games 60 --seed 12 --deck training-squad --deck sparring-circle \
  --deck training-squad --json --no-progress >/dev/null
"$gen" sim vstcg --games 30 --seed 13 --ai greedy --ai random --json --no-progress >/dev/null
"$gen" sim vs2pcg --games 300 --seed 14 --json --no-progress >/dev/null
"$gen" sim ufs --games 200 --seed 15 --json --no-progress >/dev/null
"$gen" sim mc --games 300 --seed 16 --json --no-progress >/dev/null
"$profdata" merge -o "$work/merged.profdata" "$work/raw"

echo "3/3 optimised build (target/pgo/use)..." >&2
RUSTFLAGS="-Cprofile-use=$work/merged.profdata" \
  cargo build --release --manifest-path "$root/Cargo.toml" --target-dir "$work/use" -p crossover
mkdir -p "$(dirname "$out")"
cp "$work/use/release/crossover" "$out"
echo "built $out" >&2
