"""The Expert level: the game's Hard search, its judgement of a position replaced by the value
model learned from self-play (ai/expert/model.py, trained by `python -m ai.train`).

The search is the one Hard plays (the tree of ai/core/search.py or the rollouts of
ai/core/rollouts.py, whichever the game's knowledge names), with the same budget and the same
worlds dealt from the seat's view; where a playout or rollout stops short of the end, the model
scores the position from the searching seat's view of it, never from the state itself.

A game offers Expert when it has `ai/games/<pkg>/expert.py` (its features). If the model file is
missing, damaged, or made for another rules version or feature set, Expert plays as Hard and says
so (`model_status` is the sentence the New game dialog shows).
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType

from ai.core.agent import Budget, Observation
from ai.core.hard import hard_agent
from ai.core.knowledge import Knowledge, knowledge_for
from ai.expert.features import expert_features, has_expert
from ai.expert.model import ModelError, ValueModel
from engine.core.assets import game_asset
from engine.core.registry import get_spec
from saves.files import read_bounded

MODEL_FILE = "expert-value.npz"
"""The model's file name in assets/games/<id>/."""
MODEL_LIMIT = 8 << 20
"""A model is a few kB; a file far larger is not one (and is not read into memory)."""

log = logging.getLogger("tycoons.ai")


__all__ = ["ExpertAgent", "expert_agent", "expert_features", "has_expert", "load_model", "model_status",
           "preload", "read_model"]


def model_path(game_id: str) -> Path:
    return game_asset(game_id, MODEL_FILE)


def read_model(game_id: str, path: str | os.PathLike | None = None) -> ValueModel:
    """The game's model, checked against its rules version and features (ModelError if unusable)."""
    features = expert_features(game_id)
    if features is None:
        raise ModelError(f"{game_id} has no Expert level")
    path = Path(path) if path is not None else model_path(game_id)
    try:
        data = read_bounded(path, MODEL_LIMIT)
    except FileNotFoundError as exc:
        raise ModelError("the model file is missing") from exc
    except OSError as exc:  # Unreadable (a folder, a device, far too large...) says why in one line
        raise ModelError(f"the model file cannot be read: {exc}") from exc
    model = ValueModel.from_bytes(data)
    model.check_for(game_id, get_spec(game_id).rules_version, features.FEATURES_VERSION,
                    len(features.FEATURE_NAMES))
    return model


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


@cache
def _cached(game_id: str, path: str, stamp) -> ValueModel | str:
    try:
        return read_model(game_id, path)
    except ModelError as exc:
        return str(exc)


def load_model(game_id: str) -> ValueModel:
    """`read_model` for the shipped file, read once per process (again if the file changes)."""
    path = model_path(game_id)
    got = _cached(game_id, str(path), _stamp(path))
    if isinstance(got, str):
        raise ModelError(got)
    return got


def preload(game_id: str) -> None:
    """Load the game's model in this (worker) process ahead of Expert's first decision; a model
    that cannot be used is said when Expert plays, not here."""
    try:
        load_model(game_id)
    except ModelError:
        pass


def model_status(game_id: str) -> str | None:
    """None when Expert has its model; otherwise the notice that it plays as Hard, and why."""
    try:
        load_model(game_id)
    except ModelError as exc:
        return f"Expert plays as Hard: {exc}."
    return None


class ExpertAgent:
    """Hard's search of the game with the learned value at its cut-off."""

    level = "expert"
    notice: str | None = None

    def __init__(self, game_id: str, model: ValueModel, features: ModuleType, knowledge: Knowledge | None = None):
        self.game_id = game_id
        self.model = model
        self.rows = features.rows
        # Hard's knowledge of the game (`knowledge`, for tests and measurements, may change its
        # knobs); the evaluation is replaced by the model at each decision, for the seat deciding
        # The game may search differently once its judgement is learned (`SEARCH` in its expert.py:
        # knobs of Knowledge, a shorter rollout horizon say)
        self.base_k = knowledge or replace(knowledge_for(game_id), **getattr(features, "SEARCH", {}))
        self.inner = hard_agent(game_id, self.base_k)

    @property
    def k(self) -> Knowledge:
        return self.inner.k

    @property
    def last_iterations(self) -> int:
        return self.inner.last_iterations

    def evaluate_for(self, seat: int):
        """The evaluation the search uses for `seat`: the model on `seat`'s view of the position."""
        model, rows = self.model, self.rows

        def evaluate(state) -> list[float]:
            return model.shares(rows(state.view(seat), seat))

        return evaluate

    def choose(self, obs: Observation, rng, budget: Budget):
        if len(obs.legal) == 1:
            return obs.legal[0]
        self.inner.k = replace(self.base_k, evaluate=self.evaluate_for(obs.seat))
        return self.inner.choose(obs, rng, budget)


def expert_agent(game_id: str):
    """The Expert level of `game_id`; Hard, carrying a `notice`, if the model cannot be used."""
    features = expert_features(game_id)
    try:
        if features is None:
            raise ModelError(f"{game_id} has no Expert level")
        return ExpertAgent(game_id, load_model(game_id), features)
    except ModelError as exc:
        agent = hard_agent(game_id)
        agent.level = "expert"
        agent.notice = f"Expert plays as Hard: {exc}."
        log.warning("%s: %s", game_id, agent.notice)
        return agent
