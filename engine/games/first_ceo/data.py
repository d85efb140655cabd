"""1st CEO component data, loaded once from assets/games/first-ceo/*.toml.

Everything here is immutable: states refer to cards and corporations by id.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.assets import load_toml
from engine.core.records import Named, records

GAME_ID = "first-ceo"

INDUSTRIES = ("entertainment", "finance", "hardware", "electronics", "retail", "technology")
INDUSTRY_NAMES = {i: i.capitalize() for i in INDUSTRIES}


@dataclass(frozen=True, slots=True)
class Scoring:
    """A card's end-of-game scoring condition: 'fixed' (points), 'pair', 'finance' or 'techhw'."""

    kind: str
    points: int = 0

    @staticmethod
    def parse(text: str) -> Scoring:
        if text.startswith("fixed:"):
            return Scoring("fixed", int(text.split(":", 1)[1]))
        if text not in ("pair", "finance", "techhw"):
            raise ValueError(f"unknown scoring condition {text!r}")
        return Scoring(text)

    def describe(self) -> str:
        return {
            "fixed": f"{self.points} points",
            "pair": "40 points per Entertainment + Electronics pair",
            "finance": "20 points per Finance icon",
            "techhw": "10 points per Technology or Hardware icon",
        }[self.kind]


@dataclass(frozen=True, slots=True)
class Company(Named):
    """A company card: its industry icons, income icons, acquisition cost (= asset value),
    the asset card it makes you draw ('increase', 'decrease' or 'none') and its scoring."""

    icons: tuple[str, ...]
    income: int
    cost: int
    asset_card: str
    scoring: Scoring


@dataclass(frozen=True, slots=True)
class Corporation(Named):
    """A corporation card (scored and paid like a company, asset value 0) with its share prices."""

    icons: tuple[str, ...]
    income: int
    scoring: Scoring
    share_prices: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MarketSpace:
    surcharge: int
    discard: bool


def _load():
    board = load_toml(GAME_ID, "board.toml")
    companies = records(Company, load_toml(GAME_ID, "companies.toml")["company"], scoring=Scoring.parse)
    corporations = records(Corporation, board["corporation"], scoring=Scoring.parse)
    spaces = tuple(MarketSpace(int(s["surcharge"]), bool(s["discard"])) for s in board["market_space"])
    return board, companies, corporations, spaces


_BOARD, COMPANIES, CORPORATIONS, MARKET_SPACES = _load()
CORPORATION_IDS: tuple[str, ...] = tuple(CORPORATIONS)
COMPANY_IDS: tuple[str, ...] = tuple(COMPANIES)
SHARE_VALUES: tuple[int, ...] = tuple(_BOARD["share_values"])
NPC_START: dict[int, tuple[int, ...]] = {int(k): tuple(v) for k, v in _BOARD["npc_start"].items()}
START_MONEY: int = _BOARD["rules"]["start_money"]
END_TRIGGER: int = _BOARD["rules"]["end_trigger_assets"]
MONEY_CAP: int = _BOARD["rules"]["money_points_cap"]
ASSET_INCREASE: tuple[int, ...] = tuple(_BOARD["asset_cards"]["increase"])
ASSET_DECREASE: tuple[int, ...] = tuple(_BOARD["asset_cards"]["decrease"])
SHARES_PER_CORP = 7


def card(card_id: str) -> Company | Corporation:
    """A company or corporation card by id."""
    return COMPANIES.get(card_id) or CORPORATIONS[card_id]
