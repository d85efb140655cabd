"""What the Expert level's learned value reads of a 1st CEO position (ai/expert/).

Every row describes one seat as the observing seat sees it: Normal's forecast of its final score
by part (the worth of its shares, its company points, scoring money, what money can still buy,
the worth of one of its own shares) and the raw facts under it (money, income, asset track with
the expected face-down cards, shares sold and kept, cards owned), the same forecast relative to
the best rival, and where the game stands (turns left for that seat, the countdown, whether the
seat still moves this round, whether it is the observer). Only `view` is read: the features of
a seat's view never depend on what that seat cannot see.
"""

from __future__ import annotations

from ai.games.first_ceo.agents import Pos, forecast_parts
from engine.games.first_ceo.data import END_TRIGGER

FEATURES_VERSION = 1
"""Raise it whenever `rows` changes meaning: models trained on the old rows then refuse to load."""

FEATURE_NAMES = (
    "shares_worth", "company_points", "money_scoring", "money_option", "own_share_value",
    "forecast", "forecast_vs_best_rival", "forecast_vs_mean_rival",
    "money", "income", "assets_expected", "assets_vs_trigger", "shares_sold", "own_shares_kept",
    "cards", "unknown_asset_cards", "turns_left", "final_round", "triggered", "moves_later_this_round",
    "is_observer",
)


def rows(view: dict, seat: int) -> list[list[float]]:
    """One feature row per seat of the game, from `seat`'s `view`."""
    p = Pos.from_view(view, seat)
    turns, parts = forecast_parts(p)
    totals = [sum(part[:4]) for part in parts]
    order = (seat - p.start) % p.n
    out = []
    for s, part in enumerate(parts):
        rivals = [t for i, t in enumerate(totals) if i != s]
        corp = p.corp[s]
        expected = p.assets[corp] + p.adj(s)
        out.append([
            *part,
            totals[s], totals[s] - max(rivals), totals[s] - sum(rivals) / len(rivals),
            float(p.money[s]), float(p.income[s]), expected, expected - END_TRIGGER,
            float(p.sold[s]), float(p.own_shares(s)),
            float(len(p.cards[s])), float(sum(p.unknown[s])), turns[s],
            float(p.final_round), float(p.triggered), float((s - p.start) % p.n > order),
            float(s == seat),
        ])
    return out
