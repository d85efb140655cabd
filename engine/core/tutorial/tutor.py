"""Following a game through its lesson: where it stands, the lesson's answer to a move, and what a
choice did (`Tutor`).

Where a session stands in its lesson follows from its log alone: the learner's decisions are
matched to the steps in order (`walk`), so undo steps the lesson back with the game. A fixed
step matches its moves exactly; a choice matches the moves of whichever option its first move
begins; a free step matches the learner's decisions of its kinds while they go on; a jump matches
the learner's decisions the computer made for them. A move the walk cannot match is one the
lesson does not take, and `vet` refuses it with the lesson's reason, so nothing else gets in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.contract import Action, State
from engine.core.session import Session
from engine.core.text import fill_names
from engine.core.tutorial.lesson import ROUND_PHASE, Lesson, Step


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
    off: str = ""


def matches(state: State, seat: int, until) -> bool:
    """Whether `state` is where a jump ends: `seat` to move, and its view has every value `until`
    names (ROUND_PHASE: the phase the game is in)."""
    if state.to_move() != seat:
        return False
    view = state.view(seat)
    for key, value in until:
        have = state.round_phase() if key == ROUND_PHASE else view.get(key)
        if have != value:
            return False
    return True


def walk(lesson: Lesson, entries: list[tuple[int, Action, bool]], state: State | None = None) -> Walk:
    """Match the learner's decisions (log index, action, by the AI) to the lesson's steps. With the
    game's `state` now, a step whose decisions have run out (a free step whose kinds are no longer
    open, a jump that has arrived) is passed."""
    steps = lesson.steps
    w = Walk(None)
    s, made, option = 0, 0, None

    def finish(index: int) -> None:
        nonlocal s, made, option
        if option is not None:
            w.chosen[s] = option
        w.ended[s] = index
        s, made, option = s + 1, 0, None

    for index, action, by_ai in entries:
        while True:
            if s >= len(steps):
                w.off = f"the lesson is over before {action}"
                return w
            step = steps[s]
            if step.jump:
                if by_ai:
                    w.began.setdefault(s, index)
                    made += 1
                    w.ended[s] = index
                    break
                if made == 0:
                    w.off = f"step {s + 1} skips ahead, and {action} is the learner's own"
                    return w
                finish(w.ended[s])
                continue
            if by_ai:  # the computer moved for the learner outside a jump: not the lesson's
                break
            if step.free:
                if action.kind in step.kinds and not (step.most and made >= step.most):
                    w.began.setdefault(s, index)
                    w.ended[s] = index
                    made += 1
                    break
                if made == 0:
                    w.skipped.append(s)
                finish(w.ended.get(s, index - 1))
                continue
            if made == 0 and step.options:
                option = next((k for k, o in enumerate(step.options) if o.moves[0] == action), None)
                if option is None:
                    w.off = f"step {s + 1} offers other choices than {action}"
                    return w
            moves = step.options[option].moves if option is not None else step.moves
            if moves[made] != action:
                w.off = f"step {s + 1} asks for {moves[made]}, not {action}"
                return w
            w.began.setdefault(s, index)
            made += 1
            if made == len(moves):
                finish(index)
            break
    # the tail: a step whose decisions have run out now
    while s < len(steps) and state is not None:
        step = steps[s]
        if step.jump:
            if made == 0 or not matches(state, lesson.learner, step.jump):
                break
        elif step.free:
            if step.most and made >= step.most:
                pass
            elif state.to_move() != lesson.learner:
                break
            elif any(a.kind in step.kinds for a in state.legal_actions(lesson.learner)):
                break
            elif made == 0:
                w.skipped.append(s)
        else:
            break
        finish(w.ended.get(s, -1))
    w.place = Place(s, made, option) if s < len(steps) else None
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

    # -- reading the log -------------------------------------------------------------------------
    def _entries(self, extra: Action | None = None) -> list[tuple[int, Action, bool]]:
        learner = self.lesson.learner
        out = [(i, e.action, e.by_ai) for i, e in enumerate(self.session.log) if e.action.seat == learner]
        if extra is not None:
            out.append((len(self.session.log), extra, False))
        return out

    def walk(self) -> Walk:
        log = self.session.log
        key = (len(log), id(log[-1]) if log else 0, id(self.session.state))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, walk(self.lesson, self._entries(), self.session.state))
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

    def choices(self) -> list[tuple[int, Action]]:
        """At a choice not yet begun: each option's index and first move; else empty."""
        place = self.place()
        if place is None or place.made:
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
        after = walk(self.lesson, self._entries(action))
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
