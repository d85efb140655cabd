"""What the Hard level's search knows of Robber Barons (ai/core/knowledge.py): an evaluation
fitted on Normal-vs-Normal games (ai/core/fitted.py) from Legacy points, money, revenue and the
share of the Legacy still in the deck that each player's money and revenue can buy.

The fit says what wins: Legacy points, weighed more the fewer cards are left; money and revenue
add next to nothing once the points are known (Normal turns money into points quickly).

It reads only the state handed to it (a determinization; nothing is hidden in this game anyway).

Hard plays the rollout form (ai/core/rollouts.py): after each candidate, Normal plays every seat
for 40 decisions, on the same dice for every candidate, and this evaluation scores the end.
Against three Normals it won 41.8 % of 400 games at 48 worlds a decision; the tree search, with a
cheap playout policy of its own, won 33.3 % (see ai/HARD.md).
"""

from __future__ import annotations

from ai.core.fitted import FittedModel
from ai.core.knowledge import Knowledge
from engine.games.robber_barons.data import LEGACY, LEGACY_IDS

FIT_EDGES = (0.2, 0.4, 0.6, 0.8)
"""Buckets of the fraction of the Legacy deck still to be bought (the game ends when it runs out)."""


def features(state) -> tuple[float, list[list[float]]]:
    """The fraction of Legacy cards left, and for each seat: its Legacy points, money, revenue and
    the points its wealth may still buy: its share of the Legacy value left in the deck, in
    proportion to the money it has and will earn before the deck runs out."""
    left_cards = state.legacy_deck + state.legacy_bottom + ([state.offer] if state.offer else [])
    pot = sum(LEGACY[c].value for c in left_cards)
    turns_left = max(1.0, min(12.0, 14.0 * len(left_cards) / len(LEGACY_IDS)))
    seats = range(state.players)
    revenue = [state.revenue(s) for s in seats]
    wealth = [0.0 if state.out[s] else state.money[s] + revenue[s] * turns_left for s in seats]
    total = sum(wealth) or 1.0
    rows = [[state.points(s), state.money[s], revenue[s], 0.8 * min(wealth[s], pot * wealth[s] / total)]
            for s in seats]
    return len(left_cards) / len(LEGACY_IDS), rows


def evaluate(state) -> list[float]:
    """Each seat's share of the win: the fitted model's, with none for a seat that is out (exact at
    the end)."""
    if state.is_terminal():
        winners = state.outcome().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    shares = FITTED.shares(*features(state))
    if any(state.out):
        shares = [0.0 if state.out[s] else x for s, x in enumerate(shares)]
        total = sum(shares) or 1.0
        shares = [x / total for x in shares]
    return shares


# fitted by `python -m ai.core.fit_evaluation robber-barons --games 600 --seed 200000 --every 10`
# (held-out log loss 1.057; the softmax over expected points it replaced: 1.239; uniform 1.386)
FITTED = FittedModel(
    edges=FIT_EDGES,
    beta=(
        (0.306018, -0.000879656, -0.02556, 0.165741),
        (0.201912, -0.00129714, -0.00660569, 0.0621309),
        (0.168961, 0.00261247, -0.0237009, -0.000958768),
        (0.140193, 0.000667327, -0.00510872, 0.0156992),
        (0.117773, 8.25787e-05, -0.00836359, -0.0034049),
    ),
)


def standing(state) -> list[dict[str, float]]:
    """Each seat's Legacy points by category, and the points its money and revenue may still buy
    (the fit's fourth feature); nothing for a seat that is out."""
    _left, rows = features(state)
    out = []
    for s in range(state.players):
        row = {k: float(v) for k, v in state.legacy_points(s).items()}
        row["buying_power"] = float(rows[s][3])
        out.append({k: 0.0 for k in row} if state.out[s] else row)
    return out


KNOWLEDGE = Knowledge(form="rollouts", evaluate=evaluate, rollout_horizon=40, standing=standing)
