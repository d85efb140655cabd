"""Following a game through its lesson: where it stands, the lesson's answer to a move, and what a
choice did (`Tutor`).

Where a session stands in its lesson follows from its log alone: the learner's decisions are
matched to the steps in order (`walk`), so undo steps the lesson back with the game. A fixed
step matches its moves exactly; a choice matches the moves of whichever option its first move
begins; a free step matches the learner's decisions of its kinds or frames while they go on; a
jump matches the decisions the computer made for the learner.

A step is *due* when the learner is asked what it is about: its frames, or (without them) a
decision where a move of its kinds is legal; a fixed step or a choice due but not *open* (its
move, or one of its options, not legal there: a line of play the learner's own choices led to)
is passed over, so a lesson never waits for a move that cannot come. While the current step is
free or not yet due, decisions no step takes are let through; where a fixed step or a choice is
due, a different move is one the lesson does not take, and `vet` refuses it with the lesson's
reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.core.contract import Action, State
from engine.core.frames import FrameStackState
from engine.core.session import Session
from engine.core.text import fill_names
from engine.core.tutorial.lesson import FRAME, ROUND_PHASE, Lesson, Step


@dataclass(frozen=True)
class Place:
    """Where a game stands in its lesson: the step asked for now, how many of its decisions are
    made, and (a choice) which option was begun."""

    step: int
    made: int = 0
    option: int | None = None


@dataclass
class Walk:
    """The lesson read from a log: the step asked for now (None once the lesson has run out), the
    option taken at every choice, the log index where each step began, the steps passed over
    because their moves were never open, and the first decision no step takes (`off`)."""

    place: Place | None
    chosen: dict[int, int] = field(default_factory=dict)
    began: dict[int, int] = field(default_factory=dict)
    ended: dict[int, int] = field(default_factory=dict)
    """The log index of each step's last decision."""
    skipped: list[int] = field(default_factory=list)
    through: dict[int, set] = field(default_factory=dict)
    """The phases of the round of the decisions let through while at a free step, by step (none of
    the lesson's steps took them)."""
    off: str = ""


def matches(state: State, seat: int, until) -> bool:
    """Whether `state` is where a jump ends: `seat` to move, and its view has every value `until`
    names (ROUND_PHASE: the phase the game is in; FRAME: the decision asked, `frame_name`)."""
    if state.to_move() != seat:
        return False
    view = state.view(seat)
    for key, value in until:
        have = state.round_phase() if key == ROUND_PHASE else frame_name(state) if key == FRAME else view.get(key)
        if have != value:
            return False
    return True


class Asked(NamedTuple):
    """What the learner was asked at a decision (or is asked now)."""

    frame: str = ""
    """The name of the turn machine's frame (`frame_name`)."""
    kinds: frozenset = frozenset()
    """The kinds of the legal moves."""
    open_moves: frozenset = frozenset()
    """The lesson's own moves that were legal."""
    phase: str = ""
    """The phase of the round (`State.round_phase`)."""


class Entry(NamedTuple):
    """A learner's decision in the log, as the walk reads it."""

    index: int
    action: Action
    by_ai: bool
    """Made by the computer for the learner (a jump)."""
    fresh: bool
    """It begins a turn: another player decided since the learner's last decision."""
    asked: Asked


def frame_name(state: State) -> str:
    """The name of the decision `state` waits for (its top frame's first element), or ""."""
    if not isinstance(state, FrameStackState):
        return ""
    frame = state.frame()
    return str(frame[0]) if frame else ""


def _moves_of(step: Step, option: int | None) -> tuple[Action, ...]:
    return step.options[option].moves if option is not None else step.moves


def due(step: Step, asked: Asked, made: int = 0, option: int | None = None) -> bool:
    """Whether the learner, asked `asked`, is asked what `step` (with `made` of its decisions
    made) is about (see the module doc): its frames; a free step's kinds; the kind of a fixed
    step's next move, or of a choice's options."""
    if step.frames:
        return asked.frame in step.frames
    if step.free:
        return not step.kinds or bool(step.kinds & asked.kinds)
    if step.options and made == 0:
        return bool({o.moves[0].kind for o in step.options} & asked.kinds)
    return _moves_of(step, option)[made].kind in asked.kinds


