"""Evaluations fitted on self-play outcomes, for the Hard search.

A game's hand-made judgement (a forecast of final scores, points plus what money can still buy)
says who is ahead, not by how much that lead is worth: turning it into shares of the win with a
hand-set softmax temperature made 1st CEO's evaluation *worse than a uniform guess* at predicting
who wins a Normal-vs-Normal game (log loss 1.87 against 1.39), because the forecast spread of
early positions is mostly noise that later turns wash out.

The fitted form is a conditional logit: seat s's share of the win is softmax over seats of
`sum(beta[b][i] * features[s][i])`, with one coefficient row per bucket `b` of a game-progress
measure (rounds left, the fraction of a deck left) since a lead means more the nearer the end.
`fit` finds the coefficients by Newton's method on (features, winners) samples taken from
Normal-vs-Normal games; `python -m ai.core.fit_evaluation GAME` regenerates a game's table.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ai.core.shares import softmax_shares


@dataclass(frozen=True)
class FittedModel:
    """Coefficients of a conditional logit, one row per progress bucket.

    `edges` are ascending bucket bounds of the progress measure: a progress `x` falls in bucket
    `bisect_left(edges, x)`, so there are `len(edges) + 1` rows in `beta`.
    """

    edges: tuple[float, ...]
    beta: tuple[tuple[float, ...], ...]

    def shares(self, progress: float, rows: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's estimated share of the win (sums to 1) from its feature row."""
        b = self.beta[bisect.bisect_left(self.edges, progress)]
        return softmax_shares([sum(c * x for c, x in zip(b, row, strict=True)) for row in rows], 1.0)


Sample = tuple[float, list[list[float]], list[float]]
"""(progress, one feature row per seat, each seat's share of the actual win)."""


def log_loss(model: FittedModel, samples: Sequence[Sample]) -> float:
    """Mean cross-entropy of the model's shares against the actual winners (lower is better;
    a uniform guess among n seats scores log n)."""
    total = 0.0
    for progress, rows, won in samples:
        shares = model.shares(progress, rows)
        total -= sum(y * math.log(max(p, 1e-300)) for p, y in zip(shares, won, strict=True) if y)
    return total / max(1, len(samples))


def fit(samples: Sequence[Sample], edges: Sequence[float], ridge: float = 1e-3,
        steps: int = 25) -> FittedModel:
    """Maximum-likelihood coefficients for each progress bucket (Newton's method with a small
    ridge on standardised features, so rare or constant features stay finite)."""
    edges = tuple(edges)
    buckets: list[list[Sample]] = [[] for _ in range(len(edges) + 1)]
    for sample in samples:
        buckets[bisect.bisect_left(edges, sample[0])].append(sample)
    width = len(samples[0][1][0])
    rows = []
    for part in buckets:
        rows.append(tuple(_fit_bucket(part, width, ridge, steps)) if part else (0.0,) * width)
    return FittedModel(edges, tuple(rows))


def _fit_bucket(samples: Sequence[Sample], width: int, ridge: float, steps: int) -> list[float]:
    # standardise each feature: Newton does not care, but the ridge should weigh all alike
    n = sum(len(rows) for _, rows, _ in samples)
    mean = [sum(r[i] for _, rows, _ in samples for r in rows) / n for i in range(width)]
    scale = []
    for i in range(width):
        var = sum((r[i] - mean[i]) ** 2 for _, rows, _ in samples for r in rows) / n
        scale.append(math.sqrt(var) if var > 1e-12 else 1.0)
    data = [([[r[i] / scale[i] for i in range(width)] for r in rows], won) for _, rows, won in samples]
    beta = [0.0] * width
    for _ in range(steps):
        grad = [ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(width)] for i in range(width)]
        for rows, won in data:
            scores = [sum(b * x for b, x in zip(beta, r, strict=True)) for r in rows]
            top = max(scores)
            ws = [math.exp(s - top) for s in scores]
            tot = sum(ws)
            ps = [w / tot for w in ws]
            avg = [sum(p * r[i] for p, r in zip(ps, rows, strict=True)) for i in range(width)]
            for p, y, r in zip(ps, won, rows, strict=True):
                d = [r[i] - avg[i] for i in range(width)]
                for i in range(width):
                    grad[i] += (p - y) * r[i]
                    pdi = p * d[i]
                    row = hess[i]
                    for j in range(width):
                        row[j] += pdi * d[j]
        step = _solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return [b / s for b, s in zip(beta, scale, strict=True)]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is small and positive definite)."""
    n = len(b)
    m = [list(row) + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x
