"""What happens to a company whatever phase it is in: dividends and withholding (§13.4.2), the
Appeal Track and its bonuses (§4), automation (§13.3.8), Partners gained (§12), and the small
gains that buildings, assets and Manager bonuses give one at a time (a Worker, a Manager, an
automation, resources from Haymarket). A mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    APPEAL_BONUSES,
    CERT_UNITS,
    COMPANIES,
    FORFEIT_CASH,
    GOODS_TOKENS,
    JOB_SPACES,
    RESOURCES,
    SETUP,
)
from engine.games.big_shoulders.words import cname, factory, res_list

CHARTER = -1
"""Where a certificate is while the company still holds it (it sells it to players)."""
POOL = -2
"""The bank pool."""

GAIN_KINDS = {"automate": "automate", "worker": "place_worker", "manager": "manager",
              "resource": "take_resource", "same": "take_pair", "different": "take_pair"}
"""A pending gain (frame "gain") and the action kind that takes it."""


class CompanyRules:
    __slots__ = ()

    # -- places on the charter ------------------------------------------------------------------
    def _open_worker_factories(self, cid: str) -> list[int]:
        """Factories of `cid` with an empty worker space (neither a Worker nor automation on it)."""
        c = self.companies[cid]
        return [f for f, fac in enumerate(COMPANIES[cid].factories)
                if c["workers"][f] + c["automated"][f] < fac.workers]

    def _managerless(self, cid: str) -> list[int]:
        return [f for f, m in enumerate(self.companies[cid]["managers"]) if not m]

    def move_price(self, cid: str, delta: int) -> int:
        """Move the share marker `delta` steps (stopping at the ends); returns the steps moved."""
        c = self.companies[cid]
        old = c["step"]
        c["step"] = market.moved(old, delta)
        return c["step"] - old

    def price_words(self, cid: str) -> str:
        return money(market.value(self.companies[cid]["step"]))

    # -- dividends ------------------------------------------------------------------------------
    def pay_dividend(self, cid: str, paid: int, from_treasury: bool) -> list[Event]:
        """§13.4.2: `paid` (a multiple of $10) is paid out at a tenth per 10% share: to players for
        what they hold, back into the treasury for what is still on the charter, to no one for the
        bank pool. Extra Dividends and buildings 29–32 first take it from the treasury
        (`from_treasury`). Then the price moves as in §13.4.1."""
        c = self.companies[cid]
        if from_treasury:
            c["cash"] -= paid
        each = market.per_share(paid)
        for seat in range(self.players):
            self.cash[seat] += each * self.units(seat, cid)
        c["cash"] += each * (CERT_UNITS["preferred"] * (c["pref"] == CHARTER) + c["com_charter"])
        moved = self.move_price(cid, market.payout_steps(paid, c["step"]))
        text = f"{cname(cid)} pays {money(paid)}, {money(each)} a share"
        if moved:
            text += f"; its price rises to {self.price_words(cid)}"
        return [Event(text + ".", "dividend")]

    def pay_revenue(self, cid: str, revenue: int) -> list[Event]:
        """Pay the operating revenue out: rounded down to $10, the remainder staying in the
        company (ruling §15.5)."""
        paid = market.rounded_payout(revenue)
        self.companies[cid]["cash"] += revenue - paid
        return self.pay_dividend(cid, paid, from_treasury=False)

    def withhold(self, cid: str, revenue: int) -> list[Event]:
        """The whole revenue goes to the treasury and the price drops a step, unless the company
        spends its Price Protection (once per Decade, ruling §15.3)."""
        c = self.companies[cid]
        c["cash"] += revenue
        if c["asset"] == "price_protection" and not c["exhausted"]:
            c["exhausted"] = True
            return [Event(f"{cname(cid)} withholds {money(revenue)}; Price Protection holds its price.", "dividend")]
        self.move_price(cid, -1)
        return [Event(f"{cname(cid)} withholds {money(revenue)}; its price is now {self.price_words(cid)}.",
                      "dividend")]

    # -- the Appeal Track -----------------------------------------------------------------------
    def raise_appeal(self, cid: str, steps: int) -> list[int]:
        """Move `cid` up the Appeal Track (§4): a marker that moves goes on top of the stack on its
        new space. Returns the bonus spaces reached or passed, in order, for the caller to resolve."""
        c = self.companies[cid]
        before = c["appeal"]
        c["appeal"] = market.appeal_after(before, steps)
        if c["appeal"] != before:
            self.appeal_stack.remove(cid)
            self.appeal_stack.insert(0, cid)
        return market.appeal_bonuses(before, c["appeal"])

    def appeal_up(self, cid: str, steps: int) -> list[Event]:
        """Move `cid` up the Appeal Track and queue the bonuses it reached for its director to
        take (on top of the stack: they resolve before whatever comes next)."""
        before = self.companies[cid]["appeal"]
        spaces = self.raise_appeal(cid, steps)
        events = [Event(f"{cname(cid)} rises to appeal {self.companies[cid]['appeal']}.", "appeal")] \
            if self.companies[cid]["appeal"] != before else []
        if spaces:
            self.stack.append(["bonus_next", self.companies[cid]["dir"], cid, spaces])
        return events

    def goods_tokens_left(self) -> int:
        return GOODS_TOKENS - sum(c["tokens"] for c in self.companies.values())

    def _bonus_options(self, cid: str, bonus: str) -> list[tuple]:
        """The ways to take an Appeal bonus (§4); empty when it cannot be used (then it is
        forfeited for $25 automatically)."""
        c = self.companies[cid]
        if bonus == "worker":
            return [(f,) for f in self._open_worker_factories(cid)]
        if bonus == "salesperson":
            return [()] if c["sales"] < COMPANIES[cid].max_salespeople else []
        if bonus == "automate":
            return self._automations(cid)
        if bonus == "goods_token":
            return [()] if self.goods_tokens_left() > 0 else []
        if bonus == "stock":
            return [()]
        raise AssertionError(bonus)

    def _choices_bonus(self, seat: int, _seat, cid: str, spaces) -> list[Action]:
        options = self._bonus_options(cid, APPEAL_BONUSES[spaces[0]])
        return [Action("bonus_take", seat, args) for args in options] + [Action("bonus_forfeit", seat, ())]

    def _why_bonus(self, action: Action) -> str | None:
        return "Take the appeal bonus as offered, or $25 instead."

    def _frame_bonus_next(self, seat: int, cid: str, spaces: list) -> list[Event]:
        """Resolve the Appeal bonuses reached, in order: the Partner of space 9 at once (never
        swapped for $25, ruling §16.14), a bonus that cannot be used is $25 at once, any other
        waits for the director's choice."""
        events = []
        c = self.companies[cid]
        while spaces:
            bonus = APPEAL_BONUSES[spaces[0]]
            if bonus == "partner":
                spaces.pop(0)
                if self._gain_partner(seat, "appeal"):
                    events.append(Event(f"{{p{seat}}} gains a Partner from {cname(cid)}'s appeal.", "appeal"))
                continue
            if not self._bonus_options(cid, bonus):
                spaces.pop(0)
                c["cash"] += FORFEIT_CASH
                events.append(Event(f"{cname(cid)} cannot use its appeal bonus and takes "
                                    f"{money(FORFEIT_CASH)}.", "appeal"))
                continue
            self.stack.append(["bonus", seat, cid, spaces])
            break
        return events

    def _do_bonus_take(self, seat: int, *args) -> list[Event]:
        _, _, cid, spaces = self.stack.pop()
        bonus = APPEAL_BONUSES[spaces.pop(0)]
        c = self.companies[cid]
        if bonus == "worker":
            c["workers"][args[0]] += 1
            events = [Event(f"{cname(cid)} takes a free Worker for {factory(cid, args[0])}.", "appeal")]
        elif bonus == "salesperson":
            c["sales"] += 1
            events = [Event(f"{cname(cid)} takes a free Salesperson.", "appeal")]
        elif bonus == "automate":
            events = self.automate(cid, *args)
        elif bonus == "goods_token":
            c["tokens"] += 1
            events = [Event(f"{cname(cid)} takes an Appeal Bonus Goods token.", "appeal")]
        else:
            self.move_price(cid, 1)
            events = [Event(f"{cname(cid)}'s price rises to {self.price_words(cid)}.", "appeal")]
        self.stack.append(["bonus_next", seat, cid, spaces])
        return events

    def _do_bonus_forfeit(self, seat: int) -> list[Event]:
        _, _, cid, spaces = self.stack.pop()
        spaces.pop(0)
        self.companies[cid]["cash"] += FORFEIT_CASH
        self.stack.append(["bonus_next", seat, cid, spaces])
        return [Event(f"{cname(cid)} takes {money(FORFEIT_CASH)} instead of its appeal bonus.", "appeal")]

    # -- automation and Partners ----------------------------------------------------------------
    def _automations(self, cid: str) -> list[tuple[int, int]]:
        """(factory, where the displaced Worker goes) for each legal automation (§13.3.8): the
        factory still has a token off its worker spaces and a Worker on one; the Worker moves to
        an empty worker space of the same company, or (-1) back to the Job Market if there is none."""
        c = self.companies[cid]
        dests = self._open_worker_factories(cid) or [-1]
        return [(f, d) for f, fac in enumerate(COMPANIES[cid].factories)
                if c["automated"][f] < fac.workers and c["workers"][f] > 0 for d in dests]

    def automate(self, cid: str, f: int, dest: int) -> list[Event]:
        """§13.3.8: an automation token replaces a Worker, who moves to `dest` (a factory with an
        empty worker space), or with no such space back to the Job Market (removed if it is full)."""
        c = self.companies[cid]
        c["automated"][f] += 1
        c["workers"][f] -= 1
        if dest >= 0:
            c["workers"][dest] += 1
            where = f"moves to {factory(cid, dest)}"
        elif self.job_market < JOB_SPACES:
            self.job_market += 1
            where = "goes back to the Job Market"
        else:
            where = "leaves the game (the Job Market is full)"
        return [Event(f"{cname(cid)} automates a Worker in {factory(cid, f)}; the Worker {where}.", "appeal")]

    def _gain_partner(self, seat: int, source: str) -> bool:
        """Each source gives a seat a Partner once in the game, up to 5 Partners (§12)."""
        if source in self.partner_gains[seat] or self.partners[seat] >= SETUP["max_partners"]:
            return False
        self.partner_gains[seat].append(source)
        self.partners[seat] += 1
        return True

    # -- gains taken one at a time (buildings, assets, Manager bonuses) ---------------------------
    def queue_gain(self, seat: int, cid: str, what: str, n: int) -> None:
        """Queue `n` gains of kind `what` (a key of GAIN_KINDS) for `cid`'s director to place."""
        if n > 0:
            self.stack.append(["gain_next", seat, cid, what, n])

    def _gain_options(self, cid: str, what: str) -> list[tuple]:
        if what == "automate":
            return self._automations(cid)
        if what == "worker":
            return [(f,) for f in self._open_worker_factories(cid)]
        if what == "manager":
            return [(f,) for f in self._managerless(cid)]
        have = [r for r in RESOURCES if self.haymarket[r]]
        if what == "resource":
            return [(r,) for r in have]
        if what == "same":
            return [(r, r) for r in have]
        if len(have) == 1:            # "different" with one type left: that one alone
            return [(have[0],)]
        return [(a, b) for i, a in enumerate(have) for b in have[i + 1:]]

    def _frame_gain_next(self, seat: int, cid: str, what: str, left: int) -> list[Event]:
        """The next gain of a kind, or nothing if it can no longer be used (§8 notes, §13.3)."""
        if left > 0 and self._gain_options(cid, what):
            self.stack.append(["gain", seat, cid, what, left])
        return []

    def _choices_gain(self, seat: int, _seat, cid: str, what: str, _left) -> list[Action]:
        acts = []
        for args in self._gain_options(cid, what):
            kind = "take_resource" if what == "different" and len(args) == 1 else GAIN_KINDS[what]
            acts.append(Action(kind, seat, args))
        if what in ("automate", "worker"):
            acts.append(Action("skip_gain", seat, ()))   # a bonus that cannot be used may be skipped
        return acts

    def _why_gain(self, action: Action) -> str | None:
        what = self.stack[-1][3]
        return {"automate": "Choose a factory with a Worker to automate, or skip.",
                "worker": "Choose a factory with an empty worker space, or skip.",
                "manager": "Choose a factory without a Manager.",
                }.get(what, "Choose resources that Haymarket holds.")

    def _gained(self) -> tuple[int, str, str, int]:
        _, seat, cid, what, left = self.stack.pop()
        self.stack.append(["gain_next", seat, cid, what, left - 1])
        return seat, cid, what, left

    def _do_automate(self, seat: int, f: int, dest: int) -> list[Event]:
        _, cid, _, _ = self._gained()
        return self.automate(cid, f, dest)

    def _do_place_worker(self, seat: int, f: int) -> list[Event]:
        _, cid, _, _ = self._gained()
        self.companies[cid]["workers"][f] += 1
        return [Event(f"{cname(cid)} takes a Worker from the general supply for {factory(cid, f)}.", "action")]

    def _do_manager(self, seat: int, f: int) -> list[Event]:
        _, cid, _, _ = self._gained()
        self.companies[cid]["managers"][f] = 1
        return [Event(f"{cname(cid)} puts a Manager in {factory(cid, f)}.", "action")]

    def _do_take_resource(self, seat: int, r: str) -> list[Event]:
        _, cid, _, _ = self._gained()
        return self.take_from_haymarket(cid, {r: 1})

    def _do_take_pair(self, seat: int, a: str, b: str) -> list[Event]:
        _, cid, _, _ = self._gained()
        want = {a: 1}
        want[b] = want.get(b, 0) + 1
        return self.take_from_haymarket(cid, want)

    def _do_skip_gain(self, seat: int) -> list[Event]:
        _, _, cid, what, _ = self.stack.pop()
        return [Event(f"{cname(cid)} leaves the rest of its {'automation' if what == 'automate' else 'Workers'} "
                      "unused.", "action")]

    def take_from_haymarket(self, cid: str, want: dict[str, int]) -> list[Event]:
        """Resources from Haymarket Square into `cid`, only as far as Haymarket holds them (§13.3.5)."""
        got = {}
        for r, n in want.items():
            take = min(n, self.haymarket[r])
            if take:
                self.haymarket[r] -= take
                self.companies[cid]["resources"][r] += take
                got[r] = take
        return [Event(f"{cname(cid)} takes {res_list(got)} from Haymarket.", "action")]
