"""Buying (core principle 1): every good a bill needs is bought at the lowest price on its market,
a player's own tokens at a tied price first (taken back for nothing); where several players tie
at the lowest price and the buyer has a real choice, the buyer picks the seller unit by unit; a
player who began the turn with goods in a central market may buy what the market lacks from the
bank for $13. Money goes to the seller, and Market Share with it. A mixin of CaptainsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.captains_of_industry.data import (
    ADVANCES,
    BANK_PRICE,
    BUY_MARKET,
    FACILITIES,
    GOODS,
    SPACES,
)
from engine.games.captains_of_industry.words import goods, goods_text, not_now

CONTRACT_OF_GOOD = {a.good: a.id for a in ADVANCES.values() if a.effect == "contract"}
"""Good -> the Advance that adds 1 Market Share per token of it sold (A1-A4)."""
ADVANCE_BILLS = {a: (("research", ADVANCES[a].cost),) for a in ADVANCES}


def merge(*bills) -> list[list]:
    """Bills added up, good by good, in the order the goods first appear."""
    total: dict[str, int] = {}
    for bill in bills:
        for g, n in bill:
            total[g] = total.get(g, 0) + n
    return [[g, n] for g, n in total.items() if n > 0]


EXPANSION_BILLS = {(t, double): tuple(tuple(x) for x in merge(f.build, f.expand_double if double else f.expand))
                   for t, f in FACILITIES.items() for double in (0, 1)}
"""Facility type and whether its top card is the double card -> the expansion bill (R13)."""
MOST_UNITS = max(n for bill in [*(f.build for f in FACILITIES.values()), *EXPANSION_BILLS.values(),
                                 *(sp.cost for sp in SPACES.values()), *ADVANCE_BILLS.values()] for _, n in bill)
"""Units of one good a row of `unit_costs` covers in `_choices_action`: the most any bill needs."""


def unit_cost_row(toks: list, prices: list, players: int, seat: int, most: int, eligible: bool) -> list[int | None]:
    """`CaptainsState.unit_costs` from a market's tokens and prices (one row per good and decision
    in the hot path of `_choices_action`)."""
    # (price, bought from someone else, units): own units sort first at a tied price
    lots = sorted([(prices[s], s != seat, toks[s][0]) for s in range(players) if toks[s][0]])
    out: list[int | None] = [0]
    total = 0
    left = most
    for price, other, k in lots:
        unit = price if other else 0
        for _ in range(k if k < left else left):
            total += unit
            out.append(total)
        left -= k
        if left <= 0:
            return out
    if not eligible:
        return out + [None] * left
    for _ in range(left):
        total += BANK_PRICE
        out.append(total)
    return out


class MarketRules:
    __slots__ = ()

    def _levels(self, market: str) -> list[tuple[int, list[int]]]:
        """(price, sellers) of a market's tokens, cheapest first."""
        prices = self.price[market]
        toks = self.tokens[market]
        by: dict[int, list[int]] = {}
        for s in range(self.players):
            if toks[s][0]:
                by.setdefault(prices[s], []).append(s)
        return sorted(by.items())

    def unit_costs(self, seat: int, good: str, most: int, eligible: bool | None = None) -> list[int | None]:
        """What the first 0, 1, ... `most` units of `good` cost `seat` now, unit by unit at the
        lowest price (own tokens at a tied price first, since they are free; the bank's $13 once
        the market is empty, if eligible); None from the first unit that cannot be had."""
        market = BUY_MARKET[good]
        return unit_cost_row(self.tokens[market], self.price[market], self.players, seat, most,
                           self.eligible if eligible is None else eligible)

    def bill_cost(self, seat: int, bill, eligible: bool | None = None, costs: dict | None = None) -> int | None:
        """The least a bill of goods ((good, count), ...) costs `seat` now (see `unit_costs`), or
        None if some unit cannot be had. `costs` caches unit costs per good across bills."""
        total = 0
        for g, n in bill:
            if g not in BUY_MARKET:
                return None
            if costs is not None:
                if g not in costs:
                    costs[g] = self.unit_costs(seat, g, MOST_UNITS, eligible)
                row = costs[g]
                cost = row[n] if n < len(row) else self.unit_costs(seat, g, n, eligible)[n]
            else:
                cost = self.unit_costs(seat, g, n, eligible)[n]
            if cost is None:
                return None
            total += cost
        return total

    def bill_problem(self, seat: int, bill) -> str | None:
        """Why `seat` cannot pay a bill now; None if it can."""
        cost = self.bill_cost(seat, bill)
        if cost is None:
            short = next(g for g, n in bill if sum(t[0] for t in self.tokens[BUY_MARKET[g]]) < n)
            return (f"There is not enough {GOODS[short].name} on the market, and only a player who began "
                    f"the turn with goods in a central market may buy the rest from the bank for ${BANK_PRICE}.")
        if cost > self.money[seat]:
            return f"{goods_text(bill)} costs ${cost} at the lowest prices; you have ${self.money[seat]}."
        return None

    def _can_pay(self, seat: int, bill, costs: dict | None = None) -> bool:
        cost = self.bill_cost(seat, bill, costs=costs)
        return cost is not None and cost <= self.money[seat]

    def _take_choices(self, seat: int, good: str, needs: list) -> list[int]:
        """Tied sellers `seat` may take the next unit of `good` from, keeping the rest payable."""
        market = BUY_MARKET[good]
        price, sellers = self._levels(market)[0]
        rest = [[g, n - 1 if i == 0 else n] for i, (g, n) in enumerate(needs)]
        ok = []
        for s in sellers:
            paid = 0 if s == seat else price
            self.tokens[market][s][0] -= 1
            cost = self.bill_cost(seat, rest)
            self.tokens[market][s][0] += 1
            if cost is not None and cost + paid <= self.money[seat]:
                ok.append(s)
        return ok

    def _take(self, buyer: int, seller: int, good: str, k: int) -> list[Event]:
        market = BUY_MARKET[good]
        price = self.price[market][seller]
        self.tokens[market][seller][0] -= k
        if not self.held(market, seller):
            self.price[market][seller] = 0   # the marker leaves with the last token (R26)
        self._note_purchase(market, seller, price, k, buyer)
        if seller == buyer:
            return [Event(f"{{p{buyer}}} takes back {goods(k, good)} of their own at ${price} (no money, no "
                          "Market Share).", "buy")]
        cost = k * price
        self.money[buyer] -= cost
        self.money[seller] += cost
        self._score(seller, "goods", k)
        if CONTRACT_OF_GOOD.get(good) in self.advances[seller]:
            self._score(seller, "contracts", k)
        return [Event(f"{{p{buyer}}} buys {goods(k, good)} from {{p{seller}}} at ${price} and pays {{p{seller}}} "
                      f"${cost}.", "buy")]

    # -- the purchases of the last lap, remembered for the board -------------------------------------------
    def turn_number(self) -> int:
        """Turns in play order (rounds run on across the Ages)."""
        return self.round * self.players + self.turn_pos

    def _note_purchase(self, market: str, seller: int, price: int, k: int, buyer: int) -> None:
        now = self.turn_number()
        self.bought = [e for e in self.bought if e[0] > now - self.players]
        self.bought.append([now, market, seller, price, k, buyer])

    def recent_purchases(self) -> list[list]:
        """[market, seller, price, count, buyer] of every purchase in the last lap of turns (the
        turn now and those of the players before it), oldest first: the board keeps them drawn as
        ghosts, so a player sees what the others bought since their own turn, and from whom."""
        now = self.turn_number()
        return [e[1:] for e in self.bought if now - self.players < e[0] <= now]

    def _score(self, seat: int, category: str, points: int) -> None:
        self.ms[seat][category] += points

    # -- the purchase of a bill (an automatic frame), and the seller chosen among tied ones ------------
    def _frame_buy(self, needs: list) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        while needs:
            good, n = needs[0]
            market = BUY_MARKET[good]
            levels = self._levels(market)
            if not levels:
                needs.pop(0)
                self.money[seat] -= n * BANK_PRICE
                self.bank += n * BANK_PRICE
                events.append(Event(f"{{p{seat}}} buys {goods(n, good)} from the bank at ${BANK_PRICE} each "
                                    "(no one gains Market Share, R25).", "buy"))
                continue
            price, sellers = levels[0]
            toks = self.tokens[market]
            total = sum(toks[s][0] for s in sellers)
            if len(sellers) > 1 and total > n:
                # a real choice: the buyer picks among tied sellers, unit by unit (R1)
                self.stack += [["buy", needs], ["take", good]]
                return events
            for s in sellers:
                k = min(n, toks[s][0])
                events += self._take(seat, s, good, k)
                n -= k
            if n:
                needs[0][1] = n
            else:
                needs.pop(0)
        return events

    def _choices_take(self, seat: int, good: str) -> list[Action]:
        return [Action("take", seat, (s,)) for s in self._take_choices(seat, good, self.stack[-2][1])]

    def _why_take(self, action: Action) -> str:
        f = self.stack[-1]
        if action.kind == "take":
            return (f"You must buy at the lowest price, and the purchase must stay payable: take "
                    f"{GOODS[f[1]].name} from one of the tied sellers you can afford.")
        return not_now(f"choose whose {GOODS[f[1]].name} to buy among the tied lowest prices")

    def _do_take(self, seat: int, seller: int) -> list[Event]:
        f = self.stack.pop()
        needs = self.stack[-1][1]
        needs[0][1] -= 1
        if not needs[0][1]:
            needs.pop(0)
        return self._take(seat, seller, f[1], 1)
