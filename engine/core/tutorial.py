"""Learn to play: a game's guided first game, kept as data, and the Qt-free runner that follows it.

A lesson is `assets/games/<game_id>/tutorial.toml`: a fixed seed, fixed seats (the learner against
AI seats of a fixed, non-searching level, so their moves follow from the seed alone) and 12-25
steps. Each step names the phase it teaches, the learner's move(s) it asks for, the pieces its
callout points at, and its words: what the phase is and what the choice means (`text`), why the
suggested move is good (`why`), and the answer to a different move (`wrong`). The learner makes
every move; AI seats answer in between exactly as in any game (the session's seed).

Where a session stands in its lesson follows from its log alone: the learner's decisions in it
are the lesson's moves so far (a different move is refused, so nothing else gets in), so undo
steps the lesson back with the game. `Tutor` reads that position and vets a move; `check_lesson`
plays a whole lesson headless (`tycoons tutorial GAME --check`).

>>> lesson = load_lesson("first-ceo")
>>> 12 <= len(lesson.steps) <= 25
True
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.assets import game_asset
from engine.core.contract import CHANCE, TERMINAL, Action, SeatInfo
from engine.core.errors import IllegalAction, TycoonsError
from engine.core.session import Session
from engine.core.text import fill_names

LESSON_FILE = "tutorial.toml"
MIN_STEPS, MAX_STEPS = 12, 25
"""A lesson is long enough to meet every phase and short enough for one sitting."""
SEARCHING_LEVELS = ("hard",)
"""AI levels whose choice depends on the time they are given: never in a lesson, whose script
holds only if the AI seats answer the same way on every machine."""
MOVE_POINTER = "move"
"""The pointer that names the piece (or prompt button) of the move asked for now."""
AI_DECISIONS_LIMIT = 20_000
"""More AI decisions than this between two of the learner's moves is a lesson that never comes
back to the learner (a broken script), not a long game."""


class LessonError(TycoonsError):
    """A lesson file that cannot be read or does not describe a lesson."""


@dataclass(frozen=True)
class Step:
    """One callout of a lesson: the phase it teaches, the learner's moves it asks for (one or a
    few small decisions of the same choice), what it points at and what it says."""

    phase: str
    moves: tuple[Action, ...]
    text: str
    why: str
    wrong: str
    point: tuple = (MOVE_POINTER,)
    """`"move"` (the piece of the move asked for now) and pool keys of other pieces to point at."""
    rules: str = ""
    """The section of the rules text the words come from (for whoever checks them)."""


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game (see the module docstring)."""

    game_id: str
    title: str
    seed: int
    learner: int
    seats: tuple[SeatInfo, ...]
    options: dict
    phases: tuple[str, ...]
    intro: str
    outro: str
    steps: tuple[Step, ...]

    def moves(self) -> list[tuple[int, int, Action]]:
        """Every move of the lesson in order, as (step index, move index in the step, action)."""
        return [(i, j, a) for i, step in enumerate(self.steps) for j, a in enumerate(step.moves)]

    def session(self, learner_name: str | None = None) -> Session:
        """A fresh game of this lesson: its seed, its seats (the learner's named `learner_name`
        if given), its options; the set-up draws resolved."""
        seats = list(self.seats)
        if learner_name:
            seats[self.learner] = SeatInfo(learner_name)
        return Session.new(self.game_id, seats, dict(self.options), self.seed)


# -- reading a lesson ------------------------------------------------------------------------------
_MOVE = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*\((.*)\)\s*$")
_INT = re.compile(r"^-?\d+$")


