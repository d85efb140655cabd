"""The other two actions of a turn: buying a share of another player's corporation (rules, "Buy a
Share"; none in the final round) and paying dividends (rules, "Pay Dividends": the income of the
corporation card and every company it owns, per share held). A mixin of FirstCeoState."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.text import article, count
from engine.games.first_ceo.data import COMPANIES, CORPORATIONS, SHARES_PER_CORP
from engine.games.first_ceo.words import corporation


class ShareRules:
    __slots__ = ()

    def share_price(self, issuer: int) -> int:
        """Price of the issuer's leftmost remaining share."""
        return CORPORATIONS[self.corp[issuer]].share_prices[self.sold[issuer]]

    def income(self, seat: int) -> int:
        """Income icons of the corporation card and every company it owns."""
        return CORPORATIONS[self.corp[seat]].income + sum(COMPANIES[c].income for c in self.companies[seat])

    def shares_held(self, holder: int, issuer: int) -> int:
        """Shares of `issuer`'s corporation that `holder` has: its own unissued ones count."""
        if holder == issuer:
            return SHARES_PER_CORP - self.sold[issuer] + self.held[holder][issuer]
        return self.held[holder][issuer]

    def _buy_problem(self, seat: int, target: int) -> str | None:
        if not 0 <= target < self.players:
            return "There is no such player."
        if target == seat:
            # decision: buying your own share would only pay yourself; the rules say "choose a player".
            return "You cannot buy your own corporation's shares."
        if self.final_round:
            return "No shares may be bought in the final round."
        if self.sold[target] >= SHARES_PER_CORP:
            return f"{corporation(self.corp[target])} has no shares left to issue."
        price = self.share_price(target)
        if self.money[seat] < price:
            return f"The next {corporation(self.corp[target])} share costs ${price}; you have ${self.money[seat]}."
        return None

    def _do_buy_share(self, seat: int, target: int) -> list[Event]:
        price = self.share_price(target)
        self.money[seat] -= price
        self.money[target] += price
        self.sold[target] += 1
        self.held[seat][target] += 1
        name = corporation(self.corp[target])
        bought = Event(f"{{p{seat}}} buys {article(name)} share from {{p{target}}} for ${price}.", "info")
        return [bought] + self._end_turn()

    def _do_dividends(self, seat: int) -> list[Event]:
        income = self.income(seat)
        events = [Event(f"{{p{seat}}} pays {corporation(self.corp[seat])} dividends: ${income} per share.", "info")]
        for holder in range(self.players):
            n = self.shares_held(holder, seat)
            if n:
                self.money[holder] += income * n
                events.append(Event(f"{{p{holder}}} receives ${income * n} ({count(n, 'share')}).", "gain"))
        return events + self._end_turn()
