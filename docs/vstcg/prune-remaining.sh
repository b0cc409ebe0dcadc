#!/bin/sh
# Takes the rules that now have a test (or a not-implemented entry) off REMAINING in
# crates/vstcg/tests/sections.rs, as the sections test reports them. Run from the
# repository root after adding tests: docs/vstcg/prune-remaining.sh
set -e
out=$(cargo test -q -p crossover-vstcg --test sections -- --nocapture 2>&1 || true)
list=$(printf '%s\n' "$out" | sed -n 's/.*take them off the list: //p' | head -1)
if [ -z "$list" ]; then
    printf '%s\n' "$out" | grep -E "checkable;" || true
    echo "nothing to take off REMAINING"
    exit 0
fi
python3 - "$list" <<'PY'
import re, sys
rules = [r.strip() for r in sys.argv[1].split(",") if r.strip()]
p = "crates/vstcg/tests/sections.rs"
s = open(p).read()
start = s.index("const REMAINING: &[&str] = &[")
end = s.index("];", start)
body = s[start:end]
for r in rules:
    body, n = re.subn(r'\s*"' + re.escape(r) + r'",', "", body, count=1)
    if n != 1:
        sys.exit(f"{r} is not in REMAINING")
s = s[:start] + body + s[end:]
open(p, "w").write(s)
print("took off REMAINING:", ", ".join(rules))
PY
rustfmt --edition 2021 crates/vstcg/tests/sections.rs
cargo test -q -p crossover-vstcg --test sections -- --nocapture 2>&1 | grep -E "checkable;|panicked" || true
