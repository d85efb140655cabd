"""The Expert level's learned value: a small multilayer perceptron over each seat's features.

A position is described, from one seat's view, by one feature row per seat (what the game's
`ai/games/<pkg>/expert.py` computes). The same small network scores every row, and a softmax over
the seats turns the scores into each seat's share of the win: the conditional logit of
ai/core/fitted.py with the linear score replaced by a network, so the value learns interactions
(a lead is worth more the nearer the end; money matters less once it passes the cap) without a
table per progress bucket.

numpy does the arithmetic: the search scores thousands of positions a decision, and training
fits tens of thousands of samples many times over, both of which pure Python makes slow.

A model file (`assets/games/<id>/expert-value.npz`) is a numpy archive read with
`allow_pickle=False` (no code runs on load). It names the game, the rules version and the
feature set it was trained for; `load_model` refuses a file for another game, another rules
version or another feature set, and a damaged one, with `ModelError` saying why, so the caller
can play Hard instead of playing nonsense.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field

import numpy as np

from engine.core.errors import TycoonsError

FORMAT = 1
"""The layout of a model file; a file of another format is refused."""


class ModelError(TycoonsError, ValueError):
    """A model file that cannot be used: missing, damaged, or made for other rules or features."""


@dataclass
class ValueModel:
    """One hidden layer: score(row) = w2 · tanh(W1 · (row - mean) / scale + b1) (a constant
    would cancel in the softmax over seats)."""

    game_id: str
    rules_version: int
    features_version: int
    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    info: dict = field(default_factory=dict)
    """Where the model came from (command, seed, samples, held-out loss): shown, never trusted."""

    @property
    def width(self) -> int:
        return int(self.w1.shape[0])

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The network's score of each row (any leading shape; the last axis is the features)."""
        h = np.tanh(((rows - self.mean) / self.scale) @ self.w1 + self.b1)
        return h @ self.w2

    def shares(self, rows) -> list[float]:
        """Each seat's estimated share of the win from its feature row (sums to 1)."""
        s = self.scores(np.asarray(rows, dtype=np.float64))
        e = np.exp(s - s.max())
        return (e / e.sum()).tolist()

    # -- files ------------------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        meta = {"format": FORMAT, "game": self.game_id, "rules_version": self.rules_version,
                "features_version": self.features_version, "info": self.info}
        buf = io.BytesIO()
        np.savez_compressed(buf, meta=np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8),
                            mean=self.mean, scale=self.scale, w1=self.w1, b1=self.b1, w2=self.w2)
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes) -> ValueModel:
        """The model in `data`, checked for shape and finiteness (ModelError if it is damaged)."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                meta = json.loads(bytes(z["meta"]).decode())
                arrays = {k: np.array(z[k], dtype=np.float64) for k in ("mean", "scale", "w1", "b1", "w2")}
        except ModelError:
            raise
        except Exception as exc:  # a damaged archive fails in many ways (zip, zlib, json, keys)
            raise ModelError(f"the model file is damaged ({type(exc).__name__})") from exc
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise ModelError("the model file has an unknown format")
        try:
            game, rules, feats = str(meta["game"]), int(meta["rules_version"]), int(meta["features_version"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelError("the model file does not say which game and rules it is for") from exc
        w1 = arrays["w1"]
        f = w1.shape[0] if w1.ndim == 2 else -1
        h = w1.shape[1] if w1.ndim == 2 else -1
        shapes_ok = (w1.ndim == 2 and arrays["mean"].shape == (f,) and arrays["scale"].shape == (f,)
                     and arrays["b1"].shape == (h,) and arrays["w2"].shape == (h,))
        if not shapes_ok or f < 1 or h < 1:
            raise ModelError("the model file is damaged (its layers do not fit together)")
        if not all(np.isfinite(a).all() for a in arrays.values()) or (arrays["scale"] <= 0).any():
            raise ModelError("the model file is damaged (it holds numbers that are not finite)")
        info = meta.get("info") if isinstance(meta.get("info"), dict) else {}
        return cls(game, rules, feats, info=info, **arrays)

    def check_for(self, game_id: str, rules_version: int, features_version: int, width: int) -> None:
        """Refuse (ModelError) a model made for another game, rules version or feature set."""
        if self.game_id != game_id:
            raise ModelError(f"the model file is for another game ({self.game_id[:40]!r})")
        if self.rules_version != rules_version:
            raise ModelError(f"the model was trained for rules version {self.rules_version}, "
                             f"and the game is now at version {rules_version}")
        if self.features_version != features_version or self.width != width:
            raise ModelError("the model was trained on another set of features")


def new_model(game_id: str, rules_version: int, features_version: int, mean, scale, hidden: int,
              rng: np.random.Generator, info: dict | None = None) -> ValueModel:
    """A freshly initialised model (small random weights: it starts close to a uniform guess)."""
    mean = np.asarray(mean, dtype=np.float64)
    width = mean.shape[0]
    w1 = rng.normal(0.0, 1.0 / np.sqrt(width), size=(width, hidden))
    return ValueModel(game_id, rules_version, features_version, mean, np.asarray(scale, dtype=np.float64),
                      w1, np.zeros(hidden), rng.normal(0.0, 0.1 / np.sqrt(hidden), size=hidden), info or {})
