"""1st CEO's hooks for the balance report (ai/balance.py): each seat's corporation, how the game
ended, and the winner's scoring route (the measures the old tests/bench/first_ceo_balance.py
printed)."""

from __future__ import annotations

from collections import Counter

from engine.games.first_ceo import scoring
from engine.games.first_ceo.data import CORPORATIONS, END_TRIGGER, card


def first_player(state) -> int:
    return state.start


def starting_assets(state) -> list[str] | None:
    """Each seat's corporation, once all are dealt."""
    if any(c is None for c in state.corp):
        return None
    return [CORPORATIONS[c].name for c in state.corp]


def ended_by(state) -> str:
    if any(v >= END_TRIGGER for v in state.assets.values()):
        return f"a corporation reached {END_TRIGGER} assets"
    return "no companies left to acquire"


def rounds(state) -> int:
    return state.round - 1  # the round counter moves on as the last round ends


def winner_notes(state, seat: int) -> dict[str, str]:
    """Which scoring condition kind gave the winner most of its company points, and whether
    shares or companies made up most of its score."""
    cards = [state.corp[seat]] + state.companies[seat]
    icons = scoring.icon_counts(cards)
    by_kind: Counter = Counter()
    for cid in cards:
        by_kind[card(cid).scoring.kind] += scoring.card_points(cid, icons)
    b = state.outcome().breakdown[seat]
    return {"winner's main company-scoring route": by_kind.most_common(1)[0][0] if by_kind else "none",
            "winner's larger score category": "shares" if b["shares"] >= b["companies"] else "companies"}
