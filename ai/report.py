"""Strength and speed report for RESULTS.md files.

    python -m ai.report first-ceo --players 4 --games 500 --seed 1 --ai normal,easy,easy,easy

Runs exactly what `tycoons simulate ... --rotate` runs (same seeds, same games), prints its JSON
line, then Markdown tables: the share of games each level won with a 95% Wilson interval, and the
median, p95 and maximum time of one decision of each level. Shares of games won are binomial
over games (a shared win counts as a fraction), so the interval is valid for every level.
"""

from __future__ import annotations

import argparse
import json
import math
import platform

from ai.simulate import simulate


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (shared wins counted as fractions)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def _pct(times: list[float], q: float) -> float:
    s = sorted(times)
    return 1000 * s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.report")
    ap.add_argument("game")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai", required=True)
    ap.add_argument("--iterations", type=int, default=None, help="cap searching levels (reproducible)")
    ap.add_argument("--think-ms", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    levels = args.ai.split(",")
    r = simulate(args.game, args.players, args.games, args.seed, levels, rotate=True,
                 think_ms=args.think_ms, iterations=args.iterations, jobs=args.jobs)
    print(json.dumps(r.summary(True)))
    print()
    print(f"{r.finished} of {r.games} games finished; {args.players} players; levels {args.ai} rotated "
          f"over the seats; seed {args.seed}; {platform.python_implementation()} {platform.python_version()}.")
    print()
    print("| level | seats per game | share of games won | 95% interval | fair share | per seat |")
    print("|---|---|---|---|---|---|")
    n = r.finished
    for lv in dict.fromkeys(levels):
        k = levels.count(lv)
        wins = r.wins_by_level[lv]
        lo, hi = wilson(wins, n)
        print(f"| {lv} | {k} | {wins / max(n, 1):.1%} ({_num(wins)} of {n}) | {lo:.1%} – {hi:.1%} | "
              f"{k / args.players:.1%} | {wins / max(n * k, 1):.1%} |")
    print()
    print("| level | decisions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for lv, times in r.decision_seconds.items():
        print(f"| {lv} | {len(times)} | {_pct(times, 0.5):.2f} | {_pct(times, 0.95):.2f} | "
              f"{1000 * max(times, default=0):.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
