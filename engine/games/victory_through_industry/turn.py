"""A player's turn after fulfilment: two moves, each a production move (production.py) or a
non-production move (menu.py) ended by the player; then the next player to the left. A round
ends when play comes back to the first player; the game ends at the round limit, or when a
contract ends it (fulfilment.py, contracts.py). A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import Action, Event
from engine.games.victory_through_industry.data import FACTORIES, FACTORY_ORDER
from engine.games.victory_through_industry.words import fname

_MOVE = frozenset({"produce", "nonproduction"})


class TurnRules:
    __slots__ = ()

    # -- the choice of a move ---------------------------------------------------------------------
    def _choices_move(self, s: int, _seat: int) -> list[Action]:
        ready = set()  # types with at least one factory that can operate
        for c, (f, _) in self.fac[s].items():
            if f not in ready and self.can_operate(s, c):
                ready.add(f)
        acts = [Action("produce", s, (f,)) for f in sorted(ready, key=FACTORY_ORDER.__getitem__)]
        acts.append(Action("nonproduction", s, ()))
        return acts

    def _ask_move(self, seat: int) -> tuple[frozenset, str]:
        return _MOVE, "run the factories of one type, or take a non-production move"

    def _why_move(self, action: Action) -> str | None:
        s, k, a = action.seat, action.kind, action.args
        if k != "produce":
            return None
        if a[0] not in FACTORIES:
            return "There is no such factory."
        cells = sorted(c for c, (f, _) in self.fac[s].items() if f == a[0])
        if not cells:
            return f"You have no {fname(a[0])}."
        why = self.idle_reason(s, cells[0])
        if len(cells) == 1:
            return f"The {fname(a[0])} cannot run: {why}."
        return f"No {fname(a[0])} of yours can run; the first: {why}."

    def _do_nonproduction(self, s: int) -> list[Event]:
        self.in_np = True
        self.offered = []
        self.asked = False
        return [Event(f"{{p{s}}} makes a non-production move.", "info")]

    # -- the end of a move, a turn, the game ------------------------------------------------------------
    def _do_end_move(self, s: int) -> list[Event]:
        return self._finish_move(s)

    def _finish_move(self, s: int) -> list[Event]:
        self.in_np = False
        self.offered = []
        self.asked = False
        self.moves += 1
        if self.moves < 2 or self.over:
            return []
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        self.moves = 0
        self.turns += 1
        self.current = (self.current + 1) % self.players
        events: list[Event] = []
        if self.current == self.first:
            self.round += 1
            if self.max_rounds and self.round > self.max_rounds:
                return self._end_game(f"the round limit ({self.max_rounds} rounds) is reached")
        return events + self._start_turn()

    def _end_game(self, why: str) -> list[Event]:
        self.over = True
        self.end_reason = why
        return [Event(f"The game ends: {why}. Final scoring.", "endgame")]
