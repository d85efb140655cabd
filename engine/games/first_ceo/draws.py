"""Every draw of 1st CEO as a CHANCE decision (ARCHITECTURE §2): the corporations dealt and the starting
player drawn at set-up, each company revealed to refill the market, and each asset card drawn
face down after an acquisition. A mixin of FirstCeoState.

Each waiting draw is a chance frame on the stack (`CHANCE_FRAMES`): ["deal", seat], ["start"],
["refill"] (stays until the market is full or the deck is empty) and ["draw", seat, kind].
"""

from __future__ import annotations

from engine.core.contract import CHANCE, Action, Event
from engine.games.first_ceo.data import COMPANIES, COMPANY_IDS, CORPORATION_IDS, CORPORATIONS, NPC_START
from engine.games.first_ceo.market import MARKET_SIZE
from engine.games.first_ceo.words import corporation

CHANCE_FRAMES = frozenset(("deal", "start", "refill", "draw"))
ARITY = {"deal_corp": 2, "start_player": 1, "reveal": 2, "draw_asset": 3}
"""How many arguments each chance outcome takes."""

# interned: chance outcomes are asked at every draw of every AI playout
_REVEAL = [{cid: Action("reveal", CHANCE, (i, cid)) for cid in COMPANY_IDS} for i in range(MARKET_SIZE)]


class ChanceDraws:
    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        task = self.stack[-1]
        if task[0] == "deal":
            dealt = set(self.corp)
            return [(Action("deal_corp", CHANCE, (task[1], c)), 1) for c in CORPORATION_IDS if c not in dealt]
        if task[0] == "start":
            return [(Action("start_player", CHANCE, (s,)), 1) for s in range(self.players)]
        if task[0] == "refill":
            reveal = _REVEAL[self.market.index(None)]
            return [(reveal[cid], 1) for cid in self.deck]
        seat, kind = task[1], task[2]
        left = self.asset_left[kind]
        return [(Action("draw_asset", CHANCE, (seat, kind, v)), left.count(v)) for v in sorted(set(left))]

    def _chance_is_legal(self, kind: str, args: tuple) -> bool:
        # A direct check: building every outcome (up to 42 cards) just to test one is the hot path.
        task = self.stack[-1]
        if len(args) != ARITY.get(kind):
            return False
        try:
            if kind == "deal_corp":
                return task == ["deal", args[0]] and args[1] in CORPORATIONS and args[1] not in self.corp
            if kind == "start_player":
                return task[0] == "start" and 0 <= args[0] < self.players
            if kind == "reveal":
                return task[0] == "refill" and args[0] == self.market.index(None) and args[1] in self.deck
            if kind == "draw_asset":
                return task == ["draw", args[0], args[1]] and args[2] in self.asset_left[args[1]]
        except (IndexError, TypeError, ValueError, KeyError):
            return False
        return False

    def _do_deal_corp(self, _chance, seat: int, corp: str) -> list[Event]:
        self.stack.pop()
        self.corp[seat] = corp
        self.assets[corp] = 0
        events = [Event(f"{{p{seat}}} runs {corporation(corp)}.", "setup")]
        if all(c is not None for c in self.corp):
            unused = [c for c in CORPORATION_IDS if c not in self.corp]
            for c, pos in zip(unused, NPC_START[self.players], strict=True):
                self.npc.append(c)
                self.assets[c] = pos
                events.append(Event(f"{corporation(c)} (NPC) starts at {pos} assets.", "setup"))
        return events

    def _do_start_player(self, _chance, seat: int) -> list[Event]:
        self.stack.pop()
        self.start = self.current = seat
        return [Event(f"{{p{seat}}} is the starting player.", "setup")]

    def _do_reveal(self, _chance, slot: int, cid: str) -> list[Event]:
        self.deck.remove(cid)
        self.market[slot] = cid
        if None not in self.market or not self.deck:
            self.stack.pop()
        c = COMPANIES[cid]
        return [Event(f"{c.name} (${c.cost}) enters the market on space {slot + 1}.", "market")]

    def _do_draw_asset(self, _chance, seat: int, kind: str, value: int) -> list[Event]:
        self.stack.pop()
        self.asset_left[kind].remove(value)
        self.asset_cards[seat].append([kind, value])
        word = "increase" if kind == "increase" else "decrease"
        return [Event(f"{{p{seat}}} draws an asset {word} card ({value:+d}) and keeps it face down.", "secret",
                      visible_to=seat, public_text=f"{{p{seat}}} draws an asset {word} card face down.")]
