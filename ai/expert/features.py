"""Which games have an Expert level: those with `ai/games/<pkg>/expert.py`, the features its
learned value reads (FEATURES_VERSION, FEATURE_NAMES, rows(view, seat)). Kept apart from the
model so that listing the levels imports no numpy."""

from __future__ import annotations

from types import ModuleType

from ai.core.game_parts import own_module
from engine.core.registry import GAME_MODULES


def expert_features(game_id: str) -> ModuleType | None:
    """The game's Expert features module, or None for a game without an Expert level."""
    return own_module(game_id, "expert")


def has_expert(game_id: str) -> bool:
    return game_id in GAME_MODULES and expert_features(game_id) is not None
