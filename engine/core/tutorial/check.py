"""Checking a lesson headless (`tycoons tutorial GAME --check`): its shape, then every line of play
its choices open, each played from the seed to the end of the lesson and one move beyond.

On every line the AI seats answer as the game window's AI does (the `ai_move` given), the learner
makes each step's moves (at a choice, the option the line takes; at a free step, the lesson's
suggestion while it is legal, else what the AI would do in the learner's place), and every move
must be legal and taken by the lesson where it comes. A line holds when every step was asked
(none passed over because its moves were never open) and, after the lesson's last step, the
learner is asked again before the game ends: there is a game to play on.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.contract import CHANCE, TERMINAL, Action
from engine.core.errors import IllegalAction, TycoonsError
from engine.core.session import Session
from engine.core.tutorial.lesson import Lesson, lesson_problems, load_lesson
from engine.core.tutorial.tutor import Tutor, matches

AI_DECISIONS_LIMIT = 20_000
"""More AI decisions than this between two of the learner's moves (or in one jump) is a lesson
that never comes back to the learner (a broken script), not a long game."""
LEARNER_DECISIONS_LIMIT = 2_000
"""More learner decisions than this in one lesson is a free step that never ends."""
MAX_LINES = 32
"""A lesson's choices may open at most this many lines of play: each is checked whole."""
LET_THROUGH_PHASES = 2
"""Decisions let through while the lesson waits at one free step, in more phases of the round than
this, are a step after it that never opens on that line (a choice whose options are not all
legal there): the lesson would sit on one step from phase to phase."""

AiMove = Callable[[Session], Action]
"""The decision of the seat to move as the game window's AI takes it (ai.core.request)."""


@dataclass
class CheckReport:
    """What `check_lesson` found: problems (empty when the lesson holds) and, for the line the
    lesson advises, a line per learner move."""

    game_id: str
    problems: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    ai_decisions: int = 0
    final_hash: str = ""
    """The state hash after the advised line's last lesson move (equal on every run)."""
    paths: int = 0
    """The lines of play checked (every combination of the choices' options)."""

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _Run:
    problems: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    ai_decisions: int = 0
    final_hash: str = ""


def lines_of_play(lesson: Lesson) -> list[dict[int, int]]:
    """Every combination of the choices' options, the advised one first: step index -> option."""
    steps = lesson.choices()
    advised = {i: lesson.steps[i].advice for i in steps}
    combos = [dict(zip(steps, combo, strict=True))
              for combo in itertools.product(*(range(len(lesson.steps[i].options)) for i in steps))]
    return [advised] + [c for c in combos if c != advised]


def check_lesson(lesson: Lesson, ai_move: AiMove) -> CheckReport:
    """Check `lesson` (see the module docstring); the report has no problems only if it holds on
    every line of play."""
    report = CheckReport(lesson.game_id, problems=lesson_problems(lesson))
    if report.problems:
        return report
    lines = lines_of_play(lesson)
    if len(lines) > MAX_LINES:
        report.problems.append(f"the lesson's choices open {len(lines)} lines of play; at most {MAX_LINES} "
                               "can be checked")
        return report
    for n, picks in enumerate(lines):
        run = _play(lesson, ai_move, picks)
        report.paths += 1
        if n == 0:
            report.lines, report.ai_decisions, report.final_hash = run.lines, run.ai_decisions, run.final_hash
            report.problems += run.problems
        else:
            report.problems += [f"{_line_name(lesson, picks)}: {p}" for p in run.problems]
        if report.problems:
            break
    return report


def _line_name(lesson: Lesson, picks: dict[int, int]) -> str:
    taken = [f"step {i + 1} takes option {'ABCDEFGH'[k]}" for i, k in picks.items() if k != lesson.steps[i].advice]
    return "where " + ", ".join(taken)


