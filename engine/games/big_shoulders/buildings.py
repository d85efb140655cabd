"""Buildings: the Building Phase's simultaneous secret pick (§13.3.1) and, in the Action Phase, a
Partner on a played building (§7): who pays whom (the company pays the owner, or the bank pays
the owner), and what each of the 44 tiles gives. A mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import count, money
from engine.games.big_shoulders.data import BUILDING_EFFECTS, BUILDING_ERA, BUILDINGS, COMPANIES, JOB_SPACES, SETUP
from engine.games.big_shoulders.words import bname, bname_full, cname

BUILD_WORDS = "pick a building to play and one to discard"


class BuildingRules:
    __slots__ = ()

    # -- the Building Phase ---------------------------------------------------------------------
    def _next_picker(self) -> int:
        """The Building Phase choice is simultaneous; the engine asks the seats one at a time in
        Priority Deal order, each pick hidden from the others until all have picked."""
        return next(seat for seat in self.clockwise_from(self.priority) if self.picks[seat] is None)

    def _choices_build(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        return [Action("build", seat, (play, drop)) for play in hand for drop in hand if play != drop]

    def _why_build(self, action: Action) -> str | None:
        kind, seat, args = action
        if kind != "build":
            return f"Now {{p{seat}}} must {BUILD_WORDS}."
        play, drop = args
        if play == drop:
            return "Play one building and discard another: they must differ."
        missing = [b for b in (play, drop) if b not in self.hands[seat]]
        if missing:
            return f"That building is not in {{p{seat}}}'s hand."
        return None

    def _frame_building_start(self) -> list[Event]:
        """Decades 2–5 deal 2 buildings of the Decade's era to each player first (§13.3.1)."""
        self.stack.append(["build"])
        if self.decade > 1:
            deal = [seat for seat in self.clockwise_from(self.priority)
                    for _ in range(SETUP["buildings_dealt_later"])]
            self.stack.append(["deal", BUILDING_ERA[self.decade - 1], deal])
        return [Event("The Building Phase: every player secretly picks a building to play and one to "
                      "discard.", "phase")]

    def _do_build(self, seat: int, play: int, drop: int) -> list[Event]:
        self.picks[seat] = [play, drop]
        events = [Event(f"{{p{seat}}} picks {bname(play)} to play and discards {bname(drop)}.", "build",
                        visible_to=seat, public_text=f"{{p{seat}}} has chosen a building.")]
        if any(p is None for p in self.picks):
            return events
        return events + self._reveal_buildings()

    def reveals(self, action: Action) -> bool:
        """The last pick of the Building Phase turns every played tile face up."""
        return (action.kind == "build" and self.stack[-1][0] == "build"
                and sum(p is None for p in self.picks) == 1)

    def _reveal_buildings(self) -> list[Event]:
        """§13.3.1: the played tiles go face up onto their owners' tracks, the discards leave the
        game face down, and the Workers shown on the new tiles join the Job Market (at most 12)."""
        events = []
        workers = 0
        for seat in self.clockwise_from(self.priority):
            play, drop = self.picks[seat]
            self.hands[seat].remove(play)
            self.hands[seat].remove(drop)
            self.discards[seat].append(drop)
            self.played[seat].append([self.decade, play])
            workers += BUILDINGS[play].workers
            events.append(Event(f"{{p{seat}}} builds {bname_full(play)}.", "build"))
        self.picks = [None] * self.players
        before = self.job_market
        self.job_market = min(JOB_SPACES, before + workers)
        if workers:
            events.append(Event(f"{count(self.job_market - before, 'Worker')} join the Job Market.", "build"))
        self.stack.pop()
        self.begin_next_phase()
        return events

    # -- a Partner on a building ----------------------------------------------------------------
    def owner_of(self, building: int) -> int | None:
        for seat, played in enumerate(self.played):
            for _, b in played:
                if b == building:
                    return seat
        return None

    def open_buildings(self) -> list[int]:
        """Played buildings no Partner has used this Decade, in the order they were played."""
        out = []
        for seat in range(self.players):
            out += [b for _, b in self.played[seat] if b not in self.used_buildings]
        return out

    def _building_problem(self, seat: int, building: int, cid: str) -> str | None:
        """Why `seat` may not send a Partner to `building` for `cid` (§7, §13.3.4)."""
        if building not in BUILDINGS or self.owner_of(building) is None:
            return "No such building has been built."
        if cid not in self.companies or self.companies[cid]["dir"] != seat or not self.companies[cid]["started"]:
            return "A Partner acts only for a company its player directs."
        if building in self.used_buildings:
            return f"A Partner is already on {bname(building)} this Decade."
        return self._building_company_problem(building, cid)

    def _building_company_problem(self, building: int, cid: str) -> str | None:
        """What `cid` lacks to use open building `building` (its price, a Manager's place, a Worker
        to automate)."""
        b = BUILDINGS[building]
        c = self.companies[cid]
        effect = BUILDING_EFFECTS[building]
        need = b.cost if b.pay == "company" else 0
        if "dividend" in effect:
            need = effect["dividend"]
        elif "asset_discount" in effect:
            prices = [self.asset_price(slot, effect["asset_discount"]) for slot in self.asset_slots()]
            if not prices:
                return "No Capital Asset is on offer."
            need = min(prices)
        if c["cash"] < need:
            return f"The {BUILDINGS[building].name} needs {money(need)}; {cname(cid)} holds {money(c['cash'])}."
        if "managers" in effect and not self._managerless(cid):
            return f"Every factory of {cname(cid)} has a Manager."
        if "automate" in effect and not self._automations(cid):
            return f"{cname(cid)} has no Worker to automate."
        return None

    def _use_building(self, seat: int, building: int, cid: str) -> list[Event]:
        """Pay for the building and take what it gives; the gains that need a choice are queued."""
        b = BUILDINGS[building]
        owner = self.owner_of(building)
        c = self.companies[cid]
        self.used_buildings.append(building)
        if b.pay == "company":
            c["cash"] -= b.cost
            self.cash[owner] += b.cost
            paid = f"{cname(cid)} pays {{p{owner}}} {money(b.cost)}"
        else:
            self.cash[owner] += b.cost
            paid = f"the bank pays {{p{owner}}} {money(b.cost)}"
        events = [Event(f"{{p{seat}}} sends a Partner to {bname(building)} for {cname(cid)}; {paid}.", "action")]
        for key, amount in b.effect:
            events += self._building_effect(seat, cid, key, amount)
        return events

    def _building_effect(self, seat: int, cid: str, key: str, amount) -> list[Event]:
        c = self.companies[cid]
        if key == "appeal":
            return self.appeal_up(cid, amount)
        if key == "salespeople":
            room = COMPANIES[cid].max_salespeople - c["sales"]
            got = min(room, amount)   # beyond the track's capacity a Salesperson is not gained (§13.3.7)
            c["sales"] += got
            return [Event(f"{cname(cid)} gains {count(got, 'Salesperson', 'Salespeople')}.", "action")]
        if key == "produce":
            c["goods"] += amount
            return [Event(f"{cname(cid)} produces {count(amount, 'good')} at once.", "action")]
        if key == "resources":
            return self.take_from_haymarket(cid, dict(amount))
        if key == "dividend":
            return self.pay_dividend(cid, amount, from_treasury=True)
        if key == "asset_discount":
            self.stack.append(["asset_buy", seat, cid, amount])
            return []
        what = {"managers": "manager", "automate": "automate", "free_workers": "worker",
                "same": "same", "different": "different"}[key]
        self.queue_gain(seat, cid, what, 1 if key in ("same", "different") else amount)
        return []