def parse_move(text: str, seat: int) -> Action:
    """`"acquire(3)"` -> Action("acquire", seat, (3,)): the form `str(action)` prints, without the
    seat. Arguments are separated by commas; one that reads as a whole number is an int, unless it
    is quoted (a string argument that looks like a number: a supply space "10").

    >>> parse_move("fulfil(cotton-7,-3,-4)", 0)
    Action(kind='fulfil', seat=0, args=('cotton-7', -3, -4))
    >>> parse_move('buy_resource("10",steel)', 1)
    Action(kind='buy_resource', seat=1, args=('10', 'steel'))
    >>> parse_move("pass()", 1)
    Action(kind='pass', seat=1, args=())
    """
    m = _MOVE.match(text)
    if m is None:
        raise LessonError(f"{text!r} is not a move: write it as kind(arg,arg), e.g. acquire(3)")
    kind, inside = m.groups()
    return Action(kind, seat, tuple(_arg(a) for a in (p.strip() for p in inside.split(",")) if a != ""))


def _arg(text: str) -> int | str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return int(text) if _INT.match(text) else text


def load_lesson(game_id: str) -> Lesson:
    """The lesson of `game_id` from its tutorial.toml; LessonError if it is missing or malformed
    (UnknownGame for an id no game has)."""
    from engine.core.registry import get_spec

    get_spec(game_id)
    path = game_asset(game_id, LESSON_FILE)
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise LessonError(f"{game_id} has no lesson ({path} is missing)") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{path} cannot be read: {exc}") from None
    try:
        return lesson_from_data(game_id, data)
    except (KeyError, TypeError, ValueError) as exc:
        raise LessonError(f"{path} is not a lesson: {exc!r}") from None


def has_lesson(game_id: str) -> bool:
    return game_asset(game_id, LESSON_FILE).is_file()


def _words(text) -> str:
    """A text of the lesson file as one paragraph per blank-line-separated block: the line breaks
    of a TOML multi-line string are the file's, not the callout's."""
    blocks = re.split(r"\n\s*\n", str(text).strip())
    return "\n\n".join(" ".join(block.split()) for block in blocks if block.strip())


def _key(value):
    """A piece's key from TOML: arrays become tuples, at every depth (("fac", (-3, -3)))."""
    return tuple(_key(v) for v in value) if isinstance(value, list) else value


def lesson_from_data(game_id: str, data: dict) -> Lesson:
    """A Lesson from the parsed tutorial.toml (see any game's file for the fields)."""
    learner = int(data["learner"])
    seats = tuple(SeatInfo(str(s["name"]), str(s.get("kind", "ai" if i != learner else "human")), s.get("level"))
                  for i, s in enumerate(data["seat"]))
    steps = []
    for raw in data["step"]:
        moves = raw["moves"] if isinstance(raw["moves"], list) else [raw["moves"]]
        point = tuple(p if isinstance(p, str) else _key(p) for p in raw.get("point", [MOVE_POINTER]))
        steps.append(Step(phase=str(raw["phase"]), moves=tuple(parse_move(m, learner) for m in moves),
                          text=_words(raw["text"]), why=_words(raw["why"]), wrong=_words(raw.get("wrong", "")),
                          point=point, rules=str(raw.get("rules", ""))))
    return Lesson(game_id=game_id, title=str(data["title"]), seed=int(data["seed"]), learner=learner,
                  seats=seats, options=dict(data.get("options", {})), phases=tuple(data["phases"]),
                  intro=_words(data["intro"]), outro=_words(data["outro"]), steps=tuple(steps))


