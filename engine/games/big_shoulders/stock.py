"""The Stock Phase (rules "Stock Phase", §13.1–13.2, §14) and the choice of starting companies:
sell any, buy one or start a company, pass; the 60% cap, the certificate limit, Preferred at
double, no rebuying what was sold this Decade, the Priority Deal marker and the sold-out bump;
with Advanced Rules the directorship transfers and the sale of the Director's certificate. A
mixin of BigShouldersState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import join_words, money
from engine.games.big_shoulders import market
from engine.games.big_shoulders.company import CHARTER, POOL
from engine.games.big_shoulders.data import (
    CAP_UNITS,
    COMPANIES,
    COMPANY_IDS,
    START_STEPS,
    YEARS,
    cert_limit,
)
from engine.games.big_shoulders.words import KIND_WORDS, cname

STOCK_WORDS = "sell, buy, start a company or pass"


class StockRules:
    __slots__ = ()

    # -- choices --------------------------------------------------------------------------------
    def _choices_found(self, seat: int, _order, _idx) -> list[Action]:
        return self._starts(seat)

    def _starts(self, seat: int) -> list[Action]:
        """The companies `seat` may start now (the checks of `_start_problem`, without words)."""
        if self.certificates(seat) >= cert_limit(self.players):
            return []
        cash = self.cash[seat]
        return [Action("start", seat, (cid, step)) for cid in COMPANY_IDS if not self.companies[cid]["started"]
                for step in START_STEPS if 3 * market.value(step) <= cash]

    def over_limits(self, seat: int) -> bool:
        """After a directorship transfer a player may hold too much; they must sell first (§14)."""
        return (self.certificates(seat) > cert_limit(self.players)
                or any(self.units(seat, cid) > CAP_UNITS for cid in self.started()))

    def _choices_stock(self, seat: int, _seat, _passes, _last, sold: dict) -> list[Action]:
        """Sales, purchases and starts open to `seat`: the checks of the `_*_problem` methods,
        without building their words (this runs at every Stock decision of every AI rollout)."""
        started = self.started()
        acts = []
        for cid in started:
            c = self.companies[cid]
            if c["com"][seat]:
                acts.append(Action("sell", seat, (cid, "common")))
            if c["pref"] == seat:
                acts.append(Action("sell", seat, (cid, "preferred")))
            if c["dir"] == seat and self.opts["advanced"] and self._sell_problem(seat, cid, "director") is None:
                acts.append(Action("sell", seat, (cid, "director")))
        if acts and self.over_limits(seat):
            return acts
        room = self.certificates(seat) < cert_limit(self.players)
        cash = self.cash[seat]
        for cid in started if room else ():
            c = self.companies[cid]
            if cid in self.sold_decade[seat]:
                continue
            held = self.units(seat, cid)
            value = market.value(c["step"])
            if held < CAP_UNITS and value <= cash:
                if c["com_charter"]:
                    acts.append(Action("buy", seat, (cid, "common", "charter")))
                if c["com_pool"]:
                    acts.append(Action("buy", seat, (cid, "common", "pool")))
            if c["pref"] < 0 and c["dir"] != seat and held + 2 <= CAP_UNITS and 2 * value <= cash:
                acts.append(Action("buy", seat, (cid, "preferred", "charter" if c["pref"] == CHARTER else "pool")))
        if self.decade >= 2:
            acts += self._starts(seat)
        acts.append(Action("end_turn", seat, ()) if sold else Action("pass", seat, ()))
        return acts

    # -- why not --------------------------------------------------------------------------------
    def _limit_problem(self, seat: int) -> str | None:
        limit = cert_limit(self.players)
        if self.certificates(seat) >= limit:
            return f"{{p{seat}}} holds {limit} certificates, the limit with {self.players} players."
        return None

    def _start_problem(self, seat: int, cid: str, step: int) -> str | None:
        if cid not in self.companies:
            return "There is no such company."
        if self.companies[cid]["started"]:
            return f"{cname(cid)} is already in play."
        if step not in START_STEPS:
            values = join_words([money(market.value(s)) for s in START_STEPS], "or")
            return f"A company starts at a share value of {values}."
        cost = 3 * market.value(step)
        if self.cash[seat] < cost:
            return (f"The Director's certificate at {money(market.value(step))} a share costs "
                    f"{money(cost)}; {{p{seat}}} has {money(self.cash[seat])}.")
        return self._limit_problem(seat)

    def _buy_problem(self, seat: int, cid: str, kind: str, source: str) -> str | None:
        if cid not in self.companies:
            return "There is no such company."
        c = self.companies[cid]
        if not c["started"]:
            return f"{cname(cid)} has not been started."
        if kind == "director":
            return "The Director's certificate can never be bought."
        if kind not in ("common", "preferred") or source not in ("charter", "pool"):
            return "Buy a Common or the Preferred certificate, from the charter or the bank pool."
        where = CHARTER if source == "charter" else POOL
        if kind == "preferred" and c["pref"] != where:
            return f"The Preferred certificate of {cname(cid)} is not {self._where_words(where)}."
        if kind == "common" and not c["com_charter" if source == "charter" else "com_pool"]:
            return f"No Common certificate of {cname(cid)} is {self._where_words(where)}."
        if cid in self.sold_decade[seat]:
            return f"{{p{seat}}} sold {cname(cid)} this Decade and may not buy it again until the next."
        if kind == "preferred" and c["dir"] == seat:
            return f"{{p{seat}}} directs {cname(cid)} and may not also hold its Preferred certificate."
        if self.units(seat, cid) + (2 if kind == "preferred" else 1) > CAP_UNITS:
            return f"No player may hold more than {CAP_UNITS * 10}% of a company."
        limit = self._limit_problem(seat)
        if limit:
            return limit
        cost = (2 if kind == "preferred" else 1) * self.share_value(cid)
        if self.cash[seat] < cost:
            return f"It costs {money(cost)}; {{p{seat}}} has {money(self.cash[seat])}."
        return None

    def _sell_problem(self, seat: int, cid: str, kind: str) -> str | None:
        if cid not in self.companies or not self.companies[cid]["started"]:
            return "That company is not in play."
        c = self.companies[cid]
        if kind == "director":
            if c["dir"] != seat:
                return f"{{p{seat}}} does not hold the Director's certificate of {cname(cid)}."
            if not self.opts["advanced"]:
                return f"The Director may not sell the Director's certificate of {cname(cid)}."
            if not any(self.units(o, cid) >= 3 for o in range(self.players) if o != seat):
                return (f"The Director's certificate of {cname(cid)} may be sold only while another "
                        "player holds at least 30%.")
            return None
        if kind == "common" and not c["com"][seat]:
            return f"{{p{seat}}} holds no Common certificate of {cname(cid)}."
        if kind == "preferred" and c["pref"] != seat:
            return f"{{p{seat}}} does not hold the Preferred certificate of {cname(cid)}."
        if kind not in ("common", "preferred"):
            return "Sell a Common or the Preferred certificate."
        return None

    @staticmethod
    def _where_words(where: int) -> str:
        return "on the charter" if where == CHARTER else "in the bank pool"

    def _why_found(self, action: Action) -> str | None:
        kind, seat, args = action
        if kind != "start":
            return "Every player first starts one company: choose a charter and a share value."
        return self._start_problem(seat, *args)

    def _why_stock(self, action: Action) -> str | None:
        kind, seat, args = action
        sold = self.stack[-1][4]
        if kind == "sell":
            return self._sell_problem(seat, *args)
        if kind in ("buy", "start", "pass", "end_turn") and self.over_limits(seat):
            return f"{{p{seat}}} holds more than the limits allow after a directorship transfer and must sell first."
        if kind == "buy":
            return self._buy_problem(seat, *args)
        if kind == "start":
            if self.decade < 2:
                return "No other company may be started in the first Decade."
            return self._start_problem(seat, *args)
        if kind == "pass" and sold:
            return "A player who sold this turn has acted: end the turn instead of passing."
        if kind == "end_turn" and not sold:
            return "Nothing was sold this turn: pass instead."
        return f"Now {{p{seat}}} may {STOCK_WORDS}."

    # -- doing ----------------------------------------------------------------------------------
    def _start_company(self, seat: int, cid: str, step: int) -> None:
        """§13.1: pay 3× the value to the company, take the Director's certificate, put the share
        marker on its space and the appeal marker at the bottom of any stack on its space."""
        c = self.companies[cid]
        cost = 3 * market.value(step)
        self.cash[seat] -= cost
        c.update(started=True, step=step, appeal=COMPANIES[cid].appeal, cash=cost, dir=seat, pref=CHARTER,
                 com_charter=5)
        self.appeal_stack.append(cid)

    def _do_start(self, seat: int, cid: str, step: int) -> list[Event]:
        self._start_company(seat, cid, step)
        text = (f"{{p{seat}}} starts {COMPANIES[cid].name} at {money(market.value(step))} a share, "
                f"paying {money(3 * market.value(step))} into its treasury.")
        f = self.stack[-1]
        if f[0] == "found":
            # the extra Partner goes on the last factory (rules set-up 17, §12)
            self.founder[seat] = cid
            f[2] += 1
            if f[2] == self.players:
                self.stack.pop()
                self.priority = seat   # the last to choose takes the Priority Deal marker
                self.order = self.clockwise_from(seat)
                return [Event(text, "stock"), Event(f"{{p{seat}}} takes the Priority Deal marker and "
                                                    "is first on the Action turn order track.", "setup")]
            return [Event(text, "stock")]
        return [Event(text, "stock")] + self._stock_acted(seat)

    def _do_sell(self, seat: int, cid: str, kind: str) -> list[Event]:
        """A sale is priced before the drop (ruling §16.13): every certificate of one company sold
        in one turn is paid at the value the company had when that turn's sale of it began."""
        c = self.companies[cid]
        sold = self.stack[-1][4]
        first = cid not in sold
        if first:
            sold[cid] = [market.value(c["step"]), self._protects(seat, cid)]
        price, protected = sold[cid]
        units = {"common": 1, "preferred": 2, "director": 3}[kind]
        drop = 0 if protected else self._sale_drop(seat, cid, units, first)
        if kind == "common":
            c["com"][seat] -= 1
            c["com_pool"] += 1
        elif kind == "preferred":
            c["pref"] = POOL
        self.cash[seat] += units * price
        if cid not in self.sold_decade[seat]:
            self.sold_decade[seat].append(cid)
        events = [Event(f"{{p{seat}}} sells the {KIND_WORDS[kind]} certificate of {cname(cid)} for "
                        f"{money(units * price)}.", "stock")]
        if kind == "director":
            events += self._director_sold(seat, cid)
        elif kind == "common" and self.opts["advanced"] and c["dir"] == seat:
            events += self._transfer_after_sale(seat, cid)
        if self.move_price(cid, -drop):
            events.append(Event(f"{whose_price(cid)} falls to {self.price_words(cid)}.", "stock"))
        return events

    def _protects(self, seat: int, cid: str) -> bool:
        """Whether the company's Price Protection cancels the drop of this sale: only for sellers
        other than its director, and once per Decade (ruling §15.3), so using it exhausts it."""
        c = self.companies[cid]
        if c["asset"] != "price_protection" or c["exhausted"] or c["dir"] == seat:
            return False
        c["exhausted"] = True
        return True

    def _sale_drop(self, seat: int, cid: str, units: int, first: bool) -> int:
        """Steps one certificate's sale moves the price down (§13.2, §14): one per 10% sold; with
        Friendly Stock Sales a seller other than the director drops it one step per sale, whatever
        is sold (ruling §15.4: the director's own sales drop at the full rate)."""
        if self.opts["friendly"] and self.companies[cid]["dir"] != seat:
            return 1 if first else 0
        return units

    def _do_buy(self, seat: int, cid: str, kind: str, source: str) -> list[Event]:
        c = self.companies[cid]
        cost = (2 if kind == "preferred" else 1) * self.share_value(cid)
        self.cash[seat] -= cost
        if source == "charter":
            c["cash"] += cost   # bought from the company: the money goes to its treasury
        if kind == "common":
            c["com_charter" if source == "charter" else "com_pool"] -= 1
            c["com"][seat] += 1
        else:
            c["pref"] = seat
        where = "the company" if source == "charter" else "the bank pool"
        events = [Event(f"{{p{seat}}} buys the {KIND_WORDS[kind]} certificate of {cname(cid)} from {where} "
                        f"for {money(cost)}.", "stock")]
        if self.opts["advanced"] and c["dir"] != seat and self.units(seat, cid) > self.units(c["dir"], cid):
            events += self._transfer(cid, seat, c["dir"])
        return events + self._stock_acted(seat)

    # -- Advanced Rules: directorship transfers (§14) ---------------------------------------------
    def _give_thirty(self, cid: str, giver: int, to: int) -> None:
        """`giver` hands 30% to `to` (a seat, or POOL): the Preferred and a Common if it holds the
        Preferred, else three Commons."""
        c = self.companies[cid]
        if c["pref"] == giver:
            c["pref"] = to
            moves = 1
        else:
            moves = 3
        c["com"][giver] -= moves
        if to == POOL:
            c["com_pool"] += moves
        else:
            c["com"][to] += moves

    def _transfer(self, cid: str, new: int, old: int) -> list[Event]:
        """The new director takes the Director's certificate and gives the old one 30% back."""
        self.companies[cid]["dir"] = new
        self._give_thirty(cid, new, old)
        return [Event(f"{{p{new}}} now holds more of {cname(cid)} than {{p{old}}} and becomes its director.",
                      "stock")]

    def _transfer_after_sale(self, seat: int, cid: str) -> list[Event]:
        mine = self.units(seat, cid)
        best = max((self.units(o, cid), -((o - seat) % self.players), o)
                   for o in range(self.players) if o != seat)
        if best[0] > mine:
            return self._transfer(cid, best[2], seat)
        return []

    def _director_sold(self, seat: int, cid: str) -> list[Event]:
        """§14: the certificate goes to the first player clockwise from the seller who holds at
        least 30%; they put 30% of their own into the bank pool (Preferred + Common, or three
        Commons), except that a Preferred goes to a seller still holding 20%, who pools two Commons."""
        c = self.companies[cid]
        new = next(o for o in self.clockwise_from(seat)[1:] if self.units(o, cid) >= 3)
        c["dir"] = new
        if c["pref"] == new and c["com"][seat] >= 2:
            c["pref"] = seat
            c["com"][seat] -= 2
            c["com"][new] -= 1
            c["com_pool"] += 3
        else:
            self._give_thirty(cid, new, POOL)
        return [Event(f"{{p{new}}} becomes the director of {cname(cid)}.", "stock")]

    # -- turns and the end of the phase ---------------------------------------------------------
    def _do_end_turn(self, seat: int) -> list[Event]:
        return self._stock_acted(seat)

    def _do_pass(self, seat: int) -> list[Event]:
        f = self.stack[-1]
        passes = f[2] + 1
        events = [Event(f"{{p{seat}}} passes.", "stock")]
        if passes == self.players:
            self.stack[-1] = ["stock_end", f[3]]
            return events
        self.stack[-1] = ["stock", (seat + 1) % self.players, passes, f[3], {}]
        return events

    def _stock_acted(self, seat: int) -> list[Event]:
        """A turn that did something other than pass: the run of passes starts again."""
        self.stack[-1] = ["stock", (seat + 1) % self.players, 0, seat, {}]
        return []

    def _frame_stock_start(self) -> list[Event]:
        self.stack.append(["stock", self.priority, 0, -1, {}])
        return [Event(f"Decade {self.decade} ({YEARS[self.decade - 1]}): the Stock Phase begins with "
                      f"{{p{self.priority}}}.", "phase")]

    def _frame_stock_end(self, last: int) -> list[Event]:
        """The phase ends when every player has passed in a row: the Priority Deal marker goes
        to the left of the last player who acted (§13.2), and every sold-out company rises a step."""
        events = []
        if last >= 0:
            self.priority = (last + 1) % self.players
            events.append(Event(f"{{p{self.priority}}} takes the Priority Deal marker.", "stock"))
        for cid in self.started():
            if self.sold_out(cid) and self.move_price(cid, 1):
                events.append(Event(f"{cname(cid)} is sold out: its price rises to {self.price_words(cid)}.",
                                    "stock"))
        self.begin_next_phase()
        return events


def whose_price(cid: str) -> str:
    return f"{cname(cid)}'s price"
