"""What a costly move risks, in the words of its game (the first games' coach, ui/game/caution.py).

Every game's words module (engine/games/<id>/words.py) has `risk(state, seat, chosen, best)`: the
position before the move (as the deciding seat may see it: a determinization of its view, never
the true state, so nothing said can be another player's secret), the move and the move the search
prefers, and it answers with what the move puts at risk in the game's terms ("Libby will have $5
left, too little to buy Steel and Livestock in the Operating Phase"), or None when it has nothing
better to say than the estimate itself. A contract test checks that every game has one.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from engine.core.contract import Action, State
from engine.core.registry import GAME_MODULES


class RiskWords(Protocol):
    def __call__(self, state: State, seat: int, chosen: Action, best: Action) -> str | None: ...


def risk_of(game_id: str) -> RiskWords:
    """The `risk` of `game_id`'s words module."""
    return importlib.import_module(GAME_MODULES[game_id] + ".words").risk


def risk_words(state: State, seat: int, chosen: Action, best: Action) -> str:
    """What `chosen` risks where `best` would not, in the game's words ("" when it says nothing,
    or its words fail: the coach then speaks of the estimate alone)."""
    try:
        return risk_of(state.spec.id)(state, seat, chosen, best) or ""
    except Exception:  # noqa: BLE001 - words are a courtesy; the warning stands without them
        return ""


def after(state: State, move: Action) -> State:
    """`state` after `move` (a copy; the move must be legal there)."""
    out = state.copy()
    out.apply(move)
    return out
