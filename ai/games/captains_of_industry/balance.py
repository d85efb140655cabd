"""Self-play statistics for Captains of Industry (issue 15, item 7): rounds per age, the win rate of
each seat position and of each first-built facility type, the spread of final Market Share.

    python -m ai.games.captains_of_industry.balance --players 4 --games 600 --seed 1 --ai normal
"""

from __future__ import annotations

import argparse
import json
import statistics

from ai.simulate import _agent, _budget, game_seed, play_out
from engine.core.contract import SeatInfo
from engine.core.session import Session

GAME = "captains-of-industry"


def run(players: int, games: int, seed: int, level: str) -> dict:
    agent = {level: _agent(GAME, level)}
    budget = {level: _budget(level, None, None)}
    wins_by_seat = [0.0] * players
    first_built: dict[str, list[float]] = {}
    rounds_per_age: list[int] = []
    scores: list[float] = []
    margins: list[float] = []
    for g in range(games):
        session = Session.new(GAME, [SeatInfo(f"AI {i + 1}", "ai", level) for i in range(players)], None,
                              game_seed(seed, g))
        first: dict[int, str] = {}
        age_start = {"age": 1, "round": 1}

        def after(state, first=first, age_start=age_start):
            for s in range(state.players):
                if s not in first and state.facilities[s]:
                    first[s] = next(iter(state.facilities[s]))
            if state.age != age_start["age"] or state.over:
                rounds_per_age.append(state.round - age_start["round"] + (1 if state.over else 0))
                age_start.update(age=state.age, round=state.round)

        play_out(session, [level] * players, agent, budget, after=after)
        out = session.state.outcome()
        share = 1.0 / len(out.winners)
        for s in range(players):
            won = share if s in out.winners else 0.0
            wins_by_seat[s] += won
            first_built.setdefault(first.get(s, "none"), []).append(won)
        scores += out.scores
        top = sorted(out.scores, reverse=True)
        margins.append(top[0] - top[1])
    return {
        "players": players, "games": games, "seed": seed, "level": level,
        "win_rate_by_seat": [round(w / games, 3) for w in wins_by_seat],
        "fair_share": round(1 / players, 3),
        "win_rate_by_first_facility": {k: [round(sum(v) / len(v), 3), len(v)] for k, v in sorted(first_built.items())},
        "rounds_per_age": {"mean": round(statistics.mean(rounds_per_age), 2),
                           "min": min(rounds_per_age), "max": max(rounds_per_age)},
        "market_share": {"mean": round(statistics.mean(scores), 1), "stdev": round(statistics.pstdev(scores), 1),
                         "min": min(scores), "max": max(scores),
                         "mean_winning_margin": round(statistics.mean(margins), 1)},
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ai", default="normal")
    a = ap.parse_args()
    print(json.dumps(run(a.players, a.games, a.seed, a.ai)))


if __name__ == "__main__":
    main()
