"""Robber Barons component data, loaded once from assets/games/robber-barons/*.toml.

Everything here is immutable; states refer to spaces by index (0 = Start, 39 = Retail) and to
cards by id.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.assets import load_toml
from engine.core.records import Named, records

GAME_ID = "robber-barons"


@dataclass(frozen=True, slots=True)
class Space:
    """One board space: its 0-based index, kind (start, legacy, business, industry), and for an
    industry its name and class (great, major, minor)."""

    index: int
    kind: str
    industry: str = ""
    cls: str = ""

    @property
    def number(self) -> int:
        """The 1-based number printed in the rules text."""
        return self.index + 1

    @property
    def name(self) -> str:
        if self.kind == "industry":
            return self.industry
        return {"start": "Start", "legacy": "Legacy", "business": "Business"}[self.kind]


@dataclass(frozen=True, slots=True)
class BusinessCard(Named):
    """A Business deck card: `legacy` is the kind of Legacy-pile card it is ("" if it is discarded
    after play) with its `value`; `effects` are resolved in order."""

    notes: str
    effects: tuple[str, ...]
    legacy: str = ""
    value: int = 0

    @property
    def points(self) -> int:
        """What the card adds to (or, negative, takes from) its owner's Legacy."""
        if self.legacy in ("business", "innovation"):
            return self.value
        if self.legacy in ("bad", "scandal", "costly_scandal"):
            return -self.value
        return 0


@dataclass(frozen=True, slots=True)
class LegacyCard(Named):
    """A Legacy deck card (an act of philanthropy); it costs its value in $ millions."""

    value: int


def _load():
    board = load_toml(GAME_ID, "board.toml")
    spaces = []
    for i, s in enumerate(board["space"]):
        if s["number"] != i + 1:
            raise ValueError("board.toml spaces must be listed in order")
        spaces.append(Space(i, s["kind"], s.get("industry", ""), s.get("class", "")))
    business = records(BusinessCard, load_toml(GAME_ID, "business.toml")["card"])
    legacy = records(LegacyCard, load_toml(GAME_ID, "legacy.toml")["card"])
    return board, tuple(spaces), business, legacy


_BOARD, SPACES, BUSINESS, LEGACY = _load()
BUSINESS_IDS: tuple[str, ...] = tuple(BUSINESS)
LEGACY_IDS: tuple[str, ...] = tuple(LEGACY)
BOARD_SIZE = len(SPACES)
RULES: dict[str, int] = dict(_BOARD["rules"])
REVENUE: dict[str, int] = dict(_BOARD["revenue"])
START_MONEY: int = RULES["start_money"]
MARKERS_PER_PLAYER: int = RULES["markers_per_player"]

INDUSTRIES: dict[str, tuple[int, ...]] = {}
"""Industry name -> the indices of its spaces (1 for a Minor, 2 for a Major, 3 for a Great)."""
for _s in SPACES:
    if _s.kind == "industry":
        INDUSTRIES.setdefault(_s.industry, ())
        INDUSTRIES[_s.industry] += (_s.index,)
INDUSTRY_CLASS: dict[str, str] = {s.industry: s.cls for s in SPACES if s.kind == "industry"}
INDUSTRY_SPACES: tuple[int, ...] = tuple(s.index for s in SPACES if s.kind == "industry")
GROUPS: dict[str, tuple[int, ...]] = {
    g: tuple(i for name in names for i in INDUSTRIES[name]) for g, names in _BOARD["groups"].items()
}
"""Targets of the go-to cards (Black Gold: oil, Age of Steel: steel, Iron Horse: railroads, Miner 49er: ore)."""
