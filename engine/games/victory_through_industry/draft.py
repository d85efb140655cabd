"""The set-up after the reveals: the draft of the nine starting factories (each player in turn to
the right takes one, until fewer remain than players; the last to choose plays first), then every
player places theirs, one at a time, as a build without payment (building.py's site and turn).
A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.core.text import article, count
from engine.games.victory_through_industry.data import FACTORIES, FACTORY_ORDER
from engine.games.victory_through_industry.words import fname

_DRAFT = frozenset({"draft"})
_PLACE = frozenset({"place"})


class DraftRules:
    __slots__ = ()

    # -- the draft --------------------------------------------------------------------------------
    def _choices_draft(self, seat: int, _drafter: int) -> list[Action]:
        return [Action("draft", seat, (f,)) for f in sorted(set(self.pool), key=FACTORY_ORDER.__getitem__)]

    def _ask_draft(self, seat: int) -> tuple[frozenset, str]:
        return _DRAFT, "draft a factory from the pool"

    def _why_draft(self, action: Action) -> str | None:
        f = action.args[0]
        if f not in FACTORIES:
            return "There is no such factory."
        return f"No {fname(f)} is left in the pool."

    def _do_draft(self, s: int, f: str) -> list[Event]:
        self.pool.remove(f)
        self.drafted[s].append(f)
        self.supply[f] -= 1
        self.last_drafter = s
        events = [Event(f"{{p{s}}} takes {article(fname(f))}.", "setup")]
        nxt = (s - 1) % self.players
        if nxt == self.draft_start and len(self.pool) < self.players:
            if self.pool:
                left = len(self.pool)
                verbs = "is left over and returns" if left == 1 else "are left over and return"
                events.append(Event(f"{count(left, 'starting factory')} {verbs} to the piles.", "setup"))
            self.pool = []
            self.begin_next_phase()   # placing the starting complexes
            self.first = self.current = s
            events.append(Event(f"{{p{s}}} chose the last starting factory and will play first. "
                                "Everyone places their starting factories.", "setup"))
        else:
            self.drafter = nxt
        return events

    # -- placing the starting factories -------------------------------------------------------------
    def _choices_place(self, seat: int, _seat: int) -> list[Action]:
        return [Action("place", seat, (f,)) for f in sorted(set(self.drafted[seat]), key=FACTORY_ORDER.__getitem__)]

    def _ask_place(self, seat: int) -> tuple[frozenset, str]:
        return _PLACE, "place a factory you drafted"

    def _why_place(self, action: Action) -> str | None:
        f = action.args[0]
        if f not in FACTORIES:
            return "There is no such factory."
        return f"You have not drafted {article(fname(f))}."

    def _do_place(self, s: int, f: str) -> list[Event]:
        self.sub = {"k": "build", "f": f, "pay": 0, "site": None, "mode": "start", "origin": None, "paid": []}
        return []

    def _next_placer(self, s: int) -> list[Event]:
        """After `s` placed its last starting factory: the next player places theirs, or play
        begins once all have."""
        nxt = (s + 1) % self.players
        if nxt == self.first:
            self.begin_next_phase()   # play
            self.current = self.first
            self.round = 1
            return [Event(f"The starting complexes are built. {{p{self.first}}} plays first.", "setup")]
        self.current = nxt
        return []