# -- following a lesson ----------------------------------------------------------------------------
class Tutor:
    """Where `session` stands in `lesson`, read from its log, and the lesson's answer to a move."""

    def __init__(self, lesson: Lesson, session: Session):
        self.lesson = lesson
        self.session = session
        self._moves = lesson.moves()

    def done(self) -> int:
        """The learner's decisions in the log so far: the lesson's moves made."""
        learner = self.lesson.learner
        return sum(1 for e in self.session.log if e.action.seat == learner and not e.by_ai)

    def position(self) -> tuple[int, int] | None:
        """(step index, move index in the step) of the move asked for next; None at the end."""
        n = self.done()
        return self._moves[n][:2] if n < len(self._moves) else None

    def finished(self) -> bool:
        return self.done() >= len(self._moves)

    def step(self) -> Step | None:
        pos = self.position()
        return self.lesson.steps[pos[0]] if pos else None

    def expected(self) -> Action | None:
        """The move the lesson asks for next (None once the lesson has run out)."""
        n = self.done()
        return self._moves[n][2] if n < len(self._moves) else None

    def asks_now(self) -> bool:
        """True when the learner is to move and the lesson has a move for them."""
        return not self.finished() and self.session.to_move() == self.lesson.learner

    def words(self, text: str) -> str:
        """Lesson text with the players' names in it (`{p1}`…)."""
        return fill_names(text, self.session.names)

    def vet(self, action: Action) -> str | None:
        """The lesson's answer to `action` by the learner: None if it is the move asked for (or the
        lesson has nothing to say: another seat, a chance outcome), else why the lesson asks for
        another move, in its own words. Once the lesson has run out, every move waits for the
        learner to choose to play on."""
        if action.seat != self.lesson.learner:
            return None
        expected = self.expected()
        if expected is None:
            return 'The lesson is over: choose "Play on from here" to go on as a normal game.'
        if action == expected:
            return None
        step = self.step()
        try:
            label = self.session.label(expected)
        except Exception:  # noqa: BLE001 - a label is cosmetic; the move still says it
            label = str(expected)
        reason = self.words(step.wrong or step.why)
        return f"The lesson asks for “{label}” here. {reason}"


# -- checking a lesson headless ----------------------------------------------------------------------
@dataclass
class CheckReport:
    """What `check_lesson` found: problems (empty when the lesson holds) and a line per move."""

    game_id: str
    problems: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    ai_decisions: int = 0
    final_hash: str = ""
    """The state hash after the lesson's last move (equal on every run: the AI seats follow the seed)."""

    @property
    def ok(self) -> bool:
        return not self.problems


AiMove = Callable[[Session], Action]
"""The decision of the AI seat to move, as the game window takes it (ai.core.request)."""


def lesson_problems(lesson: Lesson) -> list[str]:
    """What is wrong with a lesson's shape, before any move is played."""
    from engine.core.registry import get_spec

    problems = []
    spec = get_spec(lesson.game_id)
    if not MIN_STEPS <= len(lesson.steps) <= MAX_STEPS:
        problems.append(f"the lesson has {len(lesson.steps)} steps; a lesson has {MIN_STEPS}-{MAX_STEPS}")
    if not spec.min_players <= len(lesson.seats) <= spec.max_players:
        problems.append(f"{len(lesson.seats)} seats; {spec.title} takes {spec.min_players}-{spec.max_players}")
    if not 0 <= lesson.learner < len(lesson.seats):
        problems.append(f"the learner's seat {lesson.learner} is not one of the seats")
    for i, seat in enumerate(lesson.seats):
        if i == lesson.learner:
            if seat.is_ai:
                problems.append("the learner's seat is an AI")
        elif not seat.is_ai:
            problems.append(f"{seat.name} is human: every seat but the learner's is an AI")
        elif not seat.level or seat.level in SEARCHING_LEVELS:
            problems.append(f"{seat.name} plays at level {seat.level!r}: a lesson's AI seats play a "
                            "fixed, non-searching level, so their moves follow from the seed alone")
    try:
        spec.resolve_options(lesson.options)
    except ValueError as exc:
        problems.append(str(exc))
    for n, step in enumerate(lesson.steps, 1):
        if step.phase not in lesson.phases:
            problems.append(f"step {n} teaches {step.phase!r}, which is not one of the phases {list(lesson.phases)}")
        if not step.moves:
            problems.append(f"step {n} asks for no move")
        if not step.text or not step.why:
            problems.append(f"step {n} lacks its text or its why")
        for pointer in step.point:
            if pointer != MOVE_POINTER and not (isinstance(pointer, tuple) and pointer):
                problems.append(f"step {n} points at {pointer!r}: a pointer is \"move\" or a piece's key")
    for phase in lesson.phases:
        if not any(s.phase == phase for s in lesson.steps):
            problems.append(f"no step teaches the phase {phase!r}")
    names = [s.name for s in lesson.seats]
    for text in [lesson.intro, lesson.outro] + [t for s in lesson.steps for t in (s.text, s.why, s.wrong)]:
        try:
            fill_names(text, names)
        except (IndexError, KeyError) as exc:
            problems.append(f"{text[:40]!r}… names a seat the lesson does not have ({exc})")
    return problems


