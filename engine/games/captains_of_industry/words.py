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


def not_now(what: str) -> str:
    """The refusal of an action another decision than the one open now would take."""
    return f"Not now: you must {what}."
