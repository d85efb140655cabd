"""Every draw of Victory Through Industry as a CHANCE decision (ARCHITECTURE §2): each contract
revealed at set-up (the box is unordered, so each reveal is a draw), then the player who receives
the nine starting factories and drafts first. A mixin of VtiState."""

from __future__ import annotations

from engine.core.contract import CHANCE, Action, Event
from engine.games.victory_through_industry.data import CONTRACTS, START_SET
from engine.games.victory_through_industry.words import pname

CHANCE_FRAMES = frozenset(("reveal", "first"))
"""The set-up's draws, queued in `VtiState.pending` (its first entry is the frame on top)."""


class ChanceDraws:
    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        task = self.pending[0][0]
        if task == "reveal":
            return [(Action("reveal_contract", CHANCE, (c,)), 1) for c in self.deck]
        return [(Action("first_drafter", CHANCE, (s,)), 1) for s in range(self.players)]

    def chance_is_legal(self, action: Action) -> bool:
        """Whether a chance outcome is one of `chance_outcomes`, checked by the rule of the draw."""
        if not self.pending:
            return False
        if self.pending[0][0] == "reveal":
            return action.kind == "reveal_contract" and len(action.args) == 1 and action.args[0] in self.deck
        return (action.kind == "first_drafter" and len(action.args) == 1
                and action.args[0] in range(self.players))

    def _do_reveal_contract(self, _chance, cid: str) -> list[Event]:
        self.pending.pop(0)
        self.deck.remove(cid)
        self.row.append(cid)
        c = CONTRACTS[cid]
        return [Event(f"Contract revealed: {pname(c.product)} ({c.points} points).", "setup")]

    def _do_first_drafter(self, _chance, seat: int) -> list[Event]:
        self.pending.pop(0)
        self.begin_next_phase()   # the draft
        self.pool = sorted(START_SET)
        self.drafter = self.draft_start = seat
        return [Event(f"{{p{seat}}} receives the nine starting factories and chooses first.", "setup")]
