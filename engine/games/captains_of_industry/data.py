"""Captains of Industry component data, loaded once from assets/games/captains-of-industry/*.toml.

Everything here is immutable. States refer to markets, goods, facility types, Real Estate spaces
and cards, Advances and Captain cards by their ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.assets import load_toml
from engine.core.records import Named, records

GAME_ID = "captains-of-industry"


@dataclass(frozen=True, slots=True)
class Good(Named):
    """A good; `one` is its name for a single token ("Part"; the others are uncountable)."""

    facility: str
    buyable: bool
    one: str


@dataclass(frozen=True, slots=True)
class Market(Named):
    """A market and its pricing track. `accepts` lists its goods (a two-good market has one track
    and one demand, R7); `locked` is the good that needs the `unlock` Advance (R27)."""

    sector: str
    accepts: tuple[str, ...]
    buyable: bool
    zones: tuple[str, ...]
    locked: str = ""
    unlock: str = ""


@dataclass(frozen=True, slots=True)
class Facility(Named):
    """A facility type. Costs are ((good, count), ...) in the order printed."""

    good: str
    build: tuple[tuple[str, int], ...]
    expand: tuple[tuple[str, int], ...]
    expand_double: tuple[tuple[str, int], ...]
    overtime: int
    double_cards: int
    standard_cards: int


@dataclass(frozen=True, slots=True)
class Space:
    """A Real Estate space on the board: its zone, level and build cost."""

    id: str
    zone: str
    level: str
    cost: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class ReCard:
    """A two-sided Real Estate card: each side is a string of demand icons (C, D, E)."""

    id: str
    level: str
    sides: tuple[str, str]


@dataclass(frozen=True, slots=True)
class Advance(Named):
    """A Market Research Advance at its level of the board; `effect`, `good` and `timing` say what
    it does and when (see advances.toml)."""

    level: int
    cost: int
    prereqs: tuple[str, ...]
    effect: str
    good: str
    timing: str
    text: str


@dataclass(frozen=True, slots=True)
class Captain(Named):
    """A Captain card kind; `params` holds the numbers of its condition (see captains.toml)."""

    copies: int
    kind: str
    params: dict
    text: str


def _bill(table: dict) -> tuple[tuple[str, int], ...]:
    return tuple((g, int(n)) for g, n in table.items())


def _load():
    rules = dict(load_toml(GAME_ID, "rules.toml")["rules"])
    goods = records(Good, ({"one": g["name"], **g} for g in load_toml(GAME_ID, "goods.toml")["good"]))
    board = load_toml(GAME_ID, "markets.toml")
    markets = records(Market, board["market"])
    zones = {z["id"]: z["name"] for z in board["zone"]}
    facilities = records(Facility, load_toml(GAME_ID, "facilities.toml")["facility"],
                         build=_bill, expand=_bill, expand_double=_bill)
    re = load_toml(GAME_ID, "real_estate.toml")
    spaces = records(Space, re["space"], cost=_bill)
    cards = records(ReCard, ({**c, "sides": (c["side_a"], c["side_b"])} for c in re["card"]))
    adv = load_toml(GAME_ID, "advances.toml")
    advances = records(Advance, adv["advance"])
    skip = {"id", "name", "copies", "kind", "text", "provenance"}
    captains = records(Captain, ({**c, "params": {k: v for k, v in c.items() if k not in skip}}
                                 for c in load_toml(GAME_ID, "captains.toml")["captain"]))
    return rules, goods, markets, zones, facilities, spaces, cards, re["auto_demand"], advances, adv["layout"], captains


(RULES, GOODS, MARKETS, ZONES, FACILITIES, SPACES, RE_CARDS, AUTO_DEMAND, ADVANCES, ADVANCE_LAYOUT,
 CAPTAINS) = _load()

MARKET_IDS: tuple[str, ...] = tuple(MARKETS)
CONSUMER_MARKETS: tuple[str, ...] = tuple(m for m in MARKET_IDS if MARKETS[m].zones)
"""The 8 markets with consumer demand (all but Research)."""
BUY_MARKET: dict[str, str] = {g: next(m for m in MARKET_IDS if MARKETS[m].buyable and g in MARKETS[m].accepts)
                              for g in GOODS if GOODS[g].buyable}
"""Buyable good -> the one market players buy it from."""
BANK_ELIGIBLE_MARKETS: tuple[str, ...] = tuple(dict.fromkeys(BUY_MARKET.values()))
"""The central markets whose tokens at the start of a turn open the $13 bank purchase."""
SECTORS: dict[str, tuple[str, ...]] = {}
for _m in CONSUMER_MARKETS:
    SECTORS.setdefault(MARKETS[_m].sector, ())
    SECTORS[MARKETS[_m].sector] += (_m,)
SECTOR_ICON = {"consumables": "C", "durables": "D", "energy": "E"}
FACILITY_IDS: tuple[str, ...] = tuple(FACILITIES)
FACILITY_OF_GOOD: dict[str, str] = {f.good: f.id for f in FACILITIES.values()}
ZONE_IDS: tuple[str, ...] = tuple(ZONES)
ZONE_SPACES: dict[str, tuple[str, ...]] = {z: tuple(s for s in SPACES if SPACES[s].zone == z) for z in ZONE_IDS}
"""Zone -> its spaces in building order (Bronze, Silver, Gold, Gold)."""
LEVELS: tuple[str, ...] = ("bronze", "silver", "gold")
ADVANCE_IDS: tuple[str, ...] = tuple(ADVANCES)
CAPTAIN_DECK: tuple[str, ...] = tuple(c for c in CAPTAINS for _ in range(CAPTAINS[c].copies))
"""All 30 Captain cards, one entry per copy."""
PRICES: tuple[int, ...] = tuple(range(RULES["price_min"], RULES["price_max"] + 1))
START_MONEY: int = RULES["start_money"]
BANK_PRICE: int = RULES["bank_price"]
CITY_CARDS: int = RULES["city_cards"]
COUNTRY_CARDS: int = RULES["country_cards"]
MAX_CHIPS: int = RULES["progress_chips"]
AGES: int = RULES["ages"]
RENT: int = RULES["rent"]
SECTOR_BONUS: int = RULES["sector_bonus"]
