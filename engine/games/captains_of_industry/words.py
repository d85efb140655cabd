"""How Captains of Industry names its goods, bills and facilities in labels, log lines and
refusals ("2 Steel", "1 Part", "1 Research + 2 Steel")."""

from __future__ import annotations

from engine.core.text import count
from engine.games.captains_of_industry.data import FACILITIES, GOODS


def goods(n: int, good: str) -> str:
    """'2 Steel', '1 Part', '3 Parts'."""
    return count(n, GOODS[good].one, GOODS[good].name)


def goods_text(bill) -> str:
    """'1 Research + 2 Steel' for a bill ((good, count), ...)."""
    return " + ".join(goods(n, g) for g, n in bill) or "nothing"


def fname(ftype: str) -> str:
    return FACILITIES[ftype].name


SECTORS = {"C": "Consumables", "D": "Durables", "E": "Energy"}
"""The demand icons of a Real Estate card (C, D, E) by the Sector they buy for."""


def demand_words(icons: str) -> str:
    """A Real Estate card's demand icons in words: 'CCD' -> '2 Consumables + 1 Durables'."""
    return " + ".join(f"{icons.count(k)} {name}" for k, name in SECTORS.items() if k in icons) or "no demand"


def not_now(what: str) -> str:
    """The refusal of an action another decision than the one open now would take."""
    return f"Not now: you must {what}."


def risk(state, seat: int, chosen, best) -> str | None:
    """What `chosen` risks where `best` would not (engine/core/risk.py): money spent that the other
    move keeps (the richest players gain 20, 10 and 5 Market Share at the end)."""
    from engine.core.risk import after

    mine, other = after(state, chosen), after(state, best)
    if mine.money[seat] + 3 < other.money[seat]:
        return (f"It leaves you ${mine.money[seat]} where the other move leaves ${other.money[seat]}: money buys the "
                "goods your facilities and Real Estate need, and the richest gain Market Share at the end.")
    return None
