"""A lesson as data: `assets/games/<game_id>/tutorial.toml` read into a `Lesson`, and what is wrong
with one before a move is played (`lesson_problems`).

A lesson names the concepts it teaches (`concepts`, in the rules' words) and is a list of steps.
Each step names the phase and the concepts it teaches, the pieces its callout rings, its words,
and what the learner does:

- a **fixed** step asks for its `moves`, in order (a different move is answered with `wrong`);
- a **choice** asks the learner to choose between its `option`s, every one legal and sensible;
  the lesson advises one (`advice`, said by `why`), takes whichever is chosen, and then shows
  what the choice did and what the other would have done (each option's `did`);
- a **free** step lets the learner make any move of its `kinds`, of its `frames` (the decisions of
  the game's turn machine it spans), or in a number of their `turns` (its `moves` are what the
  lesson would do: a suggestion), so that the steps after a choice go on from either branch; an
  `optional` one may be passed over on a line other than the advised one, where none of its
  moves is open;
- a **jump** skips ahead: the computer plays every seat, the learner's too, until the learner is
  to move in a position whose view has the values `jump` names (a later Decade), so that the
  late parts of the game are met in one sitting.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from engine.core.assets import game_asset
from engine.core.contract import Action, SeatInfo
from engine.core.errors import TycoonsError
from engine.core.session import Session
from engine.core.text import fill_names

LESSON_FILE = "tutorial.toml"
MIN_STEPS, MAX_STEPS = 12, 40
"""A lesson is long enough to meet every phase and every concept of the game, and short enough
for one sitting."""
MIN_CHOICES = 3
"""A lesson asks the learner to decide at least this often: it teaches decisions, not clicks."""
SEARCHING_LEVELS = ("hard", "expert")
"""AI levels whose choice depends on the time they are given: never in a lesson, whose script
holds only if the AI seats answer the same way on every machine."""
MOVE_POINTER = "move"
"""The pointer that names the piece (or prompt button) of the move asked for now."""
ROUND_PHASE = "round_phase"
"""A jump's condition on the phase the game is in (`State.round_phase()`), beside the view's keys."""
FRAME = "frame"
"""A jump's condition on the decision asked (the name of the turn machine's frame): a jump that
ends where a Partner is to be placed, not amid the decisions of one already placed."""


class LessonError(TycoonsError):
    """A lesson file that cannot be read or does not describe a lesson."""


@dataclass(frozen=True)
class Option:
    """One answer to a choice: the learner's moves (the first tells the options apart) and what
    taking it does, in words."""

    moves: tuple[Action, ...]
    did: str


@dataclass(frozen=True)
class Step:
    """One callout of a lesson (see the module docstring for its kinds)."""

    phase: str
    moves: tuple[Action, ...]
    """A fixed step's moves; a choice's advised option's; a free step's suggestion; none for a jump."""
    text: str
    why: str
    wrong: str = ""
    point: tuple = (MOVE_POINTER,)
    """`"move"` (the piece of the move asked for now) and pool keys of other pieces to point at."""
    rules: str = ""
    """The section of the rules text the words come from (for whoever checks them)."""
    concepts: tuple[str, ...] = ()
    """The concepts of the lesson's list this step teaches."""
    options: tuple[Option, ...] = ()
    advice: int = 0
    free: bool = False
    kinds: frozenset = frozenset()
    """A free step's kinds of decision (default: the kinds of its moves)."""
    most: int = 0
    """A free step spans at most this many decisions (with `frames`: decisions asked in its first
    frame, each with those that follow it in its other frames: a Partner placed and the Workers
    then hired; it ends at the next decision outside them); 0: as many as its kinds or frames go on."""
    turns: int = 0
    """A free step spans at most this many of the learner's turns (a turn: the learner's decisions
    with no other player's between them; 0: as many as its kinds go on)."""
    frames: tuple[str, ...] = ()
    """A free step spans the learner's decisions asked in these frames of the game's turn machine
    (engine/core/frames.py: "op_buy" is a company buying resources), whatever their kind: a trade
    made while buying is still buying."""
    jump: tuple[tuple[str, object], ...] = ()
    """A jump's condition: (view key or ROUND_PHASE, value) pairs."""
    optional: bool = False
    """A step that may be passed over on a line of play other than the advised one, where none of
    its moves is open (the factories a choice left without resources do not run)."""

    @property
    def kind(self) -> str:
        if self.jump:
            return "jump"
        if self.options:
            return "choice"
        return "free" if self.free else "fixed"


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
    concepts: tuple[str, ...] = ()

    def session(self, learner_name: str | None = None) -> Session:
        """A fresh game of this lesson: its seed, its seats (the learner's named `learner_name`
        if given), its options; the set-up draws resolved."""
        seats = list(self.seats)
        if learner_name:
            seats[self.learner] = SeatInfo(learner_name)
        return Session.new(self.game_id, seats, dict(self.options), self.seed)

    def choices(self) -> list[int]:
        """The indices of the steps that ask the learner to choose."""
        return [i for i, s in enumerate(self.steps) if s.options]


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
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
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


def _moves(raw, learner: int) -> tuple[Action, ...]:
    moves = raw if isinstance(raw, list) else [raw]
    return tuple(parse_move(str(m), learner) for m in moves)


