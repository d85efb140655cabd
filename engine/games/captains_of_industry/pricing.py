"""Pricing (R23): goods that arrive in a market wait at the end of its track until their owner
prices them there; after Market Research or Market Manipulation the player may re-price each
market where they have a marker, in turn, or keep the other prices. Prices are whole dollars
along the track (R11). A mixin of CaptainsState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.captains_of_industry.data import MARKET_IDS, MARKETS, PRICES
from engine.games.captains_of_industry.words import not_now

_PRICE_ACTIONS = [{m: tuple(Action("price", seat, (m, p)) for p in PRICES) for m in MARKETS} for seat in range(5)]
"""Each seat's price actions per market, made once."""


class PricingRules:
    __slots__ = ()

    def _choices_price(self, seat: int, market: str) -> list[Action]:
        return list(_PRICE_ACTIONS[seat][market])

    def _why_price(self, action: Action) -> str:
        return self._price_problem(action, "set the price in this market")

    def _choices_reprice(self, seat: int, markets: list) -> list[Action]:
        return [Action("done", seat, ())] + self._choices_price(seat, markets[0])

    def _why_reprice(self, action: Action) -> str:
        return self._price_problem(action, "re-price this market or keep the other prices")

    def _price_problem(self, action: Action, what: str) -> str:
        kind, _, args = action
        f = self.stack[-1]
        if kind != "price":
            return not_now(what)
        asked = f[1] if f[0] == "price" else f[1][0]
        if args and args[0] in MARKETS and args[0] != asked:
            why = "your goods just arrived there (R23)" if f[0] == "price" else "markets are re-priced in turn"
            return (f"Set your price in {MARKETS[asked].name} now, not in {MARKETS[args[0]].name}: "
                    f"{why}.")
        return f"Prices are whole dollars from ${PRICES[0]} to ${PRICES[-1]} (R11), in the market asked."

    def _frame_reprice_start(self) -> list[Event]:
        seat = self.current
        markets = [m for m in MARKET_IDS if self.price[m][seat]]
        if markets:
            self.stack.append(["reprice", markets])
        return []

    def _do_price(self, seat: int, market: str, price: int) -> list[Event]:
        f = self.stack.pop()
        if f[0] == "reprice" and len(f[1]) > 1:
            self.stack.append(["reprice", f[1][1:]])
        old = self.price[market][seat]
        self.price[market][seat] = price
        name = MARKETS[market].name
        if old == price:
            return [Event(f"{{p{seat}}} keeps their price in {name} at ${price}.", "price")]
        if old:
            return [Event(f"{{p{seat}}} moves their price in {name} from ${old} to ${price}.", "price")]
        return [Event(f"{{p{seat}}} prices their goods in {name} at ${price}.", "price")]

    def _do_done(self, seat: int) -> list[Event]:
        self.stack.pop()
        return []
