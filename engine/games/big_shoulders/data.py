"""City of the Big Shoulders component data, loaded once from assets/games/big-shoulders/*.toml.

Everything here is immutable: states refer to companies, buildings, assets, goals and demand
tiles by id. Each TOML row carries its provenance (the components file's section, or a ruling).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.assets import load_toml
from engine.core.records import Named, records

GAME_ID = "big-shoulders"


def _table(name: str) -> dict:
    return load_toml(GAME_ID, name)


@dataclass(frozen=True, slots=True)
class Factory:
    workers: int                   # worker spaces, also its automation slots
    uses: tuple[tuple[str, int], ...]   # resources one production run uses up
    makes: int
    manager: tuple[tuple[str, int], ...]  # bonus per production with a Manager

    def uses_dict(self) -> dict[str, int]:
        return dict(self.uses)


@dataclass(frozen=True, slots=True)
class Company(Named):
    short: str
    goods: str
    appeal: int
    asset_slot: bool
    prices: tuple[int, ...]        # price per good with 0, 1, 2… Salespeople
    factories: tuple[Factory, ...]

    @property
    def max_salespeople(self) -> int:
        return len(self.prices) - 1


@dataclass(frozen=True, slots=True)
class Building:
    id: int
    name: str
    era: int
    min_players: int
    workers: int
    cost: int
    pay: str                       # "company" (company pays the owner) or "bank" (bank pays the owner)
    effect: tuple[tuple[str, object], ...]
    text: str


@dataclass(frozen=True, slots=True)
class Asset(Named):
    start: bool
    use: tuple[tuple[str, object], ...]
    bonus: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Goal:
    id: int
    measure: str
    text: str
    reward: int


@dataclass(frozen=True, slots=True)
class DemandTile:
    id: int
    pips: int
    demand: int
    min_players: int


def _pairs(table: dict) -> tuple:
    """A TOML inline table as a sorted tuple of pairs (nested tables too), so data stays hashable."""
    return tuple(sorted((k, _pairs(v) if isinstance(v, dict) else v) for k, v in table.items()))


def _factories(rows: list[dict]) -> tuple[Factory, ...]:
    return tuple(Factory(f["workers"], _pairs(f["uses"]), f["makes"], _pairs(f["manager"])) for f in rows)


BOARD = _table("board.toml")
COMPANIES: dict[str, Company] = records(Company, _table("companies.toml")["company"], factories=_factories)
COMPANY_IDS: tuple[str, ...] = tuple(COMPANIES)
"""In the printed order of the components file (Brunswick first)."""

BUILDINGS: dict[int, Building] = records(Building, _table("buildings.toml")["building"], effect=_pairs)
BUILDING_EFFECTS: dict[int, dict[str, object]] = {i: dict(b.effect) for i, b in BUILDINGS.items()}
"""Each building's effect as a dict, to read only (legal actions and the AI look it up constantly)."""
ASSETS: dict[str, Asset] = records(Asset, _table("assets.toml")["asset"], use=_pairs, bonus=_pairs)
GOALS: dict[int, Goal] = records(Goal, _table("goals.toml")["goal"])
DEMAND: dict[int, DemandTile] = records(DemandTile, _table("demand.toml")["demand"])

SETUP = BOARD["setup"]
DECADES = tuple(BOARD["decade"])
YEARS = tuple(d["year"] for d in DECADES)
REFILL = tuple(d["refill"] for d in DECADES)
BUILDING_ERA = tuple(d["building_era"] for d in DECADES)

STOCK_VALUES: tuple[int, ...] = tuple(BOARD["stock_track"]["values"])
TOP_STEP = len(STOCK_VALUES) - 1
START_STEPS: tuple[int, ...] = tuple(BOARD["stock_track"]["start_steps"])
TRIPLE_BUMP_MIN_STEP = BOARD["stock_track"]["triple_bump_min_step"]

CERT_UNITS = {k["kind"]: k["units"] for k in BOARD["certificates"]["kinds"]}
CERT_COUNTS = {k["kind"]: k["count"] for k in BOARD["certificates"]["kinds"]}
CAP_UNITS = BOARD["certificates"]["cap_units"]
CERT_LIMIT = {int(k): v for k, v in BOARD["certificates"]["limit"].items()}

APPEAL_TOP = BOARD["appeal_track"]["top"]
APPEAL_BONUSES: dict[int, str] = {b["space"]: b["bonus"] for b in BOARD["appeal_track"]["bonuses"]}
FORFEIT_CASH = BOARD["appeal_track"]["forfeit_cash"]
GOODS_TOKENS = BOARD["appeal_track"]["goods_tokens"]

JOB_SPACES = BOARD["job_market"]["spaces"]
JOB_BANDS = tuple((b["least"], b["most"], b["price"]) for b in BOARD["job_market"]["bands"])

GENERAL_SPACES = {g["id"]: g for g in BOARD["general_space"]}
SUPPLY_SPACES = tuple(s["id"] for s in BOARD["supply_chain"]["spaces"])
SUPPLY_PRICES = {s["id"]: s["price"] for s in BOARD["supply_chain"]["spaces"]}

RESOURCES: tuple[str, ...] = tuple(r["id"] for r in BOARD["resource"])
RESOURCE_NAMES = {r["id"]: r["name"] for r in BOARD["resource"]}
RESOURCE_TOTAL = {r["id"]: r["total"] for r in BOARD["resource"]}
HAYMARKET_START = {r["id"]: r["haymarket"] for r in BOARD["resource"]}

GOODS_ROWS: tuple[str, ...] = tuple(BOARD["goods"]["rows"])
GOODS_NAMES: dict[str, str] = dict(BOARD["goods"]["names"])
COLUMN_BONUS: tuple[int, ...] = tuple(BOARD["goods"]["column_bonus"])
BOARD_20_LIMIT: int = BOARD["goods"]["board_20_space_limit"]
HALF_PRICE_TYPES: frozenset[str] = frozenset(BOARD["goods"]["half_price_bank_types"])

ASSET_PRICES: tuple[int, ...] = tuple(BOARD["capital_row"]["prices"])
START_ASSET_AT_TOP = "brilliant_marketing"


def buildings_for(players: int, era: int) -> list[int]:
    """Ids of the era's building tiles used with `players` players (the others are removed)."""
    return [b.id for b in BUILDINGS.values() if b.era == era and b.min_players <= players]


def demand_for(players: int) -> list[int]:
    """Ids of the demand tiles used with `players` players."""
    return [d.id for d in DEMAND.values() if d.min_players <= players]


def cert_limit(players: int) -> int:
    return CERT_LIMIT[players]
