"""What the Hard level's search knows of City of the Big Shoulders (ai/core/knowledge.py): an
evaluation that scores each seat by its fortune if the game ended now (cash, certificates at their
share value, the Public Goals it would win), turned into shares of the win.

Hard plays the rollout form (ai/core/rollouts.py): after each candidate choice of a Stock turn, a
building pick or a Partner's placement, Normal plays every seat on for 60 decisions and this
evaluation scores the end; the small decisions inside a placement or a company's operation
(which factory, which resource, where a good goes) follow Normal (`delegate`). What the 2 s
budget buys and how Hard fares against three Normals: RESULTS.md beside this file.

It reads only the state handed to it: a determinization, whose other hands are re-dealt; the
fortune it scores is public.
"""

from __future__ import annotations

from ai.core.knowledge import Knowledge
from ai.core.shares import softmax_shares, terminal_shares
from engine.games.big_shoulders.data import GOALS
from engine.games.big_shoulders.scoring import final_outcome, goal_winners

_SEARCHED = frozenset(("place", "use_building", "buy", "start", "sell", "build", "pay_out"))


def evaluate(state) -> list[float]:
    """Each seat's share of the win from its fortune if the game ended now."""
    if state.is_terminal():
        return terminal_shares(state)
    scores = final_outcome(state).scores
    spread = max(scores) - min(scores)
    return softmax_shares(scores, max(60.0, spread / 2 + 1.0))


def standing(state) -> list[dict[str, float]]:
    """Each seat's fortune if the game ended now, by what makes it: cash, the certificates of each
    company at its share value, the Public Goals it would win."""
    goals = [0.0] * state.players
    for goal in state.goals:
        for seat in goal_winners(state, goal):
            goals[seat] += GOALS[goal].reward
    out = []
    for seat in range(state.players):
        row = {"cash": float(state.cash[seat]), "goals": goals[seat]}
        for cid in state.started():
            units = state.units(seat, cid)
            if units:
                row[f"certificates:{cid}"] = float(units * state.share_value(cid))
        out.append(row)
    return out


def delegate(obs) -> bool:
    """Search only the choices that shape the game (the Stock turn, the building played, where a
    Partner goes, paying out); the small decisions inside them follow Normal."""
    return not any(a.kind in _SEARCHED for a in obs.legal)


KNOWLEDGE = Knowledge(
    form="rollouts",
    evaluate=evaluate,
    delegate=delegate,
    rollout_horizon=60,
    standing=standing,
    budget_unit="rollouts",  # `--iterations N`: N candidate rollouts a decision (candidates run from 2 to 30)
)