def is_open(step: Step, asked: Asked, made: int = 0, option: int | None = None) -> bool:
    """Whether a fixed step's next move, or every option of a choice not begun, was legal."""
    if step.options and made == 0:
        return all(o.moves[0] in asked.open_moves for o in step.options)
    return _moves_of(step, option)[made] in asked.open_moves


def _would_take(step: Step, action: Action, asked: Asked) -> bool:
    """Whether `step`, not begun, would take `action` (asked `asked`) as its first decision."""
    if step.jump:
        return False
    if step.free:
        return due(step, asked) and not (step.kinds and action.kind not in step.kinds)
    if step.options:
        return is_open(step, asked) and any(o.moves[0] == action for o in step.options)
    return step.moves[0] == action


class _Walker:
    """The walk of `walk`: the step the learner is at, the decisions it has taken, its option."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.steps = lesson.steps
        self.w = Walk(None)
        self.s = self.made = self.turns = self.main = 0
        self.option: int | None = None

    def finish(self, index: int) -> None:
        """The step is done (or, without a decision of its own, passed over)."""
        w = self.w
        if self.option is not None:
            w.chosen[self.s] = self.option
        if self.made == 0 and not self.steps[self.s].jump:
            w.skipped.append(self.s)
        w.ended[self.s] = w.ended.get(self.s, index)
        self.s, self.made, self.turns, self.main, self.option = self.s + 1, 0, 0, 0, None

    def exhausted(self, fresh: bool, frame: str) -> bool:
        """A free step that takes no more decisions: its `most` made (with frames: and the next
        decision is asked in its first frame again, or outside its frames), or its `turns` over."""
        step = self.steps[self.s]
        if not step.free or self.made == 0:
            return False
        if step.most:
            if step.frames and self.main >= step.most and (frame == step.frames[0] or frame not in step.frames):
                return True
            if not step.frames and self.made >= step.most:
                return True
        return bool(step.turns and fresh and self.turns >= step.turns)

    def passed(self, asked: Asked) -> bool:
        """The current fixed step or choice is due but not open: it is passed over."""
        step = self.steps[self.s]
        return not step.free and not step.jump and due(step, asked, self.made, self.option) \
            and not is_open(step, asked, self.made, self.option)

    def take(self, entry: Entry) -> bool:
        """The current step takes the learner's decision, or not."""
        step, action, asked = self.steps[self.s], entry.action, entry.asked
        if step.jump:
            return False
        if step.free:
            if not due(step, asked) or (step.kinds and action.kind not in step.kinds):
                return False
            self.turns += entry.fresh or not self.made
            self.main += bool(step.frames) and asked.frame == step.frames[0]
        else:
            if self.made == 0 and step.options:
                if not _would_take(step, action, asked):
                    return False
                self.option = next(k for k, o in enumerate(step.options) if o.moves[0] == action)
            if _moves_of(step, self.option)[self.made] != action:
                return False
        self.w.began.setdefault(self.s, entry.index)
        self.w.ended[self.s] = entry.index
        self.made += 1
        if not step.free and self.made == len(_moves_of(step, self.option)):
            self.finish(entry.index)
        return True

    def ahead(self, test) -> int | None:
        """The first later step that `test` accepts, looking past free steps and optional ones
        (which may be passed over) up to the first other step; None if none does."""
        for t in range(self.s + 1, len(self.steps)):
            step = self.steps[t]
            if step.jump:
                return None
            if test(t):
                return t
            if not (step.free or step.optional):
                return None
        return None

    def skip_to(self, t: int, index: int) -> None:
        while self.s < t:
            self.finish(index)


