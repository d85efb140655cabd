"""1st CEO final scoring: share values by asset rank (ties averaged), card scoring, money; the
final outcome and the running score of the end-of-game chart."""

from __future__ import annotations

from collections import Counter

from engine.core.contract import Outcome
from engine.games.first_ceo.data import MONEY_CAP, SHARE_VALUES, card


def share_values(final_assets: dict[str, int]) -> dict[str, float]:
    """Share value of each corporation by final asset rank; tied corporations average the values
    of the ranks they occupy (rules: "average the Share Values for the tied ranks").

    >>> share_values({"a": 145, "b": 130, "c": 120, "d": 120, "e": 90, "f": 10})
    {'a': 50, 'b': 40, 'c': 25.0, 'd': 25.0, 'e': 10, 'f': 0}
    """
    order = sorted(final_assets, key=lambda c: -final_assets[c])
    values: dict[str, float] = {}
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and final_assets[order[j + 1]] == final_assets[order[i]]:
            j += 1
        ranks = [SHARE_VALUES[k] if k < len(SHARE_VALUES) else 0 for k in range(i, j + 1)]
        value = ranks[0] if len(ranks) == 1 else sum(ranks) / len(ranks)
        for c in order[i:j + 1]:
            values[c] = value
        i = j + 1
    return {c: values[c] for c in final_assets}


def icon_counts(card_ids: list[str]) -> Counter:
    """Industry icons over every card of a corporation (its corporation card included)."""
    counts: Counter = Counter()
    for cid in card_ids:
        counts.update(card(cid).icons)
    return counts


def card_points(card_id: str, icons: Counter) -> int:
    """What one card scores, given the icon counts of the whole corporation it belongs to."""
    s = card(card_id).scoring
    if s.kind == "fixed":
        return s.points
    if s.kind == "pair":
        return 40 * min(icons["entertainment"], icons["electronics"])
    if s.kind == "finance":
        return 20 * icons["finance"]
    return 10 * (icons["technology"] + icons["hardware"])


def company_score(card_ids: list[str]) -> int:
    icons = icon_counts(card_ids)
    return sum(card_points(cid, icons) for cid in card_ids)


def money_score(money: int) -> int:
    return min(money, MONEY_CAP)


def final_assets(state) -> dict[str, int]:
    """Asset track plus every face-down asset card (revealed at the end)."""
    final = dict(state.assets)
    for s, cards in enumerate(state.asset_cards):
        final[state.corp[s]] += sum(v for _, v in cards)
    return final


def _seat_scores(state, values: dict[str, float], seat: int) -> dict[str, float]:
    shares = sum(values[state.corp[t]] * state.shares_held(seat, t) for t in range(state.players))
    return {"shares": shares, "companies": company_score([state.corp[seat]] + state.companies[seat]),
            "money": money_score(state.money[seat])}


def score_breakdown(state) -> list[dict[str, float]]:
    """Each seat's final points by category: shares at their values, company cards, money."""
    values = share_values(final_assets(state))
    return [_seat_scores(state, values, s) for s in range(state.players)]


def final_outcome(state) -> Outcome:
    breakdown = score_breakdown(state)
    return Outcome.from_scores([sum(b.values()) for b in breakdown], breakdown)


def running_scores(state) -> list[float]:
    """Each seat's score if the game ended now, on public information (asset cards unrevealed)."""
    values = share_values(state.assets)
    return [float(sum(_seat_scores(state, values, s).values())) for s in range(state.players)]
