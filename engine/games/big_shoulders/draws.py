"""Every draw of City of the Big Shoulders as a CHANCE decision (ARCHITECTURE §2): who chooses a
starting company first, Demand tiles, starting and later Capital Assets, Public Goals, resources
from the bag into the supply chain (§11.1, Haymarket filling in when the bag runs short), and
buildings dealt. A mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import CHANCE, Action, Event
from engine.core.text import count, join_words, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    ASSET_PRICES,
    COLUMN_BONUS,
    DEMAND,
    GOALS,
    GOODS_ROWS,
    HAYMARKET_START,
    RESOURCES,
    SUPPLY_SPACES,
)
from engine.games.big_shoulders.words import aname, bname_full, res, supply_space

CHANCE_FRAMES = frozenset(("chooser", "demand", "start_asset", "goal", "supply", "deal", "asset_draw"))


class ChanceDraws:
    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        f = self.stack[-1]
        kind = f[0]
        if kind == "chooser":
            return [(Action("first_chooser", CHANCE, (seat,)), 1) for seat in range(self.players)]
        if kind == "demand":
            pile = next(p for p in self.demand_piles if p)
            return [(Action("demand", CHANCE, (t,)), 1) for t in pile]
        if kind == "start_asset":
            return [(Action("start_asset", CHANCE, (a,)), 1) for a in self.asset_start]
        if kind == "asset_draw":
            return [(Action("asset_draw", CHANCE, (a,)), 1) for a in self.asset_deck]
        if kind == "goal":
            return [(Action("goal", CHANCE, (g,)), 1) for g in self.goal_pool]
        if kind == "supply":
            source = self.bag if any(self.bag.values()) else self.haymarket
            return [(Action("draw", CHANCE, (r,)), n) for r, n in source.items() if n]
        if kind == "deal":
            seat = f[2][0]
            return [(Action("deal", CHANCE, (seat, b)), 1) for b in self.decks[str(f[1])]]
        raise AssertionError(f"no chance at frame {kind}")

    def _do_first_chooser(self, _chance, seat: int) -> list[Event]:
        self.stack.pop()
        # choosing goes counter-clockwise from the first chooser (rules set-up 17)
        order = [(seat - i) % self.players for i in range(self.players)]
        self.begin_next_phase(order, 0)   # the set-up's draws are done: starting companies
        return [Event(f"{{p{seat}}} chooses a starting company first; the choice goes "
                      "counter-clockwise.", "setup")]

    # -- Demand tiles ---------------------------------------------------------------------------
    def _next_demand_space(self) -> tuple[int, int] | None:
        """The next empty space to fill: the $50 column first, rows top to bottom (§13.6)."""
        for col in range(len(COLUMN_BONUS)):
            for row in range(len(GOODS_ROWS)):
                if self.demand_grid[row][col] is None:
                    return row, col
        return None

    def refill_demand(self) -> None:
        """Queue the draws that fill the empty Demand spaces while the deck lasts."""
        if self._next_demand_space() is not None and any(self.demand_piles):
            self.stack.append(["demand"])

    def _do_demand(self, _chance, tile: int) -> list[Event]:
        """The deck keeps its printed order (ruling §15.2): pile 1 on top, then 2, 3, 4."""
        pile = next(p for p in self.demand_piles if p)
        pile.remove(tile)
        row, col = self._next_demand_space()
        self.demand_grid[row][col] = tile
        self.demand_goods[row][col] = 0
        if self._next_demand_space() is None or not any(self.demand_piles):
            self.stack.pop()
        return [Event(f"A Demand tile for {count(DEMAND[tile].demand, 'good')} is placed in the "
                      f"{money(COLUMN_BONUS[col])} column.", "demand")]

    # -- Capital Assets -------------------------------------------------------------------------
    def _do_start_asset(self, _chance, asset: str) -> list[Event]:
        self.asset_start.remove(asset)
        slot = self.asset_row.index(None)
        self.asset_row[slot] = asset
        if not self.asset_start:
            self.stack.pop()
        return [Event(f"{aname(asset)} is offered for {money(ASSET_PRICES[slot])}.", "setup")]

    def _do_asset_draw(self, _chance, asset: str) -> list[Event]:
        self.stack.pop()
        self.asset_deck.remove(asset)
        self.asset_row[-1] = asset
        return [Event(f"{aname(asset)} is drawn into the {money(ASSET_PRICES[-1])} slot.", "asset")]

    def _do_goal(self, _chance, goal: int) -> list[Event]:
        f = self.stack[-1]
        self.goal_pool.remove(goal)
        self.goals.append(goal)
        f[1] -= 1
        if f[1] == 0:
            self.stack.pop()
        return [Event(f"Public Goal: {GOALS[goal].text}.", "setup")]

    # -- the supply chain -----------------------------------------------------------------------
    def refill_supply(self, amount: int) -> list[Event]:
        """§11.1: slide the groups toward $10, then queue the draws that fill each empty space
        (X included) with `amount` resources."""
        groups, empty = market.slid_supply([self.supply[sp] for sp in SUPPLY_SPACES])
        for sp, g in zip(SUPPLY_SPACES, groups, strict=True):
            self.supply[sp] = g
        targets = [SUPPLY_SPACES[i] for i in empty]
        if targets and (any(self.bag.values()) or any(self.haymarket.values())):
            self.stack.append(["supply", amount, targets, 0, 0])
        return []

    def _do_draw(self, _chance, resource: str) -> list[Event]:
        """One resource into the next space to fill. When the bag is empty the shortfall comes
        from Haymarket; after such a refill Haymarket goes back into the bag and 2 of each type
        return to Haymarket as far as the bag holds them (§11.1 step 3)."""
        f = self.stack[-1]
        if len(f) < 5:
            f.append(0)
        amount, targets = f[1], f[2]
        if any(self.bag.values()):
            self.bag[resource] -= 1
        else:
            self.haymarket[resource] -= 1
            f[4] = 1
        space = targets[0]
        self.supply[space][resource] += 1
        f[3] += 1
        events = []
        if f[3] == amount:
            got = [res(r, n) for r, n in self.supply[space].items() if n]
            events.append(Event(f"{join_words(got)} drawn from the bag to {supply_space(space)}.", "supply"))
            targets.pop(0)
            f[3] = 0
        if not targets or not (any(self.bag.values()) or any(self.haymarket.values())):
            self.stack.pop()
            if f[4]:
                events += self._restock_haymarket()
        return events

    def _restock_haymarket(self) -> list[Event]:
        for r in RESOURCES:
            self.bag[r] += self.haymarket[r]
            back = min(HAYMARKET_START[r], self.bag[r])
            self.bag[r] -= back
            self.haymarket[r] = back
        return [Event("The bag ran short: Haymarket goes back into the bag, and 2 of each resource "
                      "return to Haymarket.", "supply")]

    # -- buildings dealt ------------------------------------------------------------------------
    def _do_deal(self, _chance, seat: int, building: int) -> list[Event]:
        f = self.stack[-1]
        self.decks[str(f[1])].remove(building)
        self.hands[seat].append(building)
        f[2].pop(0)
        if not f[2]:
            self.stack.pop()
        return [Event(f"{{p{seat}}} is dealt {bname_full(building)}.", "deal",
                      visible_to=seat, public_text=f"{{p{seat}}} is dealt a building.")]
