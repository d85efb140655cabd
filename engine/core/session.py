"""The session (ARCHITECTURE §3): one per open game. It owns the state, the seed, the action log (the
source of truth: a save is the log) and a snapshot before every logged decision.

Undo restores the snapshot; redo re-applies the logged action. Barriers end the undo window:
a chance outcome, a reveal of hidden information, an AI decision, and a change of human seat.

>>> from engine.core.registry import get_spec
>>> s = Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=1)
>>> s.state.to_move() >= 0      # set-up chance draws are already resolved
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.core.contract import CHANCE, TERMINAL, Action, Event, GameSpec, SeatInfo, State
from engine.core.errors import BadSetup, IllegalAction, ReplayMismatch
from engine.core.names import name_problem
from engine.core.rng import Rng
from engine.core.text import fill_names

SEED_RANGE = (-(2**63), 2**64 - 1)
"""The seeds a game takes: what a save's msgpack integer holds (the generator uses 64 bits)."""

UNDO_DEPTH = 200
"""At most this many decisions can be undone in a row (each keeps a copy of the state): a player
who moves a product back and forth for hours does not fill the memory with copies."""


def setup_problem(seats: Sequence[SeatInfo], seed) -> str | None:
    """Why these seats and this seed cannot start (or be saved as) a game, or None."""
    for i, seat in enumerate(seats):
        problem = name_problem(seat.name)
        if problem:
            return f"the name of player {i + 1} {problem}"
        if seat.kind not in ("human", "ai", "online") or not (seat.level is None or
                                                              (type(seat.level) is str and 0 < len(seat.level) <= 20)):
            return f"player {i + 1} is neither a human nor an AI of a known kind"
        if seat.kind == "online" and not (type(seat.user) is str and seat.user.startswith("@") and ":" in seat.user
                                          and len(seat.user) <= 255):
            return f"player {i + 1} plays online but has no Matrix user (@name:server)"
    if type(seed) is not int or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        return f"the seed must be a whole number of at most 64 bits, not {seed!r:.30}"
    return None


@dataclass(slots=True)
class LogEntry:
    """One applied decision with the events it produced."""

    action: Action
    events: list[Event]
    by_ai: bool = False
    barrier: bool = False  # True if undo may not cross this entry

    def to_dict(self) -> dict:
        return {"action": self.action.to_dict(), "by_ai": self.by_ai}


