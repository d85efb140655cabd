"""Scoring: each product card in a player's complex (or in hand, waiting for a place) is worth its
printed value, each contract held its points. The score runs all game long (the end-of-game
chart) and is final when the game ends."""

from __future__ import annotations

from engine.core.contract import Outcome
from engine.games.victory_through_industry.data import CONTRACTS, VALUE


def score(state, seat: int) -> dict[str, float]:
    products = sum(VALUE[p] for p in state.prod[seat].values()) + sum(VALUE[p] for p in state.incoming[seat])
    contracts = sum(CONTRACTS[c].points for c in state.held[seat])
    return {"products": float(products), "contracts": float(contracts)}


def final_outcome(state) -> Outcome:
    breakdown = [score(state, s) for s in range(state.players)]
    return Outcome.from_scores([sum(b.values()) for b in breakdown], breakdown)
