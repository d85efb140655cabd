"""The Action Phase (rules "Action Phase", §6, §13.3): placement sequences in turn-order-track
order, a Partner on a general space or a building for a company its player directs, paid from
that company's treasury; the free actions between; the pass of ruling §15.1; the third Partner of
Decade 3; Advertising's first place from the next sequence. A mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import count, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import COMPANIES, GENERAL_SPACES, SETUP
from engine.games.big_shoulders.words import bname, cname, factory, space_name

SPACES = tuple(GENERAL_SPACES)
"""Every general action space printed on the board."""


class ActionRules:
    __slots__ = ()

    # -- choices --------------------------------------------------------------------------------
    def _choices_action(self, seat: int, _pos) -> list[Action]:
        mine = self.directed(seat)
        acts = []
        for space in SPACES:
            g = GENERAL_SPACES[space]
            if self.decade < g.get("from_decade", 1) or (g["uses"] and self.space_uses.get(space, 0) >= g["uses"]):
                continue   # closed for every company: skip the per-company checks
            # the space is open and every company in `mine` is started and directed by `seat`: only
            # what the company itself lacks can refuse it (the AI's rollouts build this list often)
            acts += [Action("place", seat, (space, cid)) for cid in mine
                     if self._place_company_problem(space, cid) is None]
        acts += [Action("use_building", seat, (b, cid)) for b in self.open_buildings() for cid in mine
                 if self._building_company_problem(b, cid) is None]
        return acts + self.free_actions(seat, mine) + [Action("pass_action", seat, ())]

    def action_is_legal(self, action: Action) -> bool:
        """`action` is among `_choices_action`, checked without building the whole list."""
        kind, seat, args = action
        if kind == "pass_action":
            return not args
        checks = {"place": (2, self._place_problem), "use_building": (2, self._building_problem),
                  "trade": (3, self._trade_problem), "use_asset": (1, self._asset_problem)}
        if kind not in checks or len(args) != checks[kind][0]:
            return False
        if kind == "use_building" and args[0] not in self.open_buildings():
            return False
        return checks[kind][1](seat, *args) is None

    def _place_problem(self, seat: int, space: str, cid: str) -> str | None:
        """Why `seat` may not send a Partner to general space `space` for `cid` (§6, §13.3.4)."""
        if space not in GENERAL_SPACES:
            return "There is no such space."
        if cid not in self.companies or self.companies[cid]["dir"] != seat or not self.companies[cid]["started"]:
            return "A Partner acts only for a company its player directs."
        g = GENERAL_SPACES[space]
        if self.decade < g.get("from_decade", 1):
            return f"{g['name']} opens in Decade {g['from_decade']}."
        if g["uses"] and self.space_uses.get(space, 0) >= g["uses"]:
            return f"{g['name']} is taken this Decade."
        return self._place_company_problem(space, cid)

    def _place_company_problem(self, space: str, cid: str) -> str | None:
        """What `cid` lacks for open general space `space` (money, room, a Worker to hire...)."""
        g = GENERAL_SPACES[space]
        c = self.companies[cid]
        cost = g.get("company_pays", 0)
        if c["cash"] < cost:
            return f"It costs {cname(cid)} {money(cost)}; its treasury holds {money(c['cash'])}."
        if space == "hire_salesperson" and c["sales"] >= COMPANIES[cid].max_salespeople:
            return f"{cname(cid)} has no room for another Salesperson."
        if space == "hire_workers":
            if not self._open_worker_factories(cid):
                return f"{cname(cid)} has no empty worker space."
            price = market.worker_price(self.job_market)
            if c["cash"] < price:
                return f"A Worker costs {money(price)}; {cname(cid)}'s treasury holds {money(c['cash'])}."
        if space == "hire_manager" and not self._managerless(cid):
            return f"Every factory of {cname(cid)} has a Manager."
        if space == "capital_investment":
            prices = [self.asset_price(slot, 0) for slot in self.asset_slots()]
            if not prices:
                return "No Capital Asset is on offer."
            if min(prices) > c["cash"]:
                return f"The cheapest Capital Asset costs {money(min(prices))}; {cname(cid)} holds {money(c['cash'])}."
        return None

    def _why_action(self, action: Action) -> str | None:
        kind, seat, args = action
        if kind == "place":
            return self._place_problem(seat, *args)
        if kind == "use_building":
            return self._building_problem(seat, *args)
        if kind in ("trade", "use_asset"):
            return self.free_problem(action)
        return f"Now {{p{seat}}} may send a Partner to a space or a building, trade, use an asset, or pass."

    # -- the phase and its sequences ------------------------------------------------------------
    def _frame_action_start(self) -> list[Event]:
        events = [Event("The Action Phase begins.", "phase")]
        if self.decade == SETUP["third_partner_decade"]:
            # ruling §16.2: the third Partner arrives at the start of the Decade-3 Action Phase
            for seat in range(self.players):
                self._gain_partner(seat, "decade")
            events.append(Event("Every player gains a Partner.", "action"))
        self.placed = [0] * self.players
        self.passed = [False] * self.players
        self.space_uses = {}
        self.used_buildings = []
        self.placements = []
        self.stack.append(["action_next", 0])
        return events

    def _frame_action_next(self, pos: int) -> list[Event]:
        """The next placement (§13.3.2): in turn-order-track order, sequence after sequence, every
        player with a Partner left places one. A player without a company gets $25 for each
        Partner left, which counts as used; the phase ends when no one can place."""
        events = []
        for start in (pos, 0):
            if start == 0:
                events += self._end_sequence()
            for p in range(start, self.players):
                seat = self.order[p]
                left = self.partners[seat] - self.placed[seat]
                if self.passed[seat] or left <= 0:
                    continue
                if not self.directed(seat):
                    pay = SETUP["no_company_pay_per_partner"] * left
                    self.cash[seat] += pay
                    self.placed[seat] = self.partners[seat]
                    events.append(Event(f"{{p{seat}}} directs no company and takes {money(pay)} for "
                                        f"{count(left, 'Partner')}.", "action"))
                    continue
                self.stack.append(["action", p])
                return events
        self.begin_next_phase()
        return events

    def _end_sequence(self) -> list[Event]:
        """§13.3.3: who advertised for first place this sequence moves to the front of the turn
        order track, the last of them first, the others keeping their order behind."""
        if not self.ad_first:
            return []
        front = list(reversed(self.ad_first))
        self.order = front + [s for s in self.order if s not in front]
        self.ad_first = []
        return [Event(f"{{p{self.order[0]}}} is now first on the Action turn order track.", "action")]

    # -- doing ----------------------------------------------------------------------------------
    def _placed(self, seat: int, where, cid: str) -> None:
        pos = self.stack.pop()[1]
        self.stack.append(["action_next", pos + 1])
        self.placed[seat] += 1
        self.placements.append([seat, where, cid])

    def _do_place(self, seat: int, space: str, cid: str) -> list[Event]:
        self._placed(seat, space, cid)
        g = GENERAL_SPACES[space]
        c = self.companies[cid]
        self.space_uses[space] = self.space_uses.get(space, 0) + 1
        events = [Event(f"{{p{seat}}} sends a Partner to {space_name(space)} for {cname(cid)}.", "action")]
        effect = g["effect"]
        if effect == "fundraise":
            c["cash"] += g["bank_pays"]
        elif effect == "salesperson":
            c["cash"] -= g["company_pays"]
            c["sales"] += 1
        elif effect == "dividend":
            events += self.pay_dividend(cid, g["company_pays"], from_treasury=True)
        elif effect == "hire":
            self.stack.append(["hire", seat, cid, 0])
        elif effect == "manager":
            c["cash"] -= g["company_pays"]
            self.queue_gain(seat, cid, "manager", 1)
        elif effect == "advertise":
            # the bonuses of the appeal step resolve first, then the choice of first place
            c["cash"] -= g["company_pays"]
            self.stack.append(["advertise", seat])
            events += self.appeal_up(cid, 1)
        elif effect == "asset":
            self.stack.append(["asset_buy", seat, cid, 0])
        return events

    def _do_use_building(self, seat: int, building: int, cid: str) -> list[Event]:
        self._placed(seat, building, cid)
        return self._use_building(seat, building, cid)

    def _do_pass_action(self, seat: int) -> list[Event]:
        """Ruling §15.1: a pass ends that player's placements for the Decade."""
        pos = self.stack.pop()[1]
        self.passed[seat] = True
        self.stack.append(["action_next", pos + 1])
        return [Event(f"{{p{seat}}} passes for the rest of the Action Phase.", "action")]

    # -- Hire Workers ---------------------------------------------------------------------------
    def _choices_hire(self, seat: int, _seat, cid: str, hired: int) -> list[Action]:
        acts = [Action("hire", seat, (f,)) for f in self._open_worker_factories(cid)
                if self.companies[cid]["cash"] >= market.worker_price(self.job_market)]
        if hired:
            acts.append(Action("done_hiring", seat, ()))
        return acts

    def _why_hire(self, action: Action) -> str | None:
        cid = self.stack[-1][2]
        if action.kind == "hire" and action.args and action.args[0] not in self._open_worker_factories(cid):
            return "That factory has no empty worker space."
        if action.kind == "done_hiring":
            return "Hire at least one Worker first."
        return f"Now {{p{action.seat}}} hires a Worker for a factory, or stops."

    def _do_hire(self, seat: int, f: int) -> list[Event]:
        """One Worker, priced by the Workers in the market as it is taken (§5); with none left it
        comes from the general supply at $50."""
        frame = self.stack[-1]
        cid = frame[2]
        c = self.companies[cid]
        price = market.worker_price(self.job_market)
        c["cash"] -= price
        self.job_market = max(0, self.job_market - 1)
        c["workers"][f] += 1
        frame[3] += 1
        if not self._open_worker_factories(cid) or c["cash"] < market.worker_price(self.job_market):
            self.stack.pop()       # nothing more can be hired: the placement ends
        return [Event(f"{cname(cid)} hires a Worker for {factory(cid, f)} for {money(price)}.", "action")]

    def _do_done_hiring(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []

    # -- Advertising ----------------------------------------------------------------------------
    def _choices_advertise(self, seat: int, _seat) -> list[Action]:
        return [Action("take_first", seat, ()), Action("keep_place", seat, ())]

    def _why_advertise(self, action: Action) -> str | None:
        return "Choose whether to move to first place on the turn order track."

    def _do_take_first(self, seat: int) -> list[Event]:
        self.stack.pop()
        if seat in self.ad_first:
            self.ad_first.remove(seat)
        self.ad_first.append(seat)
        return [Event(f"{{p{seat}}} will be first on the Action turn order track from the next sequence.",
                      "action")]

    def _do_keep_place(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []

    def placement_words(self, where) -> str:
        return space_name(where) if isinstance(where, str) else bname(where)
