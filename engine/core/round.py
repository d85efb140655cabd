"""The order of a game's round, declared once: each game's `round.py` names the phases of its
set-up, of its round (in order, repeated until the end) and its end, and its state says which of
them the game is in (`State.round_phase`). The engine moves from phase to phase in this order
(`Round.after`, through the frame stack's phase step: engine.core.frames), the board's phase track
reads it, and contract tests check that the phases come in the declared order and that no game
writes an order of its own.

>>> ROUND = Round(setup=(Phase("deal", "Deal"),),
...               phases=(Phase("buy", "Buying"), Phase("sell", "Selling"), Phase("tax", "Taxes", optional=True)))
>>> ROUND.ids()
('buy', 'sell', 'tax')
>>> [ROUND.after(p).id for p in ("deal", "buy", "sell", "tax")]
['buy', 'sell', 'tax', 'buy']
>>> ROUND.after("sell", skip_optional=True).id   # a round without taxes this time
'buy'
>>> ROUND.name("over"), ROUND.number("sell"), ROUND.number("deal")
('Game over', 2, None)
>>> ROUND.may_follow("sell", "buy")   # Taxes may pass without a decision
True
>>> ROUND.may_follow("buy", "tax")
False
>>> ROUND.first().id, ROUND.in_setup("deal"), ROUND.in_setup("buy"), ROUND.before("tax")
('deal', True, False, ('buy', 'sell'))
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
    """The frame that begins it, in a game on the frame stack (engine.core.frames): only the core's
    phase step pushes it, and the core begins the phase when it resolves it (or when it pushes it,
    for a frame that waits for a decision). Empty: the phase begins as the step reaches it."""
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
    begun_by: dict[str, str] = field(init=False, repr=False, compare=False)
    """The frame that begins a phase -> that phase's id (the frame stack's `_run` reads it)."""
    _ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _after: dict[tuple[str, bool], Phase] = field(init=False, repr=False, compare=False)
    """`after`'s answers as they are asked: the engine asks at every phase step (a round is
    immutable, so an answer never changes)."""

    def __post_init__(self):
        every = (*self.setup, *self.phases, self.end)
        by_id = {p.id: p for p in every}
        if len(by_id) != len(every):
            raise ValueError("a round names each phase once")
        if not self.phases:
            raise ValueError("a round has at least one phase")
        begun_by = {p.begins: p.id for p in every if p.begins}
        if len(begun_by) != sum(1 for p in every if p.begins):
            raise ValueError("a frame begins one phase at most")
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "begun_by", begun_by)
        object.__setattr__(self, "_ids", tuple(p.id for p in self.phases))
        object.__setattr__(self, "_after", {})

    def ids(self) -> tuple[str, ...]:
        """The ids of the round's phases, in order (not the set-up's, not the end)."""
        return self._ids

    def first(self) -> Phase:
        """The phase a new game is in: its first set-up phase (the round's first without one)."""
        return self.setup[0] if self.setup else self.phases[0]

    def in_setup(self, phase_id: str) -> bool:
        """Whether `phase_id` is a phase of the set-up (before the first round)."""
        return any(p.id == phase_id for p in self.setup)

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

    def before(self, phase_id: str) -> tuple[str, ...]:
        """The ids of the round's phases that come before `phase_id` in a round (not the set-up)."""
        ids = self.ids()
        return ids[:ids.index(phase_id)]

    def after(self, phase_id: str, skip_optional: bool = False) -> Phase:
        """The phase that follows `phase_id`: the next set-up phase, the round's first after the
        set-up, the round's next (its first after its last). The end is followed by nothing.
        `skip_optional`: the optional phases next are passed (they have nothing to do this time)."""
        known = self._after.get((phase_id, skip_optional))
        if known is None:
            known = self._after[phase_id, skip_optional] = self._follower(phase_id, skip_optional)
        return known

    def _follower(self, phase_id: str, skip_optional: bool) -> Phase:
        setup_ids = [p.id for p in self.setup]
        if phase_id in setup_ids:
            i = setup_ids.index(phase_id)
            phase = self.setup[i + 1] if i + 1 < len(self.setup) else self.phases[0]
        else:
            ids = self.ids()
            if phase_id not in ids:
                raise ValueError(f"no phase follows {phase_id!r}")
            phase = self.phases[(ids.index(phase_id) + 1) % len(ids)]
        if skip_optional and phase.optional:
            if all(p.optional for p in self.phases):
                raise ValueError("a round whose phases are all optional has none to skip to")
            return self.after(phase.id, skip_optional=True)
        return phase

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
