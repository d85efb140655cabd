"""The Cleanup Phase (§13.6), not run after Decade 5: the $10 supply space into Haymarket and the
chain refilled with the amount of the Decade that ends, the $40 Capital Asset discarded and the
row slid with a new tile drawn, full Demand tiles removed, the rows slid toward the $50 column
and refilled from the deck, Partners home and assets refreshed; then the next Decade. A mixin of
BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.big_shoulders.data import BOARD_20_LIMIT, DEMAND, GOODS_ROWS, REFILL, YEARS
from engine.games.big_shoulders.words import aname


def cleared_row(tiles: list, goods: list) -> tuple[list, list, int]:
    """One Demand row after Cleanup (§13.6 step 3): tiles filled exactly leave with their goods, a
    printed $20 space holding 6 and the unlimited half-price space are emptied, partly filled
    tiles keep their goods, and the tiles left slide toward the $50 column. Returns the new tiles,
    the new goods and how many tiles left."""
    kept, removed = [], 0
    for tile, n in zip(tiles, goods, strict=True):
        if tile is not None:
            if n == DEMAND[tile].demand:
                removed += 1
            else:
                kept.append((tile, n))
    width = len(tiles)
    new_tiles = [t for t, _ in kept] + [None] * (width - len(kept))
    new_goods = [n for _, n in kept] + [0] * (width - len(kept))
    # a printed space keeps its goods only while no tile slides over it (they all lie right of
    # the tiles): the $20 space is emptied when it holds 6, the half-price one always
    for col in range(len(kept), width):
        if tiles[col] is None and col == 1 and goods[col] < BOARD_20_LIMIT:
            new_goods[col] = goods[col]
    return new_tiles, new_goods, removed


class CleanupRules:
    __slots__ = ()

    def _frame_cleanup(self) -> list[Event]:
        events = [Event("Cleanup.", "phase")]
        ending = REFILL[self.decade - 1]
        # the next Decade starts once the draws below are done (they resolve first: on top)
        self.decade += 1
        self.begin_next_phase()
        # 3. Demand
        gone = 0
        for row in range(len(GOODS_ROWS)):
            tiles, goods, removed = cleared_row(self.demand_grid[row], self.demand_goods[row])
            self.demand_grid[row], self.demand_goods[row] = tiles, goods
            gone += removed
        if gone:
            events.append(Event(f"{gone} full Demand {'tile leaves' if gone == 1 else 'tiles leave'} the board.",
                                "demand"))
        self.refill_demand()
        # 2. Capital Assets: the $40 tile is discarded, the others slide down, one is drawn
        if self.asset_row[0] is not None:
            events.append(Event(f"{aname(self.asset_row[0])} leaves the Capital Asset row.", "asset"))
            self.asset_row[0] = None
        self.stack.append(["asset_slide", 0])
        # 1. the supply chain: $10 into Haymarket, then slide and refill [code] (ruling §15.10)
        for r, n in self.supply["10"].items():
            self.haymarket[r] += n
            self.supply["10"][r] = 0
        events += self.refill_supply(ending)
        # 4. Partners home, assets refreshed; the sales of the Decade forgotten
        for c in self.companies.values():
            c["exhausted"] = False
        self.placed = [0] * self.players
        self.passed = [False] * self.players
        self.placements = []
        self.used_buildings = []
        self.space_uses = {}
        self.sold_decade = [[] for _ in range(self.players)]
        events.append(Event(f"Decade {self.decade} ({YEARS[self.decade - 1]}) follows.", "phase"))
        return events

    def _frame_game_end(self) -> list[Event]:
        """The game ends after the Decade-5 Operating Phase (§13.7)."""
        self.over = True
        self.stack.append(["over"])   # views and labels read the top frame
        return [Event("The game ends after the fifth Decade.", "phase")]

