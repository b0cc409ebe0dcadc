#!/usr/bin/env python3
"""Prints the Marvel Champions AI table of docs/AI.md from the JSON results beside it
(run.sh writes them): wins, rate and Wilson 95% interval per hero and villain, ISMCTS
chunks summed, then the same per villain over the five heroes, then the bar: each level
against the one below, per villain and per cell (Wilson intervals apart, and the one-sided
Fisher exact test's p)."""
import json, math, os, glob

DIR = os.path.dirname(os.path.abspath(__file__))
HEROES = ["spider-man", "captain-marvel", "she-hulk", "iron-man", "black-panther"]
VILLAINS = ["rhino", "klaw", "ultron"]


def wilson(w, n, z=1.959964):
    if n == 0:
        return (0.0, 1.0)
    p = w / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def fisher_greater(a, n1, b, n2):
    """P(the first sample has a or more of the a + b wins), by the hypergeometric law:
    the one-sided Fisher exact test that the first rate is higher."""
    k, total = a + b, n1 + n2
    denom = math.comb(total, k)
    return sum(math.comb(n1, i) * math.comb(n2, k - i) for i in range(a, min(k, n1) + 1)) / denom


def above(upper, lower):
    """Whether `upper` (wins, games) is clearly above `lower`: intervals apart."""
    return wilson(*upper)[0] > wilson(*lower)[1]


def load(pattern):
    w = n = 0
    for f in glob.glob(os.path.join(DIR, pattern)):
        d = json.load(open(f))
        w += d["wins"][0]
        n += d["games"]
    return w, n


def cell(w, n):
    if n == 0:
        return "—"
    lo, hi = wilson(w, n)
    return f"{w} of {n}, {100 * w / n:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)"


print("| hero | villain | random | greedy | ismcts |")
print("|---|---|---|---|---|")
pooled = {}
for v in VILLAINS:
    for h in HEROES:
        row = [load(f"random-{h}-{v}.json"), load(f"greedy-{h}-{v}.json"), load(f"ismcts-{h}-{v}-seed*.json")]
        for i, (w, n) in enumerate(row):
            pw, pn = pooled.get((v, i), (0, 0))
            pooled[(v, i)] = (pw + w, pn + n)
        print(f"| {h} | {v} | " + " | ".join(cell(w, n) for w, n in row) + " |")
print()
print("| villain (five heroes) | random | greedy | ismcts |")
print("|---|---|---|---|")
for v in VILLAINS:
    print(f"| {v} | " + " | ".join(cell(*pooled[(v, i)]) for i in range(3)) + " |")

print()
print("| villain (five heroes) | greedy above random | ismcts above greedy |")
print("|---|---|---|")
for v in VILLAINS:
    r, g, i = (pooled[(v, k)] for k in range(3))
    def verdict(hi, lo):
        word = "yes, intervals apart" if above(hi, lo) else "no, intervals overlap"
        return f"{word}; Fisher p = {fisher_greater(hi[0], hi[1], lo[0], lo[1]):.2g}"
    print(f"| {v} | {verdict(g, r)} | {verdict(i, g)} |")
print()
cells = [(v, h) for v in VILLAINS for h in HEROES]
gr = [c for c in cells if above(load(f"greedy-{c[1]}-{c[0]}.json"), load(f"random-{c[1]}-{c[0]}.json"))]
ig = [c for c in cells if above(load(f"ismcts-{c[1]}-{c[0]}-seed*.json"), load(f"greedy-{c[1]}-{c[0]}.json"))]
print(f"Cells (hero and villain) with intervals apart: greedy above random in {len(gr)} of {len(cells)}, "
      f"ismcts above greedy in {len(ig)} of {len(cells)}.")
