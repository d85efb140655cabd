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
from engine.games.big_shoulders.round import ROUND

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


# -- what a costly move risks (engine/core/risk.py) ---------------------------------------------------
_BEFORE_OPERATING = ROUND.before("operating")


def _resources_short(state, cid: str) -> tuple[dict[str, int], int]:
    """What company `cid` lacks for its first factory that cannot run now, and the least that
    buying it from the supply chain costs (0, 0 when every factory has what it uses)."""
    c = state.companies[cid]
    have = dict(c["resources"])
    for fac in COMPANIES[cid].factories:
        lacking = {r: n - have.get(r, 0) for r, n in fac.uses if have.get(r, 0) < n}
        if lacking:
            prices = sorted(int(sp) for sp in ("10", "20", "30") if any(state.supply[sp].get(r) for r in lacking))
            return lacking, sum(lacking.values()) * (prices[0] if prices else 10)
        for r, n in fac.uses:
            have[r] = have.get(r, 0) - n
    return {}, 0


def risk(state, seat: int, chosen, best) -> str | None:
    """What `chosen` risks where `best` would not: a company of the seat's left without the cash
    to buy its factories' resources before the Operating Phase, or a share price that falls."""
    from engine.core.risk import after

    mine, other = after(state, chosen), after(state, best)
    for cid in state.directed(seat):
        if mine.companies[cid]["step"] < other.companies[cid]["step"]:
            fall = other.companies[cid]["step"] - mine.companies[cid]["step"]
            return f"{whose(cname(cid), True)} share price will be {count(fall, 'step')} lower, and every share " \
                   "of it you hold is worth less."
        if state.phase not in _BEFORE_OPERATING:
            continue
        lacking, cost = _resources_short(mine, cid)
        cash, kept = mine.companies[cid]["cash"], other.companies[cid]["cash"]
        if lacking and cash < cost <= kept:
            left = "no cash" if cash <= 0 else f"only {money(cash)}"
            return f"{cname(cid)} will have {left} left to buy {res_list(lacking)} in the Operating Phase: " \
                   "a factory without its resources stands idle, and a company that runs none must withhold."
    return None
