"""The registry of AI levels: `get_agent(game_id, level)`, `levels(game_id)` and `playable_levels`.

A game's own levels (Easy and Normal, from its `ai/games/<pkg>/agents.py`, or random play for a
game without one) come from ai/core/own_levels.py. Every game also has the level "hard", the
generic search of ai/core/hard.py (the tree of ai/core/search.py or the rollouts of
ai/core/rollouts.py, whichever the game's knowledge names). A game with learned knowledge
(`ai/games/<pkg>/expert.py`) can also play "expert", Hard's search guided by a value learned from
self-play (ai/expert/agent.py): `playable_levels` lists it, and `levels` (what players are
offered) only once the game's ladder rates it above Hard (ai/core/measured.py). The level
"random" is accepted for every game (benchmarks, tests) but not listed.
"""

from __future__ import annotations

from ai.core.agent import Agent
from ai.core.game_parts import package
from ai.core.hard import hard_agent
from ai.core.measured import expert_earned
from ai.core.own_levels import FALLBACK_LEVELS, UnknownLevel, own_agent, own_levels
from ai.core.random_agent import RandomAgent
from ai.expert.features import has_expert

__all__ = ["UnknownLevel", "get_agent", "levels", "playable_levels"]


def playable_levels(game_id: str) -> list[str]:
    """Every AI level that can play `game_id`, weakest first. Every game has "hard": the generic
    search (ai/core/hard.py) with the game's own knowledge if it has some; "expert" where the game
    has learned knowledge."""
    table = own_levels(game_id)
    names = list(table) if table is not None else list(FALLBACK_LEVELS)
    names = names if "hard" in names else names + ["hard"]
    return names + ["expert"] if has_expert(game_id) else names


def levels(game_id: str) -> list[str]:
    """The AI levels players are offered for `game_id` (New game, `tycoons host`), weakest first:
    the playable ones, Expert only where its ladder rates it above Hard."""
    names = playable_levels(game_id)
    return [n for n in names if n != "expert" or expert_earned(game_id)]


def get_agent(game_id: str, level: str) -> Agent:
    """A fresh agent of `level` for `game_id`; raises UnknownLevel for a level the game lacks."""
    if level == "random":
        package(game_id)  # an unknown game is refused
        return RandomAgent("random")
    if level == "hard" and "hard" not in (own_levels(game_id) or {}):
        return hard_agent(game_id)
    if level == "expert" and has_expert(game_id):
        from ai.expert.agent import expert_agent  # numpy and the model load only when Expert plays

        return expert_agent(game_id)
    return own_agent(game_id, level)