def check_lesson(lesson: Lesson, ai_move: AiMove) -> CheckReport:
    """Play `lesson` headless: AI seats answer with `ai_move`, the learner makes each step's moves.
    The report has no problems only if the lesson is well formed, every move is legal at its
    point, and after the last one the learner is asked again before the game ends (there is a
    game to play on)."""
    report = CheckReport(lesson.game_id, problems=lesson_problems(lesson))
    if report.problems:
        return report
    session = lesson.session()
    tutor = Tutor(lesson, session)
    for step_index, move_index, move in lesson.moves():
        step = lesson.steps[step_index]
        where = f"step {step_index + 1}/{len(lesson.steps)} ({step.phase}), move {move_index + 1}/{len(step.moves)}"
        problem = _play_ais(session, lesson.learner, ai_move, report)
        if problem:
            report.problems.append(f"{where} {move}: {problem}")
            return report
        if tutor.expected() != move:
            report.problems.append(f"{where}: the lesson's position is move {tutor.done() + 1}, not this one")
            return report
        reason = session.illegal_reason(move)
        if reason is not None:
            legal = ", ".join(str(a).rsplit("@", 1)[0] for a in session.legal_actions()[:12])
            report.problems.append(f"{where} {move} is not legal there: {reason} (legal: {legal}…)")
            return report
        report.lines.append(f"{where}: {str(move).rsplit('@', 1)[0]} — {session.label(move)}")
        session.apply(move)
    report.final_hash = session.state.state_hash()
    # "Play on from here": the learner must be asked again before the game ends
    problem = _play_ais(session, lesson.learner, ai_move, report)
    if problem:
        report.problems.append(f"after the lesson's last move, {problem}: nothing is left to play on")
    return report


def _play_ais(session: Session, learner: int, ai_move: AiMove, report: CheckReport) -> str | None:
    """Let the AI seats move until the learner is to move; the problem in words if that never comes."""
    for _ in range(AI_DECISIONS_LIMIT):
        mover = session.to_move()
        if mover == learner:
            return None
        if mover == TERMINAL:
            return "the game ends before the learner moves again"
        if mover == CHANCE:  # the session draws chance itself after every decision
            session.resolve_chance()
            continue
        if not session.seats[mover].is_ai:
            return f"{session.names[mover]} is to move, who is neither the learner nor an AI"
        try:
            session.apply(ai_move(session), by_ai=True)
        except IllegalAction as exc:
            return f"the AI of {session.names[mover]} chose an illegal move: {exc.reason}"
        report.ai_decisions += 1
    return f"the learner was not asked again within {AI_DECISIONS_LIMIT} AI decisions"


def check_command(game_id: str, ai_move: AiMove, out=None, verbose: bool = False) -> int:
    """`tycoons tutorial GAME --check`: 0 if the lesson holds, 1 (with the problems) if not."""
    import sys

    out = out or sys.stdout
    try:
        lesson = load_lesson(game_id)
    except TycoonsError as exc:  # LessonError, UnknownGame
        print(f"{game_id}: {exc}", file=out)
        return 1
    report = check_lesson(lesson, ai_move)
    if verbose:
        for line in report.lines:
            print(line, file=out)
    if report.ok:
        print(f"{game_id}: the lesson holds: {len(lesson.steps)} steps, {len(report.lines)} moves by the learner, "
              f"{report.ai_decisions} AI decisions between them; the game goes on after it.", file=out)
        return 0
    for problem in report.problems:
        print(f"{game_id}: {problem}", file=out)
    return 1
