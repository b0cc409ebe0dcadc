#!/usr/bin/env python3
"""Prints the Marvel Champions AI table of docs/AI.md from the JSON results beside it
(run.sh writes them): wins, rate and Wilson 95% interval per hero and villain, ISMCTS
chunks summed, then the same per villain over the five heroes."""
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
