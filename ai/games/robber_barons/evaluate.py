"""Game knowledge for the generic Hard search (ai/core/search.py) on Robber Barons: an evaluation
that counts Legacy points plus the share of the Legacy still in the deck that each player's money
and revenue can buy, and a cheap playout policy (buy what you can afford, invest, take the Legacy
draw when rich).

It reads only the state handed to it (a determinization; nothing is hidden in this game anyway)
and does not import the search module, so it stays importable on its own.
"""

from __future__ import annotations

import math

from engine.games.robber_barons.data import LEGACY, LEGACY_IDS

playout_depth = 20
TOTAL_LEGACY = sum(c.value for c in LEGACY.values())


def expected_points(state) -> list[float]:
    """Legacy points now, plus each player's expected share of the Legacy value left in the deck,
    in proportion to the money it has and will earn before the deck runs out."""
    left_cards = state.legacy_deck + state.legacy_bottom + ([state.offer] if state.offer else [])
    pot = sum(LEGACY[c].value for c in left_cards)
    turns_left = max(1.0, min(12.0, 14.0 * len(left_cards) / len(LEGACY_IDS)))
    wealth = [0.0 if state.out[s] else state.money[s] + state.revenue(s) * turns_left
              for s in range(state.players)]
    total = sum(wealth) or 1.0
    return [state.points(s) + 0.8 * min(wealth[s], pot * wealth[s] / total) for s in range(state.players)]


def evaluate(state) -> list[float]:
    """Each seat's share of the win (a softmax over expected final points; exact at the end)."""
    if state.is_terminal():
        winners = state.outcome().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    scores = expected_points(state)
    top = max(scores)
    temperature = max(4.0, (top - min(scores)) / 2 + 1.0)
    weights = [math.exp((x - top) / temperature) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]


def playout_action(state, rng):
    """Buy Legacy cards you can afford, invest (Option 1, else a takeover), draw Legacy at Start
    when rich; otherwise a random choice."""
    legal = state.legal_actions()
    kinds = {a.kind: a for a in legal}
    if "buy" in kinds:
        return kinds["buy"]
    if "invest" in kinds:
        return kinds["invest"]
    seat = legal[0].seat
    if "bonus" in kinds:
        return legal[-1] if state.money[seat] >= 6 else legal[0]
    takeovers = [a for a in legal if a.kind == "takeover"]
    if takeovers and state.money[seat] >= 6:
        return takeovers[rng.randbelow(len(takeovers))]
    return legal[rng.randbelow(len(legal))]
