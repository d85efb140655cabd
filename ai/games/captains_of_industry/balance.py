"""Captains of Industry's hooks for the balance report (ai/balance.py): each
seat's first-built facility type as its starting asset (the strategy it opened with), positions in
the first round's turn order (drawn by chance, not a rotation), the rounds each age lasted, the
final Market Share, and the money players hold before the last age's sales and at the end.

    tycoons balance captains-of-industry --players 4 --games 600 --seed 1 --jobs 2
"""

from __future__ import annotations

from engine.games.captains_of_industry.data import FACILITIES
from engine.games.captains_of_industry.state import AGES, CITY_CARDS

NONE_BUILT = "no facility"


def starting_assets(state) -> list[str] | None:
    """Each seat's first-built facility type, once every seat has built one (or at the end)."""
    if not state.over and not all(state.facilities):
        return None
    return [FACILITIES[next(iter(f))].name if f else NONE_BUILT for f in state.facilities]


def ended_by(state) -> str:
    return f"the end of Age {AGES}"


def track(state, memo: dict) -> None:
    """The first round's turn order, the round each age began, and the money before the last
    age's sales (the last decision while that age's sixth City card is still to come)."""
    memo.setdefault("order", list(state.order))
    starts = memo.setdefault("starts", {1: 1})
    if not state.over:
        starts.setdefault(state.age, state.round)
    if state.age == AGES and state.cities < CITY_CARDS and not state.over:
        memo["money_before"] = list(state.money)
    if state.over:
        memo.setdefault("last_round", state.round)


def turn_order(state, memo: dict) -> list[int] | None:
    return memo.get("order")


def rounds(state) -> int:
    return state.round


def measures(state, memo: dict) -> dict[str, list[float]]:
    starts = memo.get("starts", {1: 1})
    ends = [starts.get(a + 1, memo.get("last_round", state.round) + 1) for a in range(1, AGES + 1)]
    out = {"rounds in an age": [ends[a - 1] - starts.get(a, ends[a - 1]) for a in range(1, AGES + 1)],
           "money at the end ($)": list(state.money)}
    if "money_before" in memo:
        out["money before the last age's sales ($)"] = memo["money_before"]
    return out
