"""What the Hard level's search knows of Captains of Industry (ai/core/knowledge.py): an
evaluation that scores each seat as the End-of-Game Business would if the game ended now (Player
Bank, game-end Advances, Captain cards in hand, the money bonus) plus a little for the goods it
has on the board, turned into shares of the win.

It reads only the state handed to it: a determinization, whose other hands are re-dealt. The other
Player Banks it reads are secret on the table but were filled by public events (sales, bonuses), so
a player with a perfect memory knows them too.

Hard plays the rollout form (ai/core/rollouts.py): after each candidate turn action, Normal plays
every seat for 60 decisions and this evaluation scores the end; the small decisions inside a turn
are left to Normal (`delegate`). Against three Normals, 16 rotated four-player games at 300 ms a
decision: 8 won (fair share 4). The tree form won 1 of 16 at 300 iterations and 0 of 8 at 150.
"""

from __future__ import annotations

from ai.core.knowledge import Knowledge
from ai.core.shares import softmax_shares, terminal_shares
from ai.games.captains_of_industry.agents import NormalAgent

ON_BOARD = 0.5
"""Market Share a token waiting on the board is worth to its owner (most are bought in the end)."""


def standing(state) -> list[dict[str, float]]:
    """Each seat's Market Share if the game ended now, by category as End-of-Game Business totals
    it, and what its goods waiting on the board are worth (`ON_BOARD` each)."""
    rows = [{k: float(v) for k, v in b.items()} for b in state.final_breakdown()]
    for row in rows:
        row["on_board"] = 0.0
    for market in state.tokens.values():
        for s, toks in enumerate(market):
            rows[s]["on_board"] += ON_BOARD * sum(toks)
    return rows


def evaluate(state) -> list[float]:
    """Each seat's share of the win from its Market Share if the game ended now."""
    if state.is_terminal():
        return terminal_shares(state)
    scores = [sum(row.values()) for row in standing(state)]
    spread = max(scores) - min(scores)
    return softmax_shares(scores, max(8.0, spread / 2 + 1.0))


_TURN_KINDS = frozenset(("build", "expand", "run", "research", "manipulate", "real_estate"))
PRUNE_TO = 6
"""Turn actions Hard plays out: Normal's best by its one-step judgement (a turn offers up to ~25,
most of them plainly worse: running a facility whose goods have no market, a dear Advance)."""


def prune(state, legal):
    """Hard compares only Normal's `PRUNE_TO` best-judged turn actions, so each costs fewer
    rollouts and the budget buys more worlds."""
    if len(legal) <= PRUNE_TO or not any(a.kind in _TURN_KINDS for a in legal):
        return legal
    seat = legal[0].seat
    return sorted(legal, key=lambda a: -NormalAgent._action_value(state, seat, a))[:PRUNE_TO]


def delegate(obs) -> bool:
    """Search only the turn's action; the small decisions inside it (whose token to take, the
    split between markets, prices, the Real Estate card, Market Insider, the Captain returned)
    follow the Normal level."""
    return not any(a.kind in _TURN_KINDS for a in obs.legal)


KNOWLEDGE = Knowledge(form="rollouts", evaluate=evaluate, prune=prune, delegate=delegate, rollout_horizon=60,
                      standing=standing)