@dataclass
class Session:
    """A game in progress: spec, seats, options, seed, state, log and undo window."""

    spec: GameSpec
    seats: list[SeatInfo]
    options: dict
    seed: int
    state: State
    log: list[LogEntry] = field(default_factory=list)
    auto_chance: bool = True
    hints: list[tuple[int, int]] = field(default_factory=list)
    """The hints used: (decisions in the log when it was asked, seat), once per pair; the save
    keeps them and the end of the game says who used how many."""
    _snapshots: list[State] = field(default_factory=list)
    _redo: list[LogEntry] = field(default_factory=list)
    _undo_floor: int = 0
    _chances: int = 0  # chance decisions in the log, kept as it grows (counting is O(log))
    _listeners: list[Callable[[Session], None]] = field(default_factory=list)

    # -- creation ----------------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: Sequence[SeatInfo | str], options: dict | None = None,
            seed: int = 0, auto_chance: bool = True) -> Session:
        """Start a game. `seats` are SeatInfo or plain names (all human).

        Raises BadSetup (a ValueError) for a name that is not one (`engine.core.names`), a seat
        kind that is neither human nor AI, an option outside its range or a seed outside
        SEED_RANGE, so that whatever game starts can be saved and read back."""
        from engine.core.registry import get_spec

        spec = get_spec(game_id)
        seat_infos = [s if isinstance(s, SeatInfo) else SeatInfo(str(s)) for s in seats]
        problem = setup_problem(seat_infos, seed)
        if problem:
            raise BadSetup(problem)
        opts = spec.resolve_options(options)
        state = spec.new_state(len(seat_infos), opts)
        session = cls(spec, seat_infos, opts, int(seed), state, auto_chance=auto_chance)
        if auto_chance:  # replay passes False: the set-up draws come from the log instead
            session.resolve_chance()
        return session

    @classmethod
    def replay(cls, game_id: str, seats: Sequence[SeatInfo | str], options: dict | None, seed: int,
               actions: Sequence[Action], ai_flags: Sequence[bool] | None = None) -> Session:
        """Rebuild a session by re-applying a logged list of actions (chance outcomes included).

        Each chance outcome must be the one the seed gives at that point (`chance_outcome`), so a
        log whose dice or draws were edited is refused. Time and memory grow in proportion to the
        length of the log: only the last UNDO_DEPTH decisions get an undo snapshot."""
        session = cls.new(game_id, seats, options, seed, auto_chance=False)
        snapshots_from = len(actions) - UNDO_DEPTH
        for i, action in enumerate(actions):
            try:
                if action.seat == CHANCE and session.state.to_move() == CHANCE:
                    drawn = session.chance_outcome()
                    if action != drawn:
                        raise ReplayMismatch(f"decision {i + 1} is the chance outcome {action}, but this "
                                             f"game's seed gives {drawn} there: the dice or cards were edited")
                session._apply_entry(action, by_ai=bool(ai_flags[i]) if ai_flags else False,
                                     snapshot=i >= snapshots_from)
            except IllegalAction as exc:
                raise ReplayMismatch(f"decision {i + 1} ({action}) is illegal on replay: {exc.reason}") from exc
        session.auto_chance = True
        return session

    # -- observers ----------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[Session], None]) -> None:
        """Call `listener(session)` after every change (apply, chance, undo, redo)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    # -- queries ------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def to_move(self) -> int:
        return self.state.to_move()

    def is_over(self) -> bool:
        return self.state.to_move() == TERMINAL

    def legal_actions(self) -> list[Action]:
        mover = self.state.to_move()
        return self.state.legal_actions(mover) if mover >= 0 else []

    def actions(self) -> list[Action]:
        return [e.action for e in self.log]

    def chance_rng(self, index: int | None = None) -> Rng:
        """The generator for the n-th chance decision: a pure function of seed and n."""
        n = self.chance_count() if index is None else index
        return Rng.derive(self.seed, "chance", n)

    def chance_count(self) -> int:
        return self._chances

    def chance_outcome(self) -> Action:
        """At a chance decision: the outcome this game's seed gives for it, a pure function of
        the seed and how many chance decisions came before (so replays and undo are exact)."""
        outcomes = self.state.chance_outcomes()
        return outcomes[self.chance_rng().weighted_index([w for _, w in outcomes])][0]

    def ai_rng(self) -> Rng:
        """The generator an AI uses for the decision about to be taken (reproducible per seed)."""
        return Rng.derive(self.seed, "ai", len(self.log))

    def render_log(self, viewer: int | None) -> list[str]:
        """The whole log as `viewer` may read it."""
        out = []
        for entry in self.log:
            for ev in entry.events:
                line = ev.render(self.names, viewer)
                if line:
                    out.append(line)
        return out

    def illegal_reason(self, action: Action) -> str | None:
        """Why `action` is refused now, with the players' names in it; None if it is legal."""
        reason = self.state.illegal_reason(action)
        return None if reason is None else fill_names(reason, self.names)

    def label(self, action: Action) -> str:
        """The words for `action` (a button, the undo menu), with the players' names in them."""
        return fill_names(self.state.label(action), self.names)

    def note_hint(self, seat: int) -> bool:
        """Record that `seat` was shown a hint at this point of the game (once per point);
        True if this is a new record."""
        entry = (len(self.log), int(seat))
        if entry in self.hints:
            return False
        self.hints.append(entry)
        return True

    def hints_used(self, seat: int) -> int:
        """How many decisions `seat` asked a hint for."""
        return sum(1 for _, s in self.hints if s == seat)

    # -- decisions ----------------------------------------------------------------------------
    def apply(self, action: Action, by_ai: bool = False, final: bool = False) -> list[Event]:
        """Apply a player's decision, then draw any chance outcomes that follow (auto_chance).

        `final`: nobody can undo it here (a decision that arrived from a player at another
        computer, ARCHITECTURE §12), so it is a barrier like an AI's.
        Raises IllegalAction (state, log and undo window unchanged) if the action is not legal.
        """
        events = list(self._apply_entry(action, by_ai, final=final))  # a copy: the log entry keeps its own list
        self._redo.clear()
        if self.auto_chance:
            events += self.resolve_chance(notify=False)
        self._changed()
        return events

    def resolve_chance(self, notify: bool = True) -> list[Event]:
        """Draw and apply chance outcomes until a player must decide or the game ends."""
        events: list[Event] = []
        while self.state.to_move() == CHANCE:
            events += self._apply_entry(self.chance_outcome(), by_ai=False)
        if events and notify:
            self._changed()
        return events

    def _apply_entry(self, action: Action, by_ai: bool, snapshot: bool = True, final: bool = False) -> list[Event]:
        """Validate and apply one decision and log it. An undoable decision keeps a copy of the
        state from before it; a barrier (or `snapshot` False: an old decision being replayed)
        keeps none and raises the undo floor past itself."""
        state = self.state
        reason = state.illegal_reason(action)
        if reason is not None:  # state, log and undo window untouched; the reason names players
            raise IllegalAction(fill_names(reason, self.names), action)
        reveals = action.seat == CHANCE or state.reveals(action)
        human = action.seat >= 0 and not by_ai
        barrier = reveals or by_ai or not human or final
        before = state.copy() if snapshot and not barrier else None
        events = state.apply_unchecked(action)
        if human and self._last_human_seat_since_floor() not in (None, action.seat):
            self._raise_floor(len(self.log))  # another human's turn: theirs can no longer be undone
        self.log.append(LogEntry(action, events, by_ai, barrier))
        self._snapshots.append(before)
        if action.seat == CHANCE:
            self._chances += 1
        if before is None:
            self._raise_floor(len(self.log))
        elif len(self.log) - self._undo_floor > UNDO_DEPTH:
            self._raise_floor(len(self.log) - UNDO_DEPTH)
        return events

    def _raise_floor(self, floor: int) -> None:
        """Close the undo window below `floor` and drop the snapshots that fall outside it."""
        for i in range(self._undo_floor, min(floor, len(self._snapshots))):
            self._snapshots[i] = None
        self._undo_floor = max(self._undo_floor, floor)

    def _last_human_seat_since_floor(self) -> int | None:
        return self.log[-1].action.seat if len(self.log) > self._undo_floor else None

    # -- undo / redo --------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True if the last decision was a human's, taken since the last barrier."""
        return len(self.log) > self._undo_floor

    def undo(self) -> Action:
        """Restore the state from before the last decision; returns the undone action."""
        if not self.can_undo():
            raise IllegalAction("Nothing can be undone: the last decision was a chance outcome, an AI "
                                "move, a reveal, or another player's.")
        entry = self.log.pop()
        self.state = self._snapshots.pop()
        if entry.action.seat == CHANCE:  # never: a chance outcome is a barrier; kept exact anyway
            self._chances -= 1
        self._redo.append(entry)
        self._changed()
        return entry.action

    def can_redo(self) -> bool:
        return bool(self._redo) and self._redo[-1].action in self.legal_actions()

    def redo(self) -> Action:
        """Re-apply the last undone decision."""
        if not self.can_redo():
            raise IllegalAction("Nothing to redo.")
        entry = self._redo.pop()
        self._apply_entry(entry.action, entry.by_ai)
        if self.auto_chance:
            self.resolve_chance(notify=False)
        self._changed()
        return entry.action

    def undo_floor(self) -> int:
        return self._undo_floor