def walk(lesson: Lesson, entries: list[Entry], now: Asked | None = None, new_turn: bool = False,
         arrived: Callable[[Step], bool] = lambda step: False) -> Walk:
    """Match the learner's decisions to the lesson's steps (see the module docstring). A decision
    the current step does not take may be taken by a later one past free or optional steps (which
    are then passed over). With what the learner is asked `now` (None: another seat is to move),
    whether that begins a turn, and whether the game has `arrived` where a jump step ends, a step
    whose decisions have run out is passed too."""
    k = _Walker(lesson)
    steps, w = lesson.steps, k.w
    for entry in entries:
        if entry.by_ai:  # the computer moved for the learner: a jump's, so the steps before it are over
            while k.s < len(steps) and not steps[k.s].jump:
                k.finish(entry.index - 1)
            if k.s < len(steps):
                w.began.setdefault(k.s, entry.index)
                w.ended[k.s] = entry.index
                k.made += 1
            continue
        while True:
            if k.s >= len(steps):
                w.off = f"the lesson is over before {entry.action}"
                return w
            step = steps[k.s]
            if step.jump:
                if k.made == 0:
                    w.off = f"step {k.s + 1} skips ahead, and {entry.action} is the learner's own"
                    return w
                k.finish(w.ended[k.s])
                continue
            if k.exhausted(entry.fresh, entry.asked.frame) or k.passed(entry.asked):
                k.finish(w.ended.get(k.s, entry.index - 1))
                continue
            if k.take(entry):
                break
            # a later step may take it, past this one if it is free, optional or not yet due (a
            # fixed step or a choice that is due is the learner's to take first)
            waits = step.free or step.optional or not due(step, entry.asked, k.made, k.option)
            later = k.ahead(lambda t, e=entry: _would_take(steps[t], e.action, e.asked)) if waits else None
            if later is not None:
                k.skip_to(later, w.ended.get(k.s, entry.index - 1))
                continue
            if step.free or not due(step, entry.asked, k.made, k.option):  # between the lesson's: let through
                w.through.setdefault(k.s, set()).add(entry.asked.phase)
                break
            expected = [o.moves[0] for o in step.options] if step.options and k.made == 0 else \
                [_moves_of(step, k.option)[k.made]]
            w.off = f"step {k.s + 1} asks for {' or '.join(map(str, expected))}, not {entry.action}"
            return w
    while k.s < len(steps):  # the tail: a step whose decisions have run out now
        step = steps[k.s]
        if step.jump:
            if k.made == 0 or not arrived(step):
                break
            k.finish(w.ended[k.s])
            continue
        if now is None:
            break
        if k.exhausted(new_turn, now.frame) or k.passed(now):
            k.finish(w.ended.get(k.s, -1))
            continue
        accepts = due(step, now) if step.free else \
            due(step, now, k.made, k.option) and is_open(step, now, k.made, k.option)
        spent = step.free and 0 < len(step.moves) <= k.made  # its suggestion made: the next step may begin
        if accepts and not spent:
            break
        later = k.ahead(lambda t: due(steps[t], now) and (steps[t].free or steps[t].jump or is_open(steps[t], now)))
        if later is not None:
            k.skip_to(later, w.ended.get(k.s, -1))
        break
    w.place = Place(k.s, k.made, k.option) if k.s < len(steps) else None
    return w


@dataclass(frozen=True)
class Review:
    """What a choice did and what its other options would have done, for the learner to see
    before the game goes on: the position before the choice, the options' moves and words, and
    for each option the position after it (the game's own for the option taken) and its log
    lines as the learner reads them."""

    step: int
    chosen: int
    advised: int
    before: State
    after: dict[int, State]
    lines: dict[int, list[str]]


class Tutor:
    """Where `session` stands in `lesson`, read from its log, and the lesson's answer to a move."""

    def __init__(self, lesson: Lesson, session: Session):
        self.lesson = lesson
        self.session = session
        self.reviewed: set[tuple[int, int]] = set()
        """Choices whose review the learner has read: (step, log index of the choice's last move)."""
        self._cache: tuple[tuple, Walk] | None = None
        self._replayed: list = []  # (log entry, what the learner was asked there), as far as replayed
        self._replay = None  # the position after the last entry replayed
        self._moves = frozenset(m for s in lesson.steps for o in (*s.options, s) for m in o.moves)

    # -- reading the log -------------------------------------------------------------------------
    def _asked(self, state: State) -> Asked:
        """What `state` asks the learner (`Asked`)."""
        legal = state.legal_actions(self.lesson.learner)
        return Asked(frame_name(state), frozenset(a.kind for a in legal), self._moves.intersection(legal),
                     state.round_phase())

    def _asked_all(self) -> list[Asked]:
        """What the learner was asked at each of their log entries (others: empty), replayed once
        as the log grows (and again from the start after an undo changed it)."""
        log = self.session.log
        done = self._replayed
        same = 0
        while same < len(done) and same < len(log) and done[same][0] is log[same]:
            same += 1
        if same < len(done) or self._replay is None:
            session = self.session
            self._replay = session.spec.new_state(len(session.seats), session.options)
            done.clear()
        learner = self.lesson.learner
        for entry in log[len(done):]:
            asked = self._asked(self._replay) if entry.action.seat == learner else Asked()
            done.append((entry, asked))
            self._replay.apply_unchecked(entry.action)
        return [asked for _, asked in done]

    def _entries(self, extra: Action | None = None) -> tuple[list[Entry], bool]:
        """The learner's decisions in the log (and `extra`, a move being vetted), and whether the
        learner's next decision begins a turn."""
        learner = self.lesson.learner
        asked = self._asked_all()
        out: list[Entry] = []
        others = True  # before the learner's first decision, every one begins a turn
        for i, e in enumerate(self.session.log):
            seat = e.action.seat
            if seat == learner:
                out.append(Entry(i, e.action, e.by_ai, others, asked[i]))
                others = False
            elif seat >= 0:
                others = True
        if extra is not None:
            out.append(Entry(len(self.session.log), extra, False, others, self._asked(self.session.state)))
            others = False
        return out, others

    def walk(self) -> Walk:
        log = self.session.log
        state = self.session.state
        key = (len(log), id(log[-1]) if log else 0, id(state))
        if self._cache is None or self._cache[0] != key:
            entries, fresh = self._entries()
            learner = self.lesson.learner
            now = self._asked(state) if state.to_move() == learner else None
            self._cache = (key, walk(self.lesson, entries, now, fresh,
                                     lambda step: matches(state, learner, step.jump)))
        return self._cache[1]

    def place(self) -> Place | None:
        """Where the lesson stands (None once it has run out, or left its script)."""
        w = self.walk()
        return None if w.off else w.place

    def done(self) -> int:
        """The learner's own decisions in the log so far."""
        learner = self.lesson.learner
        return sum(1 for e in self.session.log if e.action.seat == learner and not e.by_ai)

    def position(self) -> tuple[int, int] | None:
        """(step index, decisions made in the step) of the step asked for now; None at the end."""
        place = self.place()
        return (place.step, place.made) if place else None

    def finished(self) -> bool:
        return self.place() is None

    def step(self) -> Step | None:
        place = self.place()
        return self.lesson.steps[place.step] if place else None

    def expected(self) -> Action | None:
        """The move the lesson asks for next: a fixed step's, a choice's once begun (or, before it,
        the advised option's first), a free step's suggestion while it is legal; None at the end,
        at a jump, or where a free step has nothing to suggest."""
        place = self.place()
        if place is None:
            return None
        step = self.lesson.steps[place.step]
        if step.jump:
            return None
        if step.options:
            moves = step.options[place.option if place.option is not None else step.advice].moves
            return moves[place.made]
        if step.free:
            if place.made < len(step.moves):
                move = step.moves[place.made]
                if self.session.to_move() == move.seat and self.session.state.is_legal(move):
                    return move
            return None
        return step.moves[place.made]

    def due(self) -> bool:
        """Whether the learner, to move now, is asked what the current step is about (a jump:
        always); False when the lesson waits for a later part of the game (the learner's moves
        until then are their own)."""
        place = self.place()
        if place is None or self.session.to_move() != self.lesson.learner:
            return False
        step = self.lesson.steps[place.step]
        return bool(step.jump) or due(step, self._asked(self.session.state), place.made, place.option)

    def choices(self) -> list[tuple[int, Action]]:
        """At a choice not yet begun, when it is due: each option's index and first move; else empty."""
        place = self.place()
        if place is None or place.made or not self.due():
            return []
        return [(k, o.moves[0]) for k, o in enumerate(self.lesson.steps[place.step].options)]

    def asks_now(self) -> bool:
        """True when the learner is to move and the lesson has a step for them."""
        return not self.finished() and self.session.to_move() == self.lesson.learner

    def words(self, text: str) -> str:
        """Lesson text with the players' names in it (`{p1}`…)."""
        return fill_names(text, self.session.names)

    # -- a move ---------------------------------------------------------------------------------
    def vet(self, action: Action) -> str | None:
        """The lesson's answer to `action` by the learner: None if the lesson takes it (the move
        asked for, an option of a choice, a move of a free step; or another seat's, a chance
        outcome), else why the lesson asks for another move, in its own words. Once the lesson
        has run out, every move waits for the learner to choose to play on."""
        if action.seat != self.lesson.learner:
            return None
        if self.finished():
            return 'The lesson is over: choose "Play on from here" to go on as a normal game.'
        if self.holds():
            return "Read what your choice did first, then choose “Go on”."
        after = walk(self.lesson, self._entries(action)[0])
        if not after.off:
            return None
        step = self.step()
        if step.jump:
            return "This step skips ahead: choose “Skip ahead” in the lesson's callout."
        expected = self.expected()
        label = self._label(expected) if expected is not None else ""
        reason = self.words(step.wrong or step.why)
        return f"The lesson asks for “{label}” here. {reason}" if label else reason

    def _label(self, action: Action) -> str:
        try:
            return self.session.label(action)
        except Exception:  # noqa: BLE001 - a label is cosmetic; the move still says it
            return str(action)

    # -- a choice made --------------------------------------------------------------------------
    def choice_made(self) -> tuple[int, int] | None:
        """The choice the learner has just completed and not yet read about: (step, log index of
        its last move), while no decision of the learner's has followed it; else None."""
        w = self.walk()
        if w.off or not w.chosen:
            return None
        step = max(w.chosen)
        end = w.ended[step]
        learner = self.lesson.learner
        if any(e.action.seat == learner for e in self.session.log[end + 1:]):
            return None
        key = (step, end)
        return None if key in self.reviewed else key

    def holds(self) -> bool:
        """The game waits (no AI moves) while the learner reads what their choice did."""
        return self.choice_made() is not None

    def read(self) -> None:
        """The learner has read the review of the choice just made: the game goes on."""
        made = self.choice_made()
        if made is not None:
            self.reviewed.add(made)

    def review(self) -> Review | None:
        """What the choice just made did, and what each other option would have done."""
        made = self.choice_made()
        if made is None:
            return None
        step_index, end = made
        w = self.walk()
        begin = w.began[step_index]
        session = self.session
        before = state_at(session, begin)
        step = self.lesson.steps[step_index]
        chosen = w.chosen[step_index]
        names, learner = session.names, self.lesson.learner
        after = {chosen: session.state}
        lines = {chosen: [line for e in session.log[begin:] for line in _said(e.events, names, learner)]}
        for k, option in enumerate(step.options):
            if k == chosen:
                continue
            state = before.copy()
            said: list[str] = []
            for move in option.moves:
                if state.to_move() != learner or not state.is_legal(move):
                    break
                said += _said(state.apply(move), names, learner)
            after[k] = state
            lines[k] = said
        return Review(step_index, chosen, step.advice, before, after, lines)


def _said(events, names, viewer) -> list[str]:
    out = []
    for ev in events:
        line = ev.render(names, viewer)
        if line:
            out.append(line)
    return out


def state_at(session: Session, index: int) -> State:
    """The position before log entry `index`, rebuilt by replaying the log (the session keeps a
    copy only of the decisions that can still be undone)."""
    state = session.spec.new_state(len(session.seats), session.options)
    for entry in session.log[:index]:
        state.apply_unchecked(entry.action)
    return state
