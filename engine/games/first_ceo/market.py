"""The company market and the first of a turn's three actions, acquiring a company (rules,
"Acquire a Company"): its price with the space's surcharge, the discard icon, the asset card it
draws, the shift left and the refill, and the end it may trigger. A mixin of FirstCeoState."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.first_ceo.data import COMPANIES, END_TRIGGER, MARKET_SPACES
from engine.games.first_ceo.words import company, corporation

MARKET_SIZE = len(MARKET_SPACES)
SURCHARGE = [m.surcharge for m in MARKET_SPACES]


class MarketRules:
    __slots__ = ()

    def acquire_price(self, slot: int) -> int:
        """Acquisition cost of the company on `slot` plus that space's surcharge."""
        return COMPANIES[self.market[slot]].cost + MARKET_SPACES[slot].surcharge

    def _acquire_problem(self, seat: int, slot: int) -> str | None:
        if not 0 <= slot < MARKET_SIZE or self.market[slot] is None:
            return "That market space is empty."
        price = self.acquire_price(slot)
        if self.money[seat] < price:
            name = company(self.market[slot])
            return f"{name} costs ${price} here and your corporation has only ${self.money[seat]}."
        return None

    def _do_acquire(self, seat: int, slot: int) -> list[Event]:
        cid = self.market[slot]
        card = COMPANIES[cid]
        space = MARKET_SPACES[slot]
        price = self.acquire_price(slot)
        self.money[seat] -= price
        self.companies[seat].append(cid)
        self.market[slot] = None
        extra = f" + ${space.surcharge}" if space.surcharge else ""
        events = [Event(f"{{p{seat}}} acquires {card.name} for ${card.cost}{extra}.", "loss")]
        if space.discard:
            left = next((i for i, c in enumerate(self.market) if c is not None), None)
            if left is not None:
                gone = self.market[left]
                self.market[left] = None
                self.discard.append(gone)
                events.append(Event(f"The discard icon removes {company(gone)} from the market.", "market"))
        draws = card.asset_card != "none" and bool(self.asset_left[card.asset_card])
        corp = self.corp[seat]
        self.assets[corp] += card.cost
        events.append(Event(f"{corporation(corp)} assets rise to {self.assets[corp]}.", "info"))
        self.market = [c for c in self.market if c is not None]
        self.market += [None] * (MARKET_SIZE - len(self.market))
        # the asset card is drawn first, then the market refilled: the draw goes on top
        if None in self.market and self.deck:
            self.stack.append(["refill"])
        if draws:
            self.stack.append(["draw", seat, card.asset_card])
        if self.assets[corp] >= END_TRIGGER and not self.triggered:
            self.triggered = True
            events.append(Event(f"{corporation(corp)} reaches {END_TRIGGER} assets: the end is near. "
                                "This round is finished, then two more rounds are played.", "endgame"))
        return events + self._end_turn()