def _play(lesson: Lesson, ai_move: AiMove, picks: dict[int, int]) -> _Run:
    run = _Run()
    session = lesson.session()
    tutor = Tutor(lesson, session)
    learner = lesson.learner
    n = len(lesson.steps)
    advised = all(picks.get(i, s.advice) == s.advice for i, s in enumerate(lesson.steps) if s.options)
    for _ in range(LEARNER_DECISIONS_LIMIT):
        problem = play_ais(session, learner, ai_move, run)
        passed = _passed_over(session, tutor, advised)
        if passed:
            run.problems.append(passed)
            return run
        place = tutor.place()
        if place is None:
            if tutor.walk().off:
                run.problems.append(f"the lesson lost its place: {tutor.walk().off}")
                return run
            run.final_hash = session.state.state_hash()
            if problem:  # "Play on from here": the learner must be asked again before the game ends
                run.problems.append(f"after the lesson's last move, {problem}: nothing is left to play on")
            break
        step = lesson.steps[place.step]
        where = f"step {place.step + 1}/{n} ({step.phase})"
        if problem:
            run.problems.append(f"{where}: {problem}")
            return run
        if step.jump:
            made, problem = play_jump(session, learner, step.jump, ai_move)
            run.ai_decisions += made
            if problem:
                run.problems.append(f"{where} skips ahead: {problem}")
                return run
            continue
        move, problem = learner_move(session, tutor, step, place, picks, ai_move)
        if move is None:
            run.problems.append(f"{where}: {problem}")
            return run
        count = len(step.options[place.option if place.option is not None else picks.get(place.step, step.advice)]
                    .moves) if step.options else len(step.moves)
        where += f", move {place.made + 1}/{count}" if not step.free else f", move {place.made + 1}"
        reason = session.illegal_reason(move)
        if reason is not None:
            legal = ", ".join(str(a).rsplit("@", 1)[0] for a in session.legal_actions()[:12])
            run.problems.append(f"{where} {move} is not legal there: {reason} (legal: {legal}…)")
            return run
        refused = tutor.vet(move)
        if refused is not None:
            run.problems.append(f"{where} {move} is refused by the lesson: {refused}")
            return run
        run.lines.append(f"{where}: {str(move).rsplit('@', 1)[0]} — {session.label(move)}")
        session.apply(move)
        problem = _read_choice(tutor, lesson)
        if problem:
            run.problems.append(f"{where}: {problem}")
            return run
    else:
        run.problems.append(f"the learner made {LEARNER_DECISIONS_LIMIT} moves and the lesson did not end")
        return run
    walked = tutor.walk()
    run.problems += [f"step {s + 1}/{n} ({lesson.steps[s].phase}) was never asked: none of its moves was open"
                     for s in walked.skipped if advised or not lesson.steps[s].optional]
    run.problems += [f"the lesson waited at step {s + 1}/{n} ({lesson.steps[s].phase}) through {len(k)} phases of "
                     "the round: a step after it does not open on this line (make it optional)"
                     for s, k in walked.through.items() if len(k) > LET_THROUGH_PHASES]
    return run


def _passed_over(session: Session, tutor: Tutor, advised: bool) -> str:
    """A fixed step or a choice the lesson passed over because its move (or an option) is not
    legal where it is due: the problem in words, with the game's reason (an optional step off the
    advised line may be passed over)."""
    lesson = tutor.lesson
    for s in tutor.walk().skipped:
        step = lesson.steps[s]
        if step.free or step.jump or (step.optional and not advised):
            continue
        moves = [o.moves[0] for o in step.options] if step.options else list(step.moves[:1])
        where = f"step {s + 1}/{len(lesson.steps)} ({step.phase}), move 1/{len(step.moves)}"
        for move in moves:
            reason = session.illegal_reason(move)
            if reason is not None:
                legal = ", ".join(str(a).rsplit("@", 1)[0] for a in session.legal_actions()[:12])
                return f"{where} {move} is not legal there: {reason} (legal: {legal}…)"
        return f"{where} was passed over"
    return ""


