#!/usr/bin/env python3
"""Balance check of the designed 1st CEO component set by AI self-play.

    .venv/bin/python tests/bench/first_ceo_balance.py --games 400 --players 4 --ai normal

Reports the win rate by position in turn order (position 1 = the starting player) with 95 %
intervals, how often each scoring route carries the winner (which scoring condition kind gave the
winner most of its company points, and whether shares or companies made up most of its score),
game length, and how often each company ends up owned by a winner.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ai.core.worker import decide  # noqa: E402
from engine.core import Session  # noqa: E402
from engine.core.contract import SeatInfo  # noqa: E402
from engine.games.first_ceo import scoring  # noqa: E402
from engine.games.first_ceo.data import card  # noqa: E402


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - h) / d, (c + h) / d)


def route_of(state, seat) -> str:
    cards = [state.corp[seat]] + state.companies[seat]
    icons = scoring.icon_counts(cards)
    by_kind: Counter = Counter()
    for cid in cards:
        by_kind[card(cid).scoring.kind] += scoring.card_points(cid, icons)
    return by_kind.most_common(1)[0][0] if by_kind else "none"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--ai", default="normal")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = args.players
    wins_by_pos = [0.0] * n
    routes: Counter = Counter()
    mains: Counter = Counter()
    lengths = []
    for g in range(args.games):
        s = Session.new("first-ceo", [SeatInfo(f"AI {i + 1}", "ai", args.ai) for i in range(n)],
                        seed=args.seed * 100_003 + g)
        while not s.is_over():
            s.apply(decide(s), by_ai=True)
        st = s.state
        out = st.outcome()
        lengths.append(st.round)
        for w in out.winners:
            share = 1 / len(out.winners)
            wins_by_pos[(w - st.start) % n] += share
            routes[route_of(st, w)] += share
            b = out.breakdown[w]
            mains["shares" if b["shares"] >= b["companies"] else "companies"] += share
    print(f"1st CEO balance: {args.games} games, {n} players, all {args.ai}")
    for pos, w in enumerate(wins_by_pos):
        lo, hi = wilson(w, args.games)
        print(f"  position {pos + 1}{' (starting player)' if pos == 0 else ''}: "
              f"{w / args.games:6.1%} wins  [{lo:.1%}, {hi:.1%}]  (fair {1 / n:.1%})")
    print("  winner's main company-scoring route: " +
          ", ".join(f"{k} {v / args.games:.0%}" for k, v in routes.most_common()))
    print("  winner's larger category: " + ", ".join(f"{k} {v / args.games:.0%}" for k, v in mains.most_common()))
    lengths.sort()
    print(f"  rounds per game: median {lengths[len(lengths) // 2]}, min {lengths[0]}, max {lengths[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
