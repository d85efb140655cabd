"""The Operating Phase (§13.4): companies in Appeal order, the next one fixed as each starts;
for each, Emergency Fundraising (Advanced Rules), one purchase of resources from the supply chain,
factories run in order, goods shipped one at a time to the Demand tiles of its row, the printed
board spaces and the half-price bank space, then the revenue paid out or withheld, a last chance
to use an unused Capital Asset, and the supply chain slid and refilled. Each good, resource and
factory is a small decision. A mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import count, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.company import CHARTER, POOL
from engine.games.big_shoulders.data import (
    BOARD_20_LIMIT,
    COLUMN_BONUS,
    COMPANIES,
    DEMAND,
    GOODS_NAMES,
    GOODS_ROWS,
    HALF_PRICE_TYPES,
    REFILL,
    SUPPLY_PRICES,
)
from engine.games.big_shoulders.words import aname, cname, factory, res, supply_space

BUY_SPACES = ("10", "20", "30")
"""The supply spaces a company buys from (X is not for sale)."""
HALF = -1
"""`ship` to the half-price bank space."""


class OperatingRules:
    __slots__ = ()

    def _frame_op_begin(self) -> list[Event]:
        self.op_done = []
        self.op_next = None
        self.stack.append(["op_start"])
        return [Event("The Operating Phase begins.", "phase")]

    def _frame_op_start(self) -> list[Event]:
        """The next company operates; the one after it is fixed now, so an appeal jump during this
        run does not change who comes next (§13.4)."""
        remaining = [cid for cid in self.operating_order() if cid not in self.op_done]
        if not remaining:
            self.operating = None
            # the game ends after the last Decade's Operating Phase (§13.7), before its Cleanup
            if self.decade == len(REFILL):
                self.begin_end()
            else:
                self.begin_next_phase()
            return []
        cid = self.op_next if self.op_next in remaining else remaining[0]
        self.op_done.append(cid)
        rest = [x for x in remaining if x != cid]
        self.op_next = rest[0] if rest else None
        self.operating = cid
        c = self.companies[cid]
        c["revenue"], c["ran"], c["shipped"] = 0, 0, 0
        seat = c["dir"]
        self.stack += [["op_end", cid], ["op_buy", seat, cid]]
        if self.opts["advanced"] and (c["com_charter"] or c["pref"] == CHARTER):
            self.stack.append(["op_emergency", seat, cid])
        return [Event(f"{cname(cid)} operates.", "operating")]

    def _frame_op_end(self, cid: str) -> list[Event]:
        """The supply chain slides and refills after each company [code] (ruling §15.10)."""
        self.stack.append(["op_start"])
        return self.refill_supply(REFILL[self.decade - 1])

    # -- 0. Emergency Fundraising (Advanced Rules) ------------------------------------------------
    def _choices_op_emergency(self, seat: int, _seat, cid: str) -> list[Action]:
        c = self.companies[cid]
        prefs = (0, 1) if c["pref"] == CHARTER else (0,)
        return [Action("emergency", seat, (n, p)) for p in prefs for n in range(c["com_charter"] + 1)
                if n + p] + [Action("skip_emergency", seat, ())]

    def _why_op_emergency(self, action: Action) -> str | None:
        return "Sell certificates still on the charter to the bank, or skip."

    def _do_emergency(self, seat: int, commons: int, preferred: int) -> list[Event]:
        """§14: the bank pays the company the value of each certificate sold from the charter
        into the bank pool, then the price drops one step per 10% sold plus one, whatever
        protects it."""
        _, _, cid = self.stack.pop()
        c = self.companies[cid]
        units = commons + 2 * preferred
        raised = units * market.value(c["step"])
        c["cash"] += raised
        c["com_charter"] -= commons
        c["com_pool"] += commons
        if preferred:
            c["pref"] = POOL
        self.move_price(cid, -(units + 1))
        return [Event(f"{cname(cid)} raises {money(raised)} by Emergency Fundraising; its price falls to "
                      f"{self.price_words(cid)}.", "operating")]

    def _do_skip_emergency(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []

    # -- 1. buy resources -----------------------------------------------------------------------
    def _choices_op_buy(self, seat: int, _seat, cid: str) -> list[Action]:
        cash = self.companies[cid]["cash"]
        acts = [Action("buy_resource", seat, (sp, r)) for sp in BUY_SPACES for r, n in self.supply[sp].items()
                if n and SUPPLY_PRICES[sp] <= cash]
        return acts + self.free_actions(seat, [cid]) + [Action("done_buying", seat, ())]

    def _why_op_buy(self, action: Action) -> str | None:
        kind, seat, args = action
        if kind in ("trade", "use_asset"):
            return self.free_problem(action)
        if kind == "buy_resource" and len(args) == 2:
            sp, r = args
            if sp not in BUY_SPACES:
                return "Resources on the X space are not for sale."
            if not self.supply[sp].get(r):
                return f"{supply_space(sp).capitalize()} holds no {res(r, 2)}."
            return f"{cname(self.stack[-1][2])} cannot pay {money(SUPPLY_PRICES[sp])}."
        return "Buy resources from the supply chain, or finish buying."

    def _do_buy_resource(self, seat: int, sp: str, r: str) -> list[Event]:
        cid = self.stack[-1][2]
        c = self.companies[cid]
        self.supply[sp][r] -= 1
        c["resources"][r] += 1
        c["cash"] -= SUPPLY_PRICES[sp]
        return [Event(f"{cname(cid)} buys {res(r)} from {supply_space(sp)} for {money(SUPPLY_PRICES[sp])}.",
                      "operating")]

    def _do_done_buying(self, seat: int) -> list[Event]:
        _, seat, cid = self.stack.pop()
        self.stack.append(["op_produce_next", seat, cid, 0])
        return []

    # -- 2. produce -----------------------------------------------------------------------------
    def can_run(self, cid: str, f: int) -> bool:
        """Full staffing (Workers or automation on every worker space) and its resources (§2.1)."""
        c = self.companies[cid]
        fac = COMPANIES[cid].factories[f]
        return (c["workers"][f] + c["automated"][f] == fac.workers
                and all(c["resources"][r] >= n for r, n in fac.uses))

    def _frame_op_produce_next(self, seat: int, cid: str, f: int) -> list[Event]:
        """Factories run in order; production ends at the first that cannot run (ruling §16.4)."""
        if f < len(COMPANIES[cid].factories) and self.can_run(cid, f):
            self.stack.append(["op_produce", seat, cid, f])
            return []
        return self._end_production(seat, cid)

    def _end_production(self, seat: int, cid: str) -> list[Event]:
        """Each Appeal Bonus Goods token makes a good once production ends (§13.4 step 2)."""
        c = self.companies[cid]
        self.stack.append(["op_ship", seat, cid])
        if c["tokens"]:
            c["goods"] += c["tokens"]
            return [Event(f"{whose_tokens(cid)} make {count(c['tokens'], 'good')}.", "operating")]
        return []

    def _choices_op_produce(self, seat: int, _seat, cid: str, f: int) -> list[Action]:
        run = [Action("produce", seat, (f,))] if self.can_run(cid, f) else []   # a trade may have spent its inputs
        return run + [Action("stop_producing", seat, ())] + self.free_actions(seat, [cid])

    def _why_op_produce(self, action: Action) -> str | None:
        if action.kind in ("trade", "use_asset"):
            return self.free_problem(action)
        return f"Factories run in order: run {factory(self.stack[-1][2], self.stack[-1][3])} or stop producing."

    def _do_produce(self, seat: int, f: int) -> list[Event]:
        """The resources go to Haymarket; the factory makes its goods, one more when fully
        automated; then its Manager bonus (§2.1). The founder's Partner on the last factory is
        gained the first time it runs (§12)."""
        _, _, cid, _ = self.stack.pop()
        c = self.companies[cid]
        fac = COMPANIES[cid].factories[f]
        for r, n in fac.uses:
            c["resources"][r] -= n
            self.haymarket[r] += n
        made = fac.makes + (c["automated"][f] == fac.workers)
        c["goods"] += made
        c["ran"] += 1
        events = [Event(f"{factory(cid, f)} makes {count(made, 'good')}.", "operating")]
        self.stack.append(["op_produce_next", seat, cid, f + 1])
        if f == len(COMPANIES[cid].factories) - 1:
            events += self._founder_partner(seat, cid)
        if c["managers"][f]:
            bonus = dict(fac.manager)
            if bonus.get("goods"):
                c["goods"] += bonus["goods"]
                events.append(Event(f"Its Manager makes {count(bonus['goods'], 'more good', 'more goods')}.",
                                    "operating"))
            self.queue_gain(seat, cid, "resource", bonus.get("resources", 0))
            if bonus.get("appeal"):
                events += self.appeal_up(cid, bonus["appeal"])
        return events

    def _founder_partner(self, seat: int, cid: str) -> list[Event]:
        """§12 [code]: the founder gains the Partner the first time the last factory of their
        starting company runs; one who has lost that directorship gains it when any company of
        theirs runs its last factory."""
        start = self.founder[seat]
        if start is None or (start != cid and self.companies[start]["dir"] == seat):
            return []
        if self._gain_partner(seat, "founding"):
            return [Event(f"{{p{seat}}} gains the founder's Partner from {whose_last(cid)} factory.", "operating")]
        return []

    def _do_stop_producing(self, seat: int) -> list[Event]:
        _, _, cid, _ = self.stack.pop()
        return self._end_production(seat, cid)

    # -- 3. distribute goods --------------------------------------------------------------------
    def goods_row(self, cid: str) -> int:
        return GOODS_ROWS.index(COMPANIES[cid].goods)

    def space_room(self, row: int, col: int) -> int | None:
        """Goods the space in `row`, `col` still takes (None: any number): a tile up to its demand
        counting every company's goods; once the deck no longer fills it, the printed space (six
        at full price under $20, any number at half price under $0, nothing under $50; §10.3)."""
        tile = self.demand_grid[row][col]
        goods = self.demand_goods[row][col]
        if tile is not None:
            return DEMAND[tile].demand - goods
        if col == 1:
            return BOARD_20_LIMIT - goods
        if col == 2:
            return None
        return 0

    def space_capacity(self, row: int, col: int) -> int | None:
        tile = self.demand_grid[row][col]
        if tile is not None:
            return DEMAND[tile].demand
        return (0, BOARD_20_LIMIT, None)[col]

    def half_price(self, row: int, col: int) -> bool:
        return self.demand_grid[row][col] is None and col == 2

    def _choices_op_ship(self, seat: int, _seat, cid: str) -> list[Action]:
        acts = []
        if self.companies[cid]["goods"]:
            row = self.goods_row(cid)
            acts = [Action("ship", seat, (col,)) for col in range(len(COLUMN_BONUS))
                    if (self.space_room(row, col) or 0) > 0 or self.space_room(row, col) is None]
            if COMPANIES[cid].goods in HALF_PRICE_TYPES:
                acts.append(Action("ship", seat, (HALF,)))
        return acts + self.free_actions(seat, [cid]) + [Action("done_shipping", seat, ())]

    def _why_op_ship(self, action: Action) -> str | None:
        kind, seat, args = action
        cid = self.stack[-1][2]
        if kind in ("trade", "use_asset"):
            return self.free_problem(action)
        if kind == "ship":
            if not self.companies[cid]["goods"]:
                return f"{cname(cid)} has no goods left."
            if args == (HALF,):
                return f"The half-price bank space does not take {GOODS_NAMES[COMPANIES[cid].goods]}."
            return "That demand space has no room."
        return "Ship a good or finish shipping."

    def _do_ship(self, seat: int, col: int) -> list[Event]:
        """One good: its price (half on half-price spaces) plus the column bonus for the good
        that fills a tile exactly, or the sixth on a printed $20 space (§13.4 step 3)."""
        cid = self.stack[-1][2]
        c = self.companies[cid]
        price = COMPANIES[cid].prices[c["sales"]]
        c["goods"] -= 1
        c["shipped"] += 1
        row = self.goods_row(cid)
        if col == HALF:
            earned = price // 2
            where = "the half-price bank space"
        else:
            self.demand_goods[row][col] += 1
            half = self.half_price(row, col)
            earned = price // 2 if half else price
            where = f"the {GOODS_NAMES[COMPANIES[cid].goods]} demand in the {money(COLUMN_BONUS[col])} column"
            if self.space_capacity(row, col) == self.demand_goods[row][col]:
                earned += COLUMN_BONUS[col]
                where += ", filling it"
        c["revenue"] += earned
        return [Event(f"{cname(cid)} ships a good to {where} for {money(earned)}.", "operating")]

    def _do_done_shipping(self, seat: int) -> list[Event]:
        _, seat, cid = self.stack.pop()
        self.stack.append(["op_dividend", seat, cid])
        return []

    # -- 4. dividends or withhold ---------------------------------------------------------------
    def revenue_of(self, cid: str) -> int:
        c = self.companies[cid]
        return c["revenue"] + c["extra_revenue"]

    def may_pay(self, cid: str) -> bool:
        """A company that ran no factory, or skipped distribution, must withhold (§13.4 step 4)."""
        c = self.companies[cid]
        return c["ran"] > 0 and c["shipped"] > 0

    def _choices_op_dividend(self, seat: int, _seat, cid: str) -> list[Action]:
        acts = [Action("pay_out", seat, ())] if self.may_pay(cid) else []
        return acts + [Action("withhold", seat, ())] + self.free_actions(seat, [cid])

    def _why_op_dividend(self, action: Action) -> str | None:
        if action.kind in ("trade", "use_asset"):
            return self.free_problem(action)
        if action.kind == "pay_out":
            return "A company that ran no factory or shipped no goods must withhold."
        return "Pay the revenue out as dividends, or withhold it."

    def _do_pay_out(self, seat: int) -> list[Event]:
        _, _, cid = self.stack.pop()
        revenue = self.revenue_of(cid)
        self.companies[cid]["extra_revenue"] = 0
        events = self.pay_revenue(cid, revenue)
        self._last_chance(seat, cid)
        return events

    def _do_withhold(self, seat: int) -> list[Event]:
        _, _, cid = self.stack.pop()
        revenue = self.revenue_of(cid)
        self.companies[cid]["extra_revenue"] = 0
        events = self.withhold(cid, revenue)
        self._last_chance(seat, cid)
        return events

    # -- 5. last chance to exhaust unused assets --------------------------------------------------
    def _last_chance(self, seat: int, cid: str) -> None:
        """§13.4 step 5: after the payout (or withholding) the director may still use the
        company's unused asset (Popular Partners or Backroom Deals lift the price from where the
        payout left it, §8). Asked only when there is an asset it can use now."""
        self.stack.append(["op_last", seat, cid])
        if self._asset_problem(seat, cid) is not None:
            self.stack.pop()

    def _choices_op_last(self, seat: int, _seat, cid: str) -> list[Action]:
        use = [Action("use_asset", seat, (cid,))] if self._asset_problem(seat, cid) is None else []
        return use + [Action("done_operating", seat, ())]

    def _why_op_last(self, action: Action) -> str | None:
        if action.kind == "use_asset":
            return self.free_problem(action)
        return (f"Last chance this Decade: use {whose_asset(self.stack[-1][2], self)} now, "
                "or go on without it.")

    def _do_done_operating(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []


def whose_asset(cid: str, state) -> str:
    return f"{aname(state.companies[cid]['asset'])} ({cname(cid)})"


def whose_tokens(cid: str) -> str:
    return f"{cname(cid)}'s Appeal Bonus Goods tokens"


def whose_last(cid: str) -> str:
    return f"{cname(cid)}'s last"
