"""The end of an Age (after the round whose Progress cards turn up the sixth City): Market Insider
sales, each player with Captain cards returns one, then the markets settle: consumer demand buys
the cheapest tokens, Sector Domination bonuses, the sales paid, the age-end Advances; then the
next Age, or after the third the end of the game. A mixin of CaptainsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.captains_of_industry.data import (
    AGES,
    CAPTAINS,
    CONSUMER_MARKETS,
    GOODS,
    MARKETS,
    SECTOR_BONUS,
    SECTORS,
)
from engine.games.captains_of_industry.demand import kept_tokens
from engine.games.captains_of_industry.market import CONTRACT_OF_GOOD
from engine.games.captains_of_industry.words import not_now

BRAND_GOODS = frozenset(g for g in GOODS if not GOODS[g].buyable)
"""Corn, Oil and Parts: the goods Consumer Brands (B5) counts."""


class AgeEndRules:
    __slots__ = ()

    def _frame_age_end(self) -> list[Event]:
        self.stack += [["age_reset"]]
        holders = [s for s in self.order if self.hands[s]]
        if holders:
            self.stack.append(["return", holders])   # R10: a player without cards returns none
        self.stack.append(["settle"])
        for s in reversed(self.order):
            if "C1" in self.advances[s]:
                markets = [m for m in CONSUMER_MARKETS if self.held(m, s)]
                if markets:
                    self.stack.append(["insider", s, markets])
        return [Event(f"End of Age {self.age}.", "endgame")]

    # -- Market Insider (C1) -------------------------------------------------------------------------
    def _choices_insider(self, seat: int, _seat: int, markets: list) -> list[Action]:
        market = markets[0]
        return [Action("insider", seat, (market, k)) for k in range(min(2, self.held(market, seat)) + 1)]

    def _why_insider(self, action: Action) -> str:
        return not_now("choose how many tokens to sell with Market Insider")

    def _do_insider(self, seat: int, market: str, k: int) -> list[Event]:
        f = self.stack.pop()
        if len(f[2]) > 1:
            self.stack.append(["insider", seat, f[2][1:]])
        if not k:
            return []
        sold = self._sell(seat, market, k)
        return [Event(f"Market Insider: {{p{seat}}} sells {k} from {MARKETS[market].name} to the bank for "
                      f"${sold}.", "sell")]

    # -- a Captain card returned (R10) --------------------------------------------------------------
    def _choices_return(self, seat: int, _seats: list) -> list[Action]:
        return [Action("return_captain", seat, (c,)) for c in sorted(set(self.hands[seat]))]

    def _why_return(self, action: Action) -> str:
        return not_now("choose a Captain card to return")

    def _do_return_captain(self, seat: int, card: str) -> list[Event]:
        f = self.stack.pop()
        if len(f[1]) > 1:
            self.stack.append(["return", f[1][1:]])
        self.hands[seat].remove(card)
        self.captain_deck.append(card)
        self.captain_deck.sort()
        return [Event(f"{{p{seat}}} returns {CAPTAINS[card].name} to the Captain deck.", "card", seat,
                      f"{{p{seat}}} returns a Captain card to the deck.")]

    # -- the markets settled -------------------------------------------------------------------------
    def _frame_settle(self) -> list[Event]:
        """Age-end steps 1-4: demand, sector domination, sales, age-end Advances."""
        events: list[Event] = []
        report = []
        for m in CONSUMER_MARKETS:
            demand = self.demand(m)
            holdings = {s: (self.price[m][s], self.held(m, s)) for s in range(self.players) if self.held(m, s)}
            keep = kept_tokens(demand, holdings)
            discarded = {s: holdings[s][1] - keep[s] for s in holdings}
            for s in holdings:
                self._discard(s, m, discarded[s])
                if not keep[s]:
                    self.price[m][s] = 0   # the marker leaves with the last token (R26)
            report.append({"market": m, "demand": demand, "kept": {str(s): keep[s] for s in holdings},
                           "discarded": {str(s): discarded[s] for s in holdings},
                           "price": {str(s): holdings[s][0] for s in holdings}})
            if holdings:
                kept = ", ".join(f"{{p{s}}} {keep[s]}" for s in holdings)
                thrown = sum(discarded.values())
                events.append(Event(f"{MARKETS[m].name}: demand {demand}; bought: {kept}; {thrown} discarded.",
                                    "demand"))
        for sector, markets in SECTORS.items():
            counts = [sum(self.held(m, s) for m in markets) for s in range(self.players)]
            best = max(counts)
            leaders = [s for s in range(self.players) if counts[s] == best]
            if best and len(leaders) == 1:
                self._score(leaders[0], "domination", SECTOR_BONUS)
                self.dominations[leaders[0]] += 1
                events.append(Event(f"{{p{leaders[0]}}} dominates the {sector.title()} Sector: "
                                    f"+{SECTOR_BONUS} Market Share.", "score"))
            elif best:
                events.append(Event(f"The {sector.title()} Sector is tied: no domination bonus.", "score"))
        for m in CONSUMER_MARKETS:
            for s in range(self.players):
                n = self.held(m, s)
                if n:
                    paid = self._sell(s, m, n)
                    events.append(Event(f"{{p{s}}} sells {n} in {MARKETS[m].name} for ${paid}.", "sell"))
        for s in range(self.players):
            if "A5" in self.advances[s] and self.facilities[s]:
                self._score(s, "age_advances", len(self.facilities[s]))
                events.append(Event(f"Industrial Holdings: {{p{s}}} +{len(self.facilities[s])} Market Share.",
                                    "score"))
            if "B5" in self.advances[s] and self.brand_sold[s]:
                self._score(s, "age_advances", self.brand_sold[s])
                events.append(Event(f"Consumer Brands: {{p{s}}} +{self.brand_sold[s]} Market Share.", "score"))
        self.report = report
        return events

    def _goods_order(self, seat: int, market: str) -> list[int]:
        """Indexes of a market's goods, those worth most to `seat` when sold first.

        decision: when only some of a player's tokens in a two-good market are bought (or sold by
        Market Insider), the goods that earn the owner a bonus (A1-A4, B5) go first."""
        accepts = MARKETS[market].accepts
        owned = self.advances[seat]

        def worth(i):
            g = accepts[i]
            return (CONTRACT_OF_GOOD.get(g) in owned) or (g in BRAND_GOODS and "B5" in owned)
        return sorted(range(len(accepts)), key=lambda i: (not worth(i), i))

    def _discard(self, seat: int, market: str, k: int) -> None:
        toks = self.tokens[market][seat]
        for i in reversed(self._goods_order(seat, market)):
            take = min(k, toks[i])
            toks[i] -= take
            k -= take

    def _sell(self, seat: int, market: str, k: int) -> int:
        """Sell `k` of `seat`'s tokens in a consumer market to the bank at their price."""
        toks = self.tokens[market][seat]
        price = self.price[market][seat]
        accepts = MARKETS[market].accepts
        paid = 0
        for i in self._goods_order(seat, market):
            n = min(k, toks[i])
            if not n:
                continue
            toks[i] -= n
            k -= n
            good = accepts[i]
            self._score(seat, "goods", n)
            if CONTRACT_OF_GOOD.get(good) in self.advances[seat]:
                self._score(seat, "contracts", n)
            if good in BRAND_GOODS:
                self.brand_sold[seat] += n
            paid += n * price
        self.money[seat] += paid
        self.bank -= paid
        if not sum(toks):
            self.price[market][seat] = 0
        return paid

    def _frame_age_reset(self) -> list[Event]:
        self.cities = self.chips = self.country_out = 0
        self.wheel = False
        self.brand_sold = [0] * self.players
        if self.age == AGES:
            self.over = True
            self.stack = []
            return [Event("The third Age is over: the Player Banks are revealed. Final scoring.", "endgame")]
        self.age += 1
        self._next_round(after="age_end")
        return [Event(f"Age {self.age} begins.", "endgame")]
