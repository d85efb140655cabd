"""Shares of the win: how the searches score a position (each seat's estimated share, summing to
1), from running scores or from a finished game's outcome."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # engine imports stay cheap for worker processes
    from engine.core.contract import State


def softmax_shares(scores: list[float], temperature: float) -> list[float]:
    """Each seat's estimated share of the win from running scores (a softmax; sums to 1)."""
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


def terminal_shares(state: State) -> list[float]:
    """1 for a sole winner, 1/k each on a shared victory."""
    winners = state.outcome().winners
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.players)]


def score_shares(state: State) -> list[float]:
    """A game's evaluation when it has none of its own: a softmax over its running score, scaled
    by their spread."""
    scores = state.score_track()
    spread = max(scores) - min(scores)
    return softmax_shares(scores, max(10.0, spread / 2 + 1.0))