def step_from_data(raw: dict, learner: int) -> Step:
    """One `[[step]]` of the file."""
    point = tuple(p if isinstance(p, str) else _key(p) for p in raw.get("point", [MOVE_POINTER]))
    options = tuple(Option(_moves(o["moves"], learner), _words(o.get("did", ""))) for o in raw.get("option", []))
    advice = int(raw.get("advice", 0))
    if options:
        if "moves" in raw:
            raise ValueError(f"a choice ({raw.get('phase')!r}) takes its moves from its options, not `moves`")
        if not 0 <= advice < len(options):
            raise ValueError(f"a choice ({raw.get('phase')!r}) advises option {advice}, which it does not have")
        moves = options[advice].moves
    else:
        moves = _moves(raw.get("moves", []), learner)
    jump = tuple(sorted((str(k), v) for k, v in raw.get("jump", {}).items()))
    free = bool(raw.get("free", False))
    turns = int(raw.get("turns", 0))
    frames = tuple(str(f) for f in raw.get("frames", []))
    if "kinds" in raw or not (turns or frames):
        kinds = frozenset(str(k) for k in raw.get("kinds", [])) or frozenset(m.kind for m in moves)
    else:
        kinds = frozenset()  # turns or frames and no kinds: any move in them
    return Step(phase=str(raw["phase"]), moves=moves, text=_words(raw["text"]), why=_words(raw["why"]),
                wrong=_words(raw.get("wrong", "")), point=point, rules=str(raw.get("rules", "")),
                concepts=tuple(str(c) for c in raw.get("concepts", [])), options=options, advice=advice,
                free=free, kinds=kinds if free else frozenset(), most=int(raw.get("most", 0)), turns=turns,
                frames=frames, jump=jump, optional=bool(raw.get("optional", False)))


def lesson_from_data(game_id: str, data: dict) -> Lesson:
    """A Lesson from the parsed tutorial.toml (see any game's file for the fields)."""
    learner = int(data["learner"])
    seats = tuple(SeatInfo(str(s["name"]), str(s.get("kind", "ai" if i != learner else "human")), s.get("level"))
                  for i, s in enumerate(data["seat"]))
    steps = tuple(step_from_data(raw, learner) for raw in data["step"])
    return Lesson(game_id=game_id, title=str(data["title"]), seed=int(data["seed"]), learner=learner,
                  seats=seats, options=dict(data.get("options", {})), phases=tuple(data["phases"]),
                  intro=_words(data["intro"]), outro=_words(data["outro"]), steps=steps,
                  concepts=tuple(str(c) for c in data.get("concepts", [])))


# -- what is wrong with a lesson's shape ------------------------------------------------------------
def lesson_problems(lesson: Lesson) -> list[str]:
    """What is wrong with a lesson's shape, before any move is played: its length, its seats, its
    options, a phase or a listed concept that no step teaches, a step without its words or moves,
    fewer than MIN_CHOICES choices."""
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
        problems += [f"step {n} {p}" for p in _step_problems(step, lesson)]
    for phase in lesson.phases:
        if not any(s.phase == phase for s in lesson.steps):
            problems.append(f"no step teaches the phase {phase!r}")
    problems += concept_problems(lesson)
    if len(lesson.choices()) < MIN_CHOICES:
        problems.append(f"the lesson asks the learner to choose {len(lesson.choices())} times; a lesson asks at "
                        f"least {MIN_CHOICES} times")
    names = [s.name for s in lesson.seats]
    texts = [lesson.intro, lesson.outro] + [t for s in lesson.steps
                                            for t in (s.text, s.why, s.wrong, *(o.did for o in s.options))]
    for text in texts:
        try:
            fill_names(text, names)
        except (IndexError, KeyError) as exc:
            problems.append(f"{text[:40]!r}… names a seat the lesson does not have ({exc})")
    return problems


def concept_problems(lesson: Lesson) -> list[str]:
    """A listed concept that no step teaches, a step that names a concept the list lacks, a
    concept listed twice."""
    problems = []
    listed = set(lesson.concepts)
    if not lesson.concepts:
        problems.append("the lesson lists no concepts (`concepts`): what of the game does it cover?")
    if len(listed) != len(lesson.concepts):
        problems.append("a concept is listed twice")
    taught = {c for s in lesson.steps for c in s.concepts}
    for concept in lesson.concepts:
        if concept not in taught:
            problems.append(f"no step teaches the concept {concept!r}")
    for n, step in enumerate(lesson.steps, 1):
        for concept in step.concepts:
            if concept not in listed:
                problems.append(f"step {n} teaches {concept!r}, which is not in the lesson's list of concepts")
    return problems


def _step_problems(step: Step, lesson: Lesson) -> list[str]:
    problems = []
    if step.phase not in lesson.phases:
        problems.append(f"teaches {step.phase!r}, which is not one of the phases {list(lesson.phases)}")
    if step.jump:
        if step.moves or step.options or step.free:
            problems.append("is a jump and asks for moves: a jump's moves are the computer's")
    elif not step.moves and not step.free:
        problems.append("asks for no move")
    if not step.text or not step.why:
        problems.append("lacks its text or its why")
    if step.options:
        if len(step.options) < 2:
            problems.append("is a choice with one option")
        firsts = [o.moves[0] if o.moves else None for o in step.options]
        if None in firsts or len(set(firsts)) != len(firsts):
            problems.append("is a choice whose options do not begin with different moves")
        if any(not o.did for o in step.options):
            problems.append("is a choice with an option that does not say what it does (`did`)")
    if step.concepts and not any(p != MOVE_POINTER for p in step.point):
        problems.append("teaches a concept but rings none of its pieces (`point`)")
    for pointer in step.point:
        if pointer != MOVE_POINTER and not (isinstance(pointer, tuple) and pointer):
            problems.append(f"points at {pointer!r}: a pointer is \"move\" or a piece's key")
    return problems
