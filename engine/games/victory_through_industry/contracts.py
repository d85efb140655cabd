"""Claiming a contract in a non-production move: a contract of the row whose product the player
has in the complex, handing over one card of it (at most eight held). The first claim of the game
brings the fulfilment token (fulfilment.py); holding eight contracts, or claiming the last of the
row, ends the game. A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article
from engine.games.victory_through_industry.data import CONTRACT_IDS, CONTRACTS, MAX_CONTRACTS
from engine.games.victory_through_industry.words import pname

_WANTED = {cid: CONTRACTS[cid].product for cid in CONTRACT_IDS}
"""The product each contract asks for."""
_PAY = frozenset({"pay"})


class ContractRules:
    __slots__ = ()

    def claimable(self, s: int) -> list[str]:
        """Contracts in the row the seat may claim in a non-production move: it holds fewer than
        eight and has a card of the product in its complex (in row order)."""
        prod = self.prod[s]
        if len(self.held[s]) >= MAX_CONTRACTS or not prod:
            return []
        have = set(prod.values())
        return [cid for cid in self.row if _WANTED[cid] in have]

    def _claim_problem(self, s: int, cid: str) -> str:
        """Why the menu's claim is refused."""
        if len(self.held[s]) >= MAX_CONTRACTS:
            return "No player may hold more than eight contracts."
        if cid not in self.row:
            return "That contract is not in the row."
        return f"To claim it you need {article(pname(CONTRACTS[cid].product))} card in your complex."

    def _do_claim(self, s: int, cid: str) -> list[Event]:
        self.sub = {"k": "claim", "cid": cid}
        return []

    # -- the card handed over (the action `pay`, building.py's `_do_pay` sends it here) --------------------
    def _choices_hand_over(self, s: int, _seat: int) -> list[Action]:
        want = CONTRACTS[self.sub["cid"]].product
        return [Action("pay", s, c) for c, p in sorted(self.prod[s].items()) if p == want]

    def _ask_hand_over(self, seat: int) -> tuple[frozenset, str]:
        return _PAY, f"hand over {article(pname(CONTRACTS[self.sub['cid']].product))} card for the contract"

    def _why_hand_over(self, action: Action) -> str | None:
        s, cell = action.seat, tuple(action.args[-2:])
        if cell not in self.prod[s]:
            return "There is no product card of yours there."
        have = pname(self.prod[s][cell])
        return f"The contract asks for {pname(CONTRACTS[self.sub['cid']].product)}, not {have}."

    def _claim(self, s: int, cid: str, x: int, y: int) -> list[Event]:
        self.sub = None
        p = self.prod[s].pop((x, y))
        self.spent[p] += 1
        self.row.remove(cid)
        self.held[s].append(cid)
        c = CONTRACTS[cid]
        events = [Event(f"{{p{s}}} claims the {pname(c.product)} contract ({c.points} points).", "gain")]
        if not self.claimed_any:
            self.claimed_any = True
            self.token = s
            events.append(Event(f"{{p{s}}} is the first to claim a contract and takes the fulfilment token.",
                                "info"))
        if len(self.held[s]) >= MAX_CONTRACTS:
            events += self._end_game(f"{{p{s}}} holds {MAX_CONTRACTS} contracts")
        elif not self.row:
            events += self._end_game("no contracts remain to be claimed")
        return events
