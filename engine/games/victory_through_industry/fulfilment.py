"""Contract fulfilment, at the start of the turn of the player holding the fulfilment token: each
contract they hold asks for a card of its product, supplied from the complex or the contract is
lost; then the token passes to the right. Supplying enough contracts at once ends the game.
A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article
from engine.games.victory_through_industry.data import CONTRACTS, FULFIL_TO_END
from engine.games.victory_through_industry.words import pname

_FULFIL = frozenset({"fulfil", "forfeit"})


class FulfilmentRules:
    __slots__ = ()

    def _start_turn(self) -> list[Event]:
        s = self.current
        if self.token == s and not self.over:
            self.fq = list(self.held[s])
            self.fcount = 0
            if not self.fq:
                return self._end_fulfilment(s)
            return [Event(f"{{p{s}}} holds the fulfilment token and must supply each contract.", "info")]
        return []

    def _choices_fulfil(self, s: int, _seat: int) -> list[Action]:
        cid = self.fq[0]
        want = CONTRACTS[cid].product
        acts = [Action("fulfil", s, (cid, x, y)) for (x, y), p in sorted(self.prod[s].items()) if p == want]
        acts.append(Action("forfeit", s, (cid,)))
        return acts

    def _ask_fulfil(self, seat: int) -> tuple[frozenset, str]:
        want = pname(CONTRACTS[self.fq[0]].product)
        return _FULFIL, f"supply {article(want)} card for your contract, or give the contract up"

    def _why_fulfil(self, action: Action) -> str | None:
        s, k, a = action.seat, action.kind, action.args
        if k == "forfeit":
            return "Settle the first contract in the queue first."
        cell = tuple(a[-2:])
        if cell not in self.prod[s]:
            return "There is no product card of yours there."
        have = pname(self.prod[s][cell])
        cid = self.fq[0]
        if a[0] != cid:
            return "Settle the first contract in the queue first."
        return f"The contract asks for {pname(CONTRACTS[cid].product)}, not {have}."

    def _do_fulfil(self, s: int, cid: str, x: int, y: int) -> list[Event]:
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        self.fq.pop(0)
        self.fcount += 1
        self.fulfilled[s] += 1
        events = [Event(f"{{p{s}}} supplies {pname(p)} for the {pname(p)} contract.", "info")]
        if not self.fq:
            events += self._end_fulfilment(s)
        return events

    def _do_forfeit(self, s: int, cid: str) -> list[Event]:
        self.fq.pop(0)
        self.held[s].remove(cid)
        self.lost.append(cid)
        c = CONTRACTS[cid]
        events = [Event(f"{{p{s}}} loses the {pname(c.product)} contract ({c.points} points).", "loss")]
        if not self.fq:
            events += self._end_fulfilment(s)
        return events

    def _end_fulfilment(self, s: int) -> list[Event]:
        self.token = (s - 1) % self.players
        events = [Event(f"{{p{s}}} passes the fulfilment token to {{p{self.token}}}.", "info")]
        if self.fcount >= FULFIL_TO_END:
            events += self._end_game(f"{{p{s}}} fulfilled {self.fcount} contracts at once")
        self.fcount = 0
        return events
