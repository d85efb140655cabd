"""A game's own AI parts, found by name: `ai/games/<pkg>/agents.py` (its levels) and
`ai/games/<pkg>/knowledge.py` (what its searches are told). Loaded on demand, so a worker process
imports only the game it plays, and a game without a part is served by the generic one."""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.core.errors import UnknownGame
from engine.core.registry import GAME_MODULES


def package(game_id: str) -> str:
    """The Python package name of a game id (first-ceo -> first_ceo)."""
    if game_id not in GAME_MODULES:
        raise UnknownGame(f"no game called {game_id!r} (known: {', '.join(GAME_MODULES)})")
    return GAME_MODULES[game_id].rsplit(".", 1)[-1]


def own_module(game_id: str, part: str) -> ModuleType | None:
    """The game's module `ai.games.<pkg>.<part>`, or None if the game has none."""
    name = f"ai.games.{package(game_id)}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only the module itself missing means "none"; a broken import inside it must surface.
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise
