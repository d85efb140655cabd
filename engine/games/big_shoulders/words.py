"""How City of the Big Shoulders names its things in labels, log lines and refusals: companies by
their short names, buildings by their (designed) names, resources, spaces and certificates, all
through engine.core.text so articles and plurals read right and seats are `{pN}`, never numbers."""

from __future__ import annotations

from engine.core.text import count, join_words, money, whose
from engine.games.big_shoulders.data import (
    ASSET_PRICES,
    ASSETS,
    BUILDINGS,
    COLUMN_BONUS,
    COMPANIES,
    GENERAL_SPACES,
    GOODS_NAMES,
    RESOURCE_NAMES,
)

KIND_WORDS = {"common": "Common (10%)", "preferred": "Preferred (20%)", "director": "Director's (30%)"}
FACTORY_ORDINALS = ("first", "second", "third")


def cname(cid: str) -> str:
    """A company as players call it ("Swift")."""
    return COMPANIES[cid].short


def bname(building: int) -> str:
    """A building with its article and what it does ("the Sales Office (1 Salesperson)")."""
    return f"the {BUILDINGS[building].name}"


def bname_full(building: int) -> str:
    b = BUILDINGS[building]
    return f"the {b.name} ({b.text}, {money(b.cost)})"


def aname(asset: str) -> str:
    return ASSETS[asset].name


def factory(cid: str, f: int) -> str:
    """A factory by its place on the charter ("Swift's second factory")."""
    return f"{whose(cname(cid))} {FACTORY_ORDINALS[f]} factory"


def res(resource: str, n: int = 1) -> str:
    name = RESOURCE_NAMES[resource]
    return count(n, name, name)


def res_list(amounts: dict[str, int]) -> str:
    got = [res(r, n) for r, n in amounts.items() if n]
    return join_words(got) if got else "nothing"


def space_name(space: str) -> str:
    return GENERAL_SPACES[space]["name"]


def supply_space(space: str) -> str:
    return "the X space" if space == "x" else f"the {money(int(space))} supply space"


def slot_words(slot: int) -> str:
    return f"the {money(ASSET_PRICES[slot])} slot"


def column_words(row: int, col: int, goods: str) -> str:
    return f"the {GOODS_NAMES[goods]} demand in the {money(COLUMN_BONUS[col])} column"
