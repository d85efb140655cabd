"""Fitting the Expert's value model (ai/expert/model.py) to self-play samples, with numpy.

A sample is one position seen from one seat: a feature row per seat (`X[i]`, shape seats ×
features) and each seat's share of the game's actual win (`Y[i]`, 1 for the sole winner, 1/k
each on a shared victory). The loss is the cross-entropy of the model's shares against `Y`
(a uniform guess among n seats scores log n), minimised by Adam on minibatches with a small
weight decay. The positions of the last tenth of the games are held out: the model kept is the
one that predicted them best. Everything is seeded, so a fit is reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.expert.model import ValueModel


@dataclass
class Samples:
    """Positions from self-play: X (n, seats, features), Y (n, seats), G (n,) the game each came from."""

    X: np.ndarray
    Y: np.ndarray
    G: np.ndarray

    def __len__(self) -> int:
        return int(self.X.shape[0])

    @staticmethod
    def join(parts: list[Samples]) -> Samples:
        return Samples(np.concatenate([p.X for p in parts]), np.concatenate([p.Y for p in parts]),
                       np.concatenate([p.G for p in parts]))


def log_loss(model: ValueModel, X: np.ndarray, Y: np.ndarray) -> float:
    """Mean cross-entropy of the model's shares against the actual outcome."""
    s = model.scores(X)
    s = s - s.max(axis=1, keepdims=True)
    logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    return float(-(Y * logp).sum(axis=1).mean())


def split(samples: Samples, held_out: float = 0.1) -> tuple[Samples, Samples]:
    """Train and held-out parts, by game (positions of one game are alike: never on both sides)."""
    games = np.unique(samples.G)
    cut = games[int(len(games) * (1 - held_out))] if len(games) > 1 else games[-1] + 1
    train = samples.G < cut
    return (Samples(samples.X[train], samples.Y[train], samples.G[train]),
            Samples(samples.X[~train], samples.Y[~train], samples.G[~train]))


def fit(model: ValueModel, samples: Samples, rng: np.random.Generator, epochs: int = 30,
        batch: int = 256, lr: float = 3e-3, decay: float = 1e-4) -> tuple[ValueModel, float, float]:
    """Train `model` in place on `samples`; returns the best model on the held-out games, its
    held-out loss and the held-out loss of a uniform guess."""
    train, held = split(samples)
    params = [model.w1, model.b1, model.w2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    b1, b2, eps, t = 0.9, 0.999, 1e-8, 0
    Xn = (train.X - model.mean) / model.scale
    Y = train.Y
    n = len(train)
    uniform = float(np.log(samples.X.shape[1]))
    best = (log_loss(model, held.X, held.Y) if len(held) else uniform, [p.copy() for p in params])
    for _ in range(epochs):
        order = rng.permutation(n)
        for lo in range(0, n, batch):
            idx = order[lo:lo + batch]
            x, y = Xn[idx], Y[idx]
            h = np.tanh(x @ model.w1 + model.b1)            # (b, seats, hidden)
            s = h @ model.w2                                 # (b, seats)
            s = s - s.max(axis=1, keepdims=True)
            p = np.exp(s)
            p /= p.sum(axis=1, keepdims=True)
            ds = (p - y) / len(idx)
            g_w2 = np.einsum("bsh,bs->h", h, ds)
            dz = ds[..., None] * model.w2 * (1 - h * h)     # (b, seats, hidden)
            g_w1 = np.einsum("bsf,bsh->fh", x, dz)
            g_b1 = dz.sum(axis=(0, 1))
            t += 1
            for i, (param, grad) in enumerate(zip(params, (g_w1 + decay * model.w1, g_b1, g_w2), strict=True)):
                m[i] = b1 * m[i] + (1 - b1) * grad
                v[i] = b2 * v[i] + (1 - b2) * grad * grad
                param -= lr * (m[i] / (1 - b1 ** t)) / (np.sqrt(v[i] / (1 - b2 ** t)) + eps)
        if len(held):
            loss = log_loss(model, held.X, held.Y)
            if loss < best[0]:
                best = (loss, [p.copy() for p in params])
    if not len(held):  # nothing held out: keep where training ended
        return model, uniform, uniform
    for param, kept in zip(params, best[1], strict=True):
        param[...] = kept
    return model, best[0], uniform
