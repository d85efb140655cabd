"""What a game's measured ladder says (`assets/games/<id>/ladder.json`, written by `python -m
ai.ladder`): each level's finishing-place rating on one Elo scale with its 95 % interval, and the
share of games it won in its first pairing. Qt-free; reading never raises.

A level is worth offering only if it is what its name promises: Expert, Hard's search guided by
a value learned from self-play, is offered to players once its ladder rates it above Hard
(`expert_earned`), not merely because a model file exists. Until then it plays only where asked
for by name (the ladder, `tycoons simulate`, tests), so a player never picks "Expert" and meets
an opponent measured no stronger than Hard.
"""

from __future__ import annotations

import json

from engine.core.assets import game_asset

LADDER_FILE = "ladder.json"


def ladder_data(game_id: str) -> dict | None:
    """The game's ladder file as a dict, or None when it has none or it cannot be read."""
    try:
        data = json.loads(game_asset(game_id, LADDER_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError):
        return None
    return data if isinstance(data, dict) else None


def rating(game_id: str, level: str) -> tuple[float, float, float] | None:
    """`level`'s rating, low and high end of its 95 % interval, or None if the ladder lacks it."""
    data = ladder_data(game_id)
    try:
        point, low, high = (float(x) for x in data["ratings"][level])  # type: ignore[index]
    except (TypeError, KeyError, ValueError):
        return None
    return point, low, high


def expert_earned(game_id: str) -> bool:
    """Whether the ladder rates Expert above Hard: the low end of Expert's 95 % interval lies
    above Hard's rating. A game without a measured ladder has not earned it.

    >>> expert_earned("first-ceo")  # generation 0 of its model: rated with Hard, not above it
    False
    """
    expert, hard = rating(game_id, "expert"), rating(game_id, "hard")
    return expert is not None and hard is not None and expert[1] > hard[0]