def learner_move(session: Session, tutor: Tutor, step, place, picks, ai_move) -> tuple[Action | None, str]:
    """The move of a learner who follows the lesson, on the line of play `picks` names: the step's
    move, the line's option of a choice, or (a free step) the lesson's suggestion, else the AI's
    move in the learner's place if the step takes it, else the first legal move of the step's
    kinds; before a step is due, the AI's move."""
    if not tutor.due():
        return ai_move(session), ""
    if step.options and place.made == 0:
        return step.options[picks.get(place.step, step.advice)].moves[0], ""
    if not step.free:
        return tutor.expected(), ""
    suggested = tutor.expected()
    if suggested is not None:
        return suggested, ""
    mine = ai_move(session)
    if step.kinds and step.moves and place.made >= len(step.moves):
        # the lesson's suggestion is spent: the learner goes on to the next step (its move, or the
        # line's option of a choice) if it is open, else with a move the step does not take and
        # no choice begins (the AI's if it is one), else as the AI would
        steps = tutor.lesson.steps
        if place.step + 1 < len(steps):
            after = steps[place.step + 1]
            first = after.options[picks.get(place.step + 1, after.advice)].moves[0] if after.options else \
                after.moves[0] if after.moves and not after.free else None
            if first is not None and session.state.is_legal(first) and tutor.vet(first) is None:
                return first, ""
        begins = {o.moves[0] for st in steps for o in st.options}
        onward = [a for a in [mine, *session.legal_actions()]
                  if a.kind not in step.kinds and a not in begins and tutor.vet(a) is None]
        return (onward[0] if onward else mine), ""
    legal = [a for a in session.legal_actions() if not step.kinds or a.kind in step.kinds]
    if not legal:
        return None, f"none of the free step's moves ({', '.join(sorted(step.kinds))}) is open"
    return (mine if mine in legal else legal[0]), ""


def _read_choice(tutor: Tutor, lesson: Lesson) -> str:
    """After a move that completes a choice: its review must show every other option's moves
    legal where the choice was made; then the learner reads it and the game goes on."""
    review = tutor.review()
    if review is None:
        return ""
    step = lesson.steps[review.step]
    for k, option in enumerate(step.options):
        state = review.before.copy()
        for move in option.moves:
            if state.to_move() != move.seat or not state.is_legal(move):
                return f"the choice's option {'ABCDEFGH'[k]} ({move}) is not legal where the choice is made"
            state.apply_unchecked(move)
    tutor.read()
    return ""


def play_ais(session: Session, learner: int, ai_move: AiMove, report) -> str | None:
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


def play_jump(session: Session, learner: int, until, ai_move: AiMove) -> tuple[int, str | None]:
    """Skip ahead: the AI plays every seat, the learner's too, until the learner has moved at least
    once and is to move where `until` holds (`matches`). Returns the decisions made and the problem
    in words if that never comes."""
    made = mine = 0
    for _ in range(AI_DECISIONS_LIMIT):
        mover = session.to_move()
        if mover == TERMINAL:
            return made, "the game ends before the position the lesson skips to"
        if mover == CHANCE:
            session.resolve_chance()
            continue
        if mover == learner and mine and matches(session.state, learner, until):
            return made, None
        try:
            session.apply(ai_move(session), by_ai=True)
        except IllegalAction as exc:
            return made, f"the AI chose an illegal move: {exc.reason}"
        made += 1
        mine += mover == learner
    return made, f"the position the lesson skips to did not come within {AI_DECISIONS_LIMIT} decisions"


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
        print(f"{game_id}: the lesson holds: {len(lesson.steps)} steps teaching {len(lesson.concepts)} concepts, "
              f"{len(lesson.choices())} choices ({report.paths} lines of play, each checked); on the advised line "
              f"{len(report.lines)} moves by the learner and {report.ai_decisions} AI decisions; the game goes on "
              "after it.", file=out)
        return 0
    for problem in report.problems:
        print(f"{game_id}: {problem}", file=out)
    return 1
