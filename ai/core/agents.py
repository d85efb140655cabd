"""The agent registry: `get_agent(game_id, level)` and `levels(game_id)`.

Every game also has the level "hard", the generic search of ai/core/search.py (or its rollout
form, ai/core/rollouts.py, where the game's knowledge asks for it).

Each game may provide `ai/games/<pkg>/agents.py` with a module attribute
`AGENTS = {"easy": EasyAgent, "normal": NormalAgent, ...}` (classes constructed without
arguments). A game without its own agents is served by `RandomAgent` at the standard levels, so a
newly registered game is playable against the computer from its first day. The level "random"
is accepted for every game (benchmarks, tests) but not listed by `levels`. A game with learned
knowledge (`ai/games/<pkg>/expert.py`) also offers "expert" (ai/expert/agent.py).
"""

from __future__ import annotations

import importlib
from functools import cache

from ai.core.agent import Agent
from ai.core.random_agent import RandomAgent
from engine.core.errors import TycoonsError, UnknownGame
from engine.core.registry import GAME_MODULES

FALLBACK_LEVELS = ("easy", "normal")
"""Levels offered for a game that has no agents of its own (all play uniformly at random)."""


class UnknownLevel(TycoonsError, ValueError):
    """An AI level that the game does not have."""


def _package(game_id: str) -> str:
    """The Python package name of a game id (first-ceo -> first_ceo)."""
    if game_id not in GAME_MODULES:
        raise UnknownGame(f"no game called {game_id!r} (known: {', '.join(GAME_MODULES)})")
    return GAME_MODULES[game_id].rsplit(".", 1)[-1]


@cache
def _game_agents(game_id: str) -> dict[str, type] | None:
    """The game's AGENTS table, or None if it has no `ai/games/<pkg>/agents.py`."""
    name = f"ai.games.{_package(game_id)}.agents"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        # Only a missing agents module means "no agents"; a broken import inside it must surface.
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise
    return dict(module.AGENTS)


def levels(game_id: str) -> list[str]:
    """The AI levels offered for `game_id`, weakest first. Every game has "hard": the generic
    information-set search (ai/core/search.py) with the game's own evaluation if it has one."""
    table = _game_agents(game_id)
    names = list(table) if table is not None else list(FALLBACK_LEVELS)
    names = names if "hard" in names else names + ["hard"]
    from ai.expert.agent import has_expert

    return names + ["expert"] if has_expert(game_id) else names


def get_agent(game_id: str, level: str) -> Agent:
    """A fresh agent of `level` for `game_id`; raises UnknownLevel for a level the game lacks."""
    if level == "random":
        _package(game_id)
        return RandomAgent("random")
    if level == "hard" and "hard" not in (_game_agents(game_id) or {}):
        from ai.core.search import hard_agent

        return hard_agent(game_id)
    if level == "expert":
        from ai.expert.agent import expert_agent, has_expert

        if has_expert(game_id):
            return expert_agent(game_id)
    table = _game_agents(game_id)
    if table is None:
        if level in FALLBACK_LEVELS:
            return RandomAgent(level)
        known = FALLBACK_LEVELS
    else:
        if level in table:
            agent = table[level]()
            agent.level = level
            return agent
        known = tuple(table)
    raise UnknownLevel(f"{game_id} has no AI level {level!r} (known: {', '.join(known)}, random)")
