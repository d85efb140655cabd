"""The registry of games: id -> the module that defines its `SPEC`. Imported lazily so that
starting the app or a headless command loads only the game it needs."""

from __future__ import annotations

import importlib

from engine.core.contract import GameSpec
from engine.core.errors import UnknownGame

GAME_MODULES: dict[str, str] = {
    "first-ceo": "engine.games.first_ceo",
    "robber-barons": "engine.games.robber_barons",
    "victory-through-industry": "engine.games.victory_through_industry",
    "captains-of-industry": "engine.games.captains_of_industry",
    "big-shoulders": "engine.games.big_shoulders",
}


def game_ids() -> list[str]:
    """Ids of every registered game, in menu order."""
    return list(GAME_MODULES)


def get_spec(game_id: str) -> GameSpec:
    """The GameSpec of `game_id`; raises UnknownGame for an id no game has."""
    try:
        module_name = GAME_MODULES[game_id]
    except KeyError:
        raise UnknownGame(f"no game called {game_id!r} (known: {', '.join(GAME_MODULES)})") from None
    return importlib.import_module(module_name).SPEC


def all_specs() -> list[GameSpec]:
    return [get_spec(g) for g in GAME_MODULES]
