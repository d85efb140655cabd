"""Seeded all-AI games and hint estimates, recorded as the choices made, so that reshaping the AI's
code (its modules, its knowledge, the base class of its levels) is shown to change no decision.

`play(game_id)` plays each of the game's `GAMES` and estimates its `ESTIMATED` decisions; the
fixtures under tests/fixtures/ai/ hold what the code chose when they were recorded, and
tests/ai/test_recorded_play.py plays them again and compares. Rewrite them only for a change
that is meant to change play:

    PYTHONPATH=. python -m tests.ai.recorded_play            # every game
    PYTHONPATH=. python -m tests.ai.recorded_play first-ceo  # one
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.estimate import EstimateBudget, estimate
from ai.core.observe import observe
from engine.core.contract import SeatInfo
from engine.core.registry import game_ids
from engine.core.session import Session

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ai"
HARD_ITERATIONS = 2
"""Hard's budget in the recorded games: enough to exercise every part of its search, and cheap."""
ESTIMATE_ROLLOUTS = 12
ESTIMATED = (3, 17)
"""Which decisions with a choice, counted from the first, of each game's Easy-and-Normal game
are estimated (as a hint would be)."""


@dataclass(frozen=True)
class Recorded:
    """One recorded game: its seed, each seat's level, and how many decisions are kept (Hard makes
    a whole game slow; Easy and Normal play theirs to the end)."""

    seed: int
    levels: tuple[str, ...]
    decisions: int = 100_000


GAMES = (
    Recorded(11, ("hard", "normal", "easy"), 45),
    Recorded(12, ("normal", "easy", "normal", "easy")),
    Recorded(13, ("easy", "hard"), 60),
)
SHORTER = {"captains-of-industry": 30}
"""Games whose Hard is slow at any budget keep fewer decisions of a game with a Hard seat."""


def _players(game_id: str, levels: tuple[str, ...]) -> tuple[str, ...]:
    """`levels`, padded with Normal seats to the game's fewest players."""
    from engine.core.registry import get_spec

    spec = get_spec(game_id)
    return levels + ("normal",) * max(0, spec.min_players - len(levels))


def play_game(game_id: str, rec: Recorded) -> tuple[list[str], Session]:
    """The decisions of one recorded game, as `str(action)`, and the session they left."""
    levels = _players(game_id, rec.levels)
    agents = {lv: get_agent(game_id, lv) for lv in dict.fromkeys(levels)}
    budgets = {lv: Budget(iterations=HARD_ITERATIONS) if lv == "hard" else Budget() for lv in agents}
    session = Session.new(game_id, [SeatInfo(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(levels)],
                          None, rec.seed)
    made: list[str] = []
    cap = min(rec.decisions, SHORTER.get(game_id, rec.decisions)) if "hard" in rec.levels else rec.decisions
    while not session.is_over() and len(made) < cap:
        seat = session.to_move()
        obs = observe(session.state, seat, game_id)
        action = agents[levels[seat]].choose(obs, session.ai_rng(), budgets[levels[seat]])
        made.append(str(action))
        session.apply(action, by_ai=True)
    return made, session


def estimates(game_id: str, rec: Recorded) -> list[dict]:
    """The hint estimates of the `ESTIMATED` decisions with a choice of `rec`'s game."""
    levels = _players(game_id, rec.levels)
    agents = {lv: get_agent(game_id, lv) for lv in dict.fromkeys(levels)}
    session = Session.new(game_id, [SeatInfo(f"AI {i + 1}", "ai", lv) for i, lv in enumerate(levels)],
                          None, rec.seed)
    out: list[dict] = []
    choices = 0
    while not session.is_over() and len(out) < len(ESTIMATED):
        seat = session.to_move()
        obs = observe(session.state, seat, game_id)
        if len(obs.legal) > 1:
            if choices in ESTIMATED:
                got = estimate(obs, 5, EstimateBudget(rollouts=ESTIMATE_ROLLOUTS), power=1.0)
                out.append({"decision": len(session.log),
                            "candidates": [[str(c.action), round(c.win, 12), c.worlds] for c in got.candidates]})
            choices += 1
        session.apply(agents[levels[seat]].choose(obs, session.ai_rng(), Budget()), by_ai=True)
    return out


def play(game_id: str) -> dict:
    """Everything recorded of `game_id`: its games' decisions and its estimates."""
    games = []
    for rec in GAMES:
        made, session = play_game(game_id, rec)
        games.append({"seed": rec.seed, "levels": list(_players(game_id, rec.levels)),
                      "over": session.is_over(), "actions": made})
    heuristic = next(rec for rec in GAMES if "hard" not in rec.levels)
    return {"game": game_id, "hard_iterations": HARD_ITERATIONS, "games": games,
            "estimates": estimates(game_id, heuristic)}


def fixture_path(game_id: str) -> Path:
    return FIXTURES / f"{game_id}.json"


def main(argv: list[str]) -> int:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for game_id in argv or game_ids():
        fixture_path(game_id).write_text(json.dumps(play(game_id), indent=0) + "\n")
        print("recorded", game_id)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
