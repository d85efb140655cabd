"""Money and its consequences (rules, "Bankruptcy"): gains and payments through the Bank, control
markers sold to pay a debt (cheapest first), and bankruptcy: the player is out with their Legacy
cards shuffled back, and may re-enter on a later turn. A mixin of RobberBaronsState."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.robber_barons.data import RULES
from engine.games.robber_barons.words import money

MARKER_SALE = RULES["marker_sale"]


class PaymentRules:
    __slots__ = ()

    def _round_from(self, seat: int) -> list[int]:
        """Active seats in turn order starting with `seat`."""
        return [(seat + i) % self.players for i in range(self.players) if not self.out[(seat + i) % self.players]]

    def _gain(self, seat: int, amount: int) -> None:
        self.money[seat] += amount
        self.bank -= amount

    def _take_money(self, seat: int, amount: int) -> None:
        self.money[seat] -= amount
        self.bank += amount

    def _sale_order(self, seat: int) -> int:
        """The space whose marker costs `seat` the least revenue to sell (lowest number on ties).

        decision: markers are sold automatically, cheapest first, and only as many as needed."""
        base = self.revenue(seat)
        best, best_loss = -1, None
        for sp in self.investments(seat):
            self.markers[sp][seat] -= 1
            loss = base - self.revenue(seat)
            self.markers[sp][seat] += 1
            if best_loss is None or loss < best_loss:
                best, best_loss = sp, loss
        return best

    def _pay(self, seat: int, amount: int, to: int | None = None) -> list[Event]:
        """`seat` pays `amount` to seat `to` (None: the Bank), selling control markers first if
        short, and going bankrupt if even that is not enough (the creditor gets what there is)."""
        events: list[Event] = []
        sold = 0
        while self.money[seat] < amount and self.investments(seat):
            sp = self._sale_order(seat)
            self._remove(seat, sp)
            self._gain(seat, MARKER_SALE)
            sold += 1
        if sold:
            events.append(Event(f"{{p{seat}}} sells {sold} control marker{'s' if sold > 1 else ''} to the Bank "
                                f"for {money(sold * MARKER_SALE)}.", "loss"))
        paid = min(amount, self.money[seat])
        self._take_money(seat, paid)
        if to is not None:
            self._gain(to, paid)
            events.append(Event(f"{{p{seat}}} pays {money(paid)} to {{p{to}}}.", "loss"))
        else:
            events.append(Event(f"{{p{seat}}} loses {money(paid)}.", "loss"))
        if paid < amount:
            events += self._bankrupt(seat)
        return events

    def _bankrupt(self, seat: int) -> list[Event]:
        self.out[seat] = True
        self.pos[seat] = None
        self.bankruptcies += 1
        # "Shuffle your Legacy cards back into the Legacy deck": the whole deck is reshuffled, so the
        # cards put on the bottom lose their place too.
        self.legacy_deck = sorted(self.legacy_deck + self.legacy_bottom + self.philanthropy[seat])
        self.legacy_bottom = []
        # decision: Business cards in the pile (legacies, scandals) go to the Business discard
        self.business_discard += self.business_pile[seat]
        self.philanthropy[seat] = []
        self.business_pile[seat] = []
        if seat == self.current:
            # the rest of the bankrupt player's turn is lost: drop every frame above the turn's end
            while self.stack[-1][0] != "end":
                self.stack.pop()
            self.extra = 0
            if self.in_play:
                self.business_discard.append(self.in_play)
                self.in_play = None
        return [Event(f"{{p{seat}}} is bankrupt and out of the game; their Legacy cards are shuffled back "
                      "into the Legacy deck. They may re-enter on their next turn.", "endgame")]
