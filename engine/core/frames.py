"""A state driven by a stack of frames, the shape of a turn that the rulebook describes as
nested steps (a roll that lands on a space that draws a card that asks for a target...).

`self.stack` holds plain lists, last = top, each naming its step first. A decision frame is
answered by a seat, a chance frame by CHANCE; an automatic frame (its name in `AUTO_FRAMES`) is
resolved at once by the method `_frame_<name>(*rest)`. The legal actions at a decision frame are
`_choices_<name>(seat, *rest)`, and an action refused there is explained by `_why_<name>(action)`;
an action of kind K is performed by `_do_<K>(seat, *args)`.
After each action the automatic frames on top are resolved until a decision or a chance outcome
is needed (or the game is over).

The round (engine.core.round) is walked by the core's phase step, the one place a game moves from
phase to phase: a phase ends with `begin_next_phase()` (the next one in the order the game's
round.py declares), a phase that comes again (the next player's turn in a phase of turns) with
`repeat_phase()`, and a new game lays `first_round_frame()` under its set-up. The frame a phase
`begins` with is pushed only by these (a contract test reads every game's code for it), and the
phase begins (`_phase_begins`) when the core resolves that frame, or at once for a frame that waits
for a decision, so a game that keeps the phase it is in as a field writes no phase's name.

A game whose stored fields are older than its frames (saves check the digest of those fields, so
they must not change) keeps no `stack`: it overrides `frame()` to read the frame on top from its
fields, and has no automatic frames (Victory Through Industry); its phases begin no frame, so the
phase step begins them at once.

>>> from engine.core.registry import get_spec
>>> s = get_spec("robber-barons").new_state(2)     # the roll for first player comes first
>>> s.stack[-1][0], s.to_move() == CHANCE, s.round_phase()
('first', True, 'setup')
>>> s.next_phase().id, s.next_phase().begins       # a turn begins with its Revenue phase
('revenue', 'turn')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.contract import CHANCE, TERMINAL, Action, Event, State
from engine.core.round import Phase

_OVER = ("over",)


class FrameStackState(State):
    """Base of the games whose turn is a stack of frames (see the module docstring)."""

    AUTO_FRAMES: ClassVar[frozenset[str]] = frozenset()
    CHANCE_FRAMES: ClassVar[frozenset[str]] = frozenset()
    """Frames whose next decision is a chance outcome (to_move is CHANCE there)."""
    _HANDLERS: ClassVar[dict] = {}
    _FRAMES: ClassVar[dict] = {}
    _CHOICES: ClassVar[dict] = {}
    _WHYS: ClassVar[dict] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        tables = {"_do_": dict(cls._HANDLERS), "_frame_": dict(cls._FRAMES), "_choices_": dict(cls._CHOICES),
                  "_why_": dict(cls._WHYS)}
        # every class of the MRO, base first: a game may spread its rules over mixins (one module
        # per phase) and a subclass's own method still wins
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                for prefix, table in tables.items():
                    if name.startswith(prefix):
                        table[name[len(prefix):]] = fn
        cls._HANDLERS, cls._FRAMES, cls._CHOICES = tables["_do_"], tables["_frame_"], tables["_choices_"]
        cls._WHYS = tables["_why_"]

    def to_move(self) -> int:
        """CHANCE at a chance frame, else TERMINAL once over, else the seat `_mover(frame)` names.
        A draw that the last decision caused comes even when that decision ended the game (1st
        CEO's last asset card counts in the final scoring), so chance is asked first."""
        f = self.frame()
        if f[0] in self.CHANCE_FRAMES:
            return CHANCE
        if self.over:
            return TERMINAL
        return self._mover(f)

    def frame(self) -> Sequence:
        """The frame on top: the decision (or chance outcome) the game waits for now ("over" on
        an empty stack)."""
        stack = self.stack
        return stack[-1] if stack else _OVER

    def _mover(self, frame: list) -> int:
        """The seat that decides at decision `frame` (the top of the stack)."""
        raise NotImplementedError(f"{type(self).__name__} names no seat for frame {frame[0]}")

    # -- the phase step: the only way from one phase of the round to the next ---------------------
    def next_phase(self, after: str | None = None, skip_optional: bool = False) -> Phase:
        """The phase after `after` (default: the one the game is in, `round_phase`) in the order the
        game's round declares (its round.py). `after` names the phase the game is in where its
        stack no longer shows it (the frame that ended it was just resolved)."""
        return self.spec.round.after(after or self.round_phase(), skip_optional)

    def begin_next_phase(self, *args, after: str | None = None, skip_optional: bool = False) -> None:
        """End the phase the game is in (or `after`): the next one in the round's order begins, its
        frame pushed with `args` (`skip_optional`: an optional phase with nothing to do this time
        is passed)."""
        self._push_phase(self.next_phase(after, skip_optional), args)

    def repeat_phase(self, *args) -> None:
        """The phase the game is in begins once more, its frame pushed with `args`: the next
        player's turn in a phase of turns, an extra Speculation phase."""
        self._push_phase(self.spec.round[self.round_phase()], args)

    def begin_end(self) -> None:
        """The end of the game begins (a round whose end begins with a frame of its own)."""
        self._push_phase(self.spec.round.end, ())

    def first_round_frame(self) -> list:
        """The frame that begins the first phase of the round proper, which a new game lays under
        the frames of its set-up (and a game rebuilt from stored data under its waiting draws)."""
        return [self.spec.round.phases[0].begins]

    def _push_phase(self, phase: Phase, args: tuple) -> None:
        if phase.begins:
            self.stack.append([phase.begins, *args])
            if phase.begins in self.AUTO_FRAMES:
                return   # it begins when the core resolves its frame (`_run`)
        self._phase_begins(phase.id)

    def _phase_begins(self, phase: str) -> None:
        """The phase `phase` begins now: a game that keeps the phase it is in as a field sets it
        here (the others read it from their stack, and have nothing to do)."""

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        # `decider` with the top frame read once (search asks this at every node)
        f = self.frame()
        if f[0] in self.CHANCE_FRAMES or self.over:
            return []
        mover = self._mover(f)
        if seat is not None and seat != mover:
            return []
        return self._CHOICES[f[0]](self, mover, *f[1:])

    def explain_illegal(self, action: Action) -> str | None:
        """The refusal that `_why_<frame>` of the decision frame on top gives, if it has one."""
        if self.to_move() < 0:
            return None
        why = self._WHYS.get(self.frame()[0])
        return why(self, action) if why else None

    def _apply(self, action: Action) -> list[Event]:
        kind, seat, args = action
        events = self._HANDLERS[kind](self, seat, *args)
        if self.AUTO_FRAMES:
            events += self._run()
        return events

    def _run(self) -> list[Event]:
        """Resolve automatic frames until a decision or a chance outcome is needed."""
        events: list[Event] = []
        auto, frames, stack = self.AUTO_FRAMES, self._FRAMES, self.stack
        begun_by = self.spec.round.begun_by
        while not self.over and stack[-1][0] in auto:
            f = stack.pop()
            name = f[0]
            if name in begun_by:
                self._phase_begins(begun_by[name])
            events += frames[name](self, *f[1:])
            stack = self.stack   # a frame may replace the whole stack
        return events
