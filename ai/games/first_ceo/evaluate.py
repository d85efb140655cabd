"""Game knowledge for the generic Hard search (ai/core/search.py) on 1st CEO.

The evaluation is Normal's forecast of every seat's final score (asset-rank race with the spread
of what is still unknown, card synergies, dividends to come, money up to the cap), turned into
shares of the win by a softmax. Playouts are short: the forecast already looks to the end, and a
round of random moves mostly adds noise.
"""

from __future__ import annotations

from ai.core.search import softmax_shares
from ai.games.first_ceo.agents import Pos, forecast

playout_depth = 4
exploration = 0.5
TEMPERATURE = 25.0  # points: a 25-point forecast lead is worth about e:1 odds


def evaluate(state) -> list[float]:
    """Each seat's share of the win from a (determinized) state."""
    seat = state.to_move()
    me = seat if seat >= 0 else 0
    p = Pos.from_view(state.view(me), me)
    return softmax_shares(forecast(p), TEMPERATURE)
