"""The order of a game's round, declared once: each game's `round.py` names the phases of its
set-up, of its round (in order, repeated until the end) and its end, and its state says which of
them the game is in (`State.round_phase`). The engine moves from phase to phase in this order
(`Round.after`), the board's phase track reads it, and a contract test plays every game and checks
that the phases come in the declared order.

>>> ROUND = Round(setup=(Phase("deal", "Deal"),),
...               phases=(Phase("buy", "Buying"), Phase("sell", "Selling"), Phase("tax", "Taxes", optional=True)))
>>> ROUND.ids()
('buy', 'sell', 'tax')
>>> [ROUND.after(p).id for p in ("deal", "buy", "sell", "tax")]
['buy', 'sell', 'tax', 'buy']
>>> ROUND.name("over"), ROUND.number("sell"), ROUND.number("deal")
('Game over', 2, None)
>>> ROUND.may_follow("sell", "buy")   # Taxes may pass without a decision
True
>>> ROUND.may_follow("buy", "tax")
False
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Phase:
    """One part of a game's set-up or round."""

    id: str
    """What `State.round_phase()` returns while the game is in it (the views and saves use it too)."""
    name: str
    """Its name in the rules' words, for the board and the log ("Stock Phase")."""
    begins: str = ""
    """The frame that begins it, in a game on the frame stack (engine.core.frames)."""
    optional: bool = False
    """True if a round may pass through it without a decision or a draw in it (it is then never
    seen, and the phase before it is followed by the one after)."""


OVER = Phase("over", "Game over")


@dataclass(frozen=True)
class Round:
    """A game's set-up phases, the phases of its round in order, and its end."""

    phases: tuple[Phase, ...]
    setup: tuple[Phase, ...] = ()
    end: Phase = OVER
    _by_id: dict[str, Phase] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        every = (*self.setup, *self.phases, self.end)
        by_id = {p.id: p for p in every}
        if len(by_id) != len(every):
            raise ValueError("a round names each phase once")
        if not self.phases:
            raise ValueError("a round has at least one phase")
        object.__setattr__(self, "_by_id", by_id)

    def ids(self) -> tuple[str, ...]:
        """The ids of the round's phases, in order (not the set-up's, not the end)."""
        return tuple(p.id for p in self.phases)

    def every(self) -> tuple[Phase, ...]:
        """Set-up, round and end: every phase a game can be in."""
        return (*self.setup, *self.phases, self.end)

    def __getitem__(self, phase_id: str) -> Phase:
        return self._by_id[phase_id]

    def __contains__(self, phase_id: object) -> bool:
        return phase_id in self._by_id

    def name(self, phase_id: str) -> str:
        return self._by_id[phase_id].name

    def number(self, phase_id: str) -> int | None:
        """The 1-based place of a phase in the round (None for set-up and the end)."""
        ids = self.ids()
        return ids.index(phase_id) + 1 if phase_id in ids else None

    def after(self, phase_id: str) -> Phase:
        """The phase that follows `phase_id`: the next set-up phase, the round's first after the
        set-up, the round's next (its first after its last). The end is followed by nothing."""
        setup_ids = [p.id for p in self.setup]
        if phase_id in setup_ids:
            i = setup_ids.index(phase_id)
            return self.setup[i + 1] if i + 1 < len(self.setup) else self.phases[0]
        ids = self.ids()
        if phase_id not in ids:
            raise ValueError(f"no phase follows {phase_id!r}")
        return self.phases[(ids.index(phase_id) + 1) % len(ids)]

    def may_follow(self, before: str, now: str) -> bool:
        """Whether a game may be in phase `now` right after phase `before`: the next phase, or one
        after it when those between are optional, or the end (from anywhere)."""
        if now == self.end.id:
            return True
        if before == self.end.id:
            return False
        phase = self.after(before)
        for _ in range(len(self.setup) + len(self.phases)):
            if phase.id == now:
                return True
            if not phase.optional:
                return False
            phase = self.after(phase.id)
        return False
