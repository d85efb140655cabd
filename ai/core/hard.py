"""The Hard level of a game: the information-set tree of ai/core/search.py, or the rollouts of
Normal of ai/core/rollouts.py, whichever the game's knowledge names (`form`)."""

from __future__ import annotations

from ai.core.knowledge import Knowledge, knowledge_for
from ai.core.rollouts import RolloutAgent
from ai.core.search import IsmctsAgent


def hard_agent(game_id: str, knowledge: Knowledge | None = None) -> IsmctsAgent | RolloutAgent:
    """The Hard level of `game_id`, searching with `knowledge` (the game's own by default)."""
    k = knowledge or knowledge_for(game_id)
    if k.form == "rollouts":
        return RolloutAgent(game_id, k)
    return IsmctsAgent(game_id, k)
