"""How the two-player draft constants of agents.py (DRAFT_STRENGTH, BESIDE_A_MINE, FIRST_FOREST,
THIRD_FOREST, ROW_WEIGHT) are measured, so they can be measured again after a data change:

    python -m ai.games.victory_through_industry.draft_fit --games 2000 --seed 101

plays two-player games, every seat Normal except that the draft is random (so no drafting habit
ties a set to the contracts that led to it), and fits a logistic model of the winner on the
difference between the two sets' features (below), with a small ridge. Prints each weight with its
standard error. The constants in agents.py came from 2,384 games (333 with a random draft, the
rest with earlier Normal drafts; the play after the draft is the same Normal in all).
Headless; one process.
"""

from __future__ import annotations

import argparse
import math

from ai.core.agent import Budget
from ai.games.victory_through_industry.agents import MINES, NormalAgent, _row_value
from ai.simulate import DECISION_CAP, game_seed, play_out
from engine.core.contract import SeatInfo
from engine.core.session import Session

TYPES = ("iron_mine", "coal_mine", "oil_well", "cattle_ranch", "cotton_plantation")
NAMES = (*TYPES, "first Forest", "third Forest", "Cotton beside a mine", "Cattle beside a mine",
         "contracts on offer (per point)", "moves first")


def features(factories, row) -> list[float]:
    """One set's features: each non-Forest type held, a first and a third Forest, the two pairs
    with a mine, and the points of the contracts on offer its factories answer."""
    has = set(factories)
    mine = any(m in has for m in MINES)
    forests = list(factories).count("forest")
    return ([float(t in has) for t in TYPES]
            + [float(forests >= 1), float(forests >= 3),
               float(mine and "cotton_plantation" in has), float(mine and "cattle_ranch" in has),
               sum(_row_value(t, row) for t in has)])


class RandomDraftNormal(NormalAgent):
    """Normal, but drafting at random (from the game's AI generator)."""

    def decide(self, obs, rng):
        drafts = [a for a in obs.legal if a.kind == "draft"]
        if drafts:
            return drafts[rng.randbelow(len(drafts))]
        return super().decide(obs, rng)


def play(games: int, seed: int) -> list[tuple[list[float], float]]:
    """(feature difference seat 0 - seat 1 plus who moves first, seat 0's share of the win)."""
    agent = RandomDraftNormal()
    rows = []
    for g in range(games):
        session = Session.new("victory-through-industry", [SeatInfo(f"AI {i + 1}", "ai", "normal") for i in range(2)],
                              None, game_seed(seed, g))
        seen: dict = {}

        def after(st, seen=seen):
            if st.phase == "place" and "sets" not in seen:
                seen["sets"] = [list(d) for d in st.drafted]
                seen["row"] = list(st.row)

        play_out(session, ["normal", "normal"], {"normal": agent}, {"normal": Budget(None, None)}, DECISION_CAP,
                 after=after)
        if not session.is_over() or "sets" not in seen:
            continue
        st = session.state
        winners = st.outcome().winners
        x0, x1 = (features(d, seen["row"]) for d in seen["sets"])
        diff = [a - b for a, b in zip(x0, x1, strict=True)] + [1.0 if st.first == 0 else -1.0]
        rows.append((diff, (1.0 / len(winners)) if 0 in winners else 0.0))
    return rows


def fit(rows, ridge: float = 2.0, steps: int = 25) -> tuple[list[float], list[float]]:
    """Ridge logistic regression by Newton's method: (weights, standard errors)."""
    k = len(rows[0][0])
    w = [0.0] * k
    hess = None
    for _ in range(steps):
        grad = [-ridge * wi for wi in w]
        hess = [[(ridge if i == j else 0.0) for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = 1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(w, x, strict=True))))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
    inv = [_solve(hess, [1.0 if i == j else 0.0 for i in range(k)]) for j in range(k)]
    return w, [math.sqrt(max(0.0, inv[i][i])) for i in range(k)]


def _solve(a, b) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small and well posed)."""
    n = len(b)
    m = [list(row) + [bi] for row, bi in zip(a, b, strict=True)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=101)
    args = ap.parse_args(argv)
    rows = play(args.games, args.seed)
    w, se = fit(rows)
    print(f"{len(rows)} two-player games, random draft, seed {args.seed}; log-odds of winning:")
    for name, wi, si in zip(NAMES, w, se, strict=True):
        print(f"  {name:32s} {wi:+.3f} ± {si:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
