"""Learn to play: every registered game has a lesson, and every lesson holds.

A contract over the registry, as the rest of tests/engine/test_contract.py: a new game inherits
it and fails until it has a lesson whose script plays through, covers the concepts it lists and
asks the learner to choose at least three times. The script is checked as `tycoons tutorial GAME
--check` checks it: headless, the AI seats answering exactly as the game window's AI does
(ai.core.request), on every line of play the choices open, every step's moves legal where they
come, and the game still on at the end so the learner can play on.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ai.core.request import window_decision
from engine.core.assets import assets_dir
from engine.core.contract import Action
from engine.core.registry import game_ids
from engine.core.text import wording_problems
from engine.core.tutorial import (
    MAX_STEPS,
    MIN_CHOICES,
    MIN_STEPS,
    LessonError,
    Step,
    Tutor,
    check_lesson,
    has_lesson,
    lesson_problems,
    load_lesson,
    parse_move,
)
from engine.core.tutorial.check import lines_of_play


@pytest.mark.parametrize("game_id", game_ids())
def test_every_registered_game_has_a_lesson_that_holds(game_id):
    assert has_lesson(game_id), f"{game_id} has no assets/games/{game_id}/tutorial.toml"
    lesson = load_lesson(game_id)
    report = check_lesson(lesson, window_decision)
    assert report.ok, report.problems
    assert MIN_STEPS <= len(lesson.steps) <= MAX_STEPS
    assert report.paths == len(lines_of_play(lesson)) >= 2 ** MIN_CHOICES
    # every phase and every concept the lesson names is taught, and only those
    assert {s.phase for s in lesson.steps} == set(lesson.phases)
    assert {c for s in lesson.steps for c in s.concepts} == set(lesson.concepts)
    assert len(lesson.choices()) >= MIN_CHOICES
    for i in lesson.choices():
        step = lesson.steps[i]
        assert len(step.options) >= 2 and all(o.did for o in step.options), f"step {i + 1}"


@pytest.mark.parametrize("game_id", game_ids())
def test_a_lesson_plays_the_same_every_time(game_id):
    """The AI seats of a lesson follow from its seed alone (a fixed, non-searching level)."""
    lesson = load_lesson(game_id)
    assert all(s.level not in (None, "hard") for i, s in enumerate(lesson.seats) if i != lesson.learner)
    first, second = check_lesson(lesson, window_decision), check_lesson(lesson, window_decision)
    assert first.final_hash and first.final_hash == second.final_hash
    assert first.ai_decisions == second.ai_decisions > 0


@pytest.mark.parametrize("game_id", game_ids())
def test_a_lessons_words_read_right(game_id):
    lesson = load_lesson(game_id)
    names = [s.name for s in lesson.seats]
    texts = [lesson.title, lesson.intro, lesson.outro]
    for step in lesson.steps:
        texts += [step.phase, step.text, step.why, step.wrong, *(o.did for o in step.options)]
        assert step.rules, f"a step of {game_id} does not say which section of the rules its words come from"
        assert len(step.text) <= 320 and len(step.why) <= 260, f"{step.phase}: the callout would not fit"
        assert all(len(o.did) <= 260 for o in step.options), f"{step.phase}: the review would not fit"
    for text in texts:
        assert "\n" not in text.replace("\n\n", ""), "a line break of the file reached the callout"
        assert wording_problems(text) == [], (text, wording_problems(text))
        assert "seat" not in text.lower().split()
        for i, name in enumerate(names):
            assert f"{{p{i}}}" not in text or name  # names are filled in


def test_the_tutor_follows_the_log_and_answers_a_different_move():
    lesson = load_lesson("first-ceo")
    session = lesson.session("Zoe")
    assert session.names[lesson.learner] == "Zoe"
    tutor = Tutor(lesson, session)
    while session.to_move() != lesson.learner:
        session.apply(window_decision(session), by_ai=True)
    expected = tutor.expected()
    assert tutor.position() == (0, 0) and expected == lesson.steps[0].moves[0]
    assert tutor.vet(expected) is None
    other = next(a for a in session.legal_actions() if a != expected)
    reason = tutor.vet(other)
    assert reason.startswith(f"The lesson asks for “{session.label(expected)}” here.")
    assert lesson.steps[0].wrong in reason
    assert tutor.vet(Action("acquire", lesson.learner + 1, (0,))) is None  # another seat's: not the lesson's
    session.apply(expected)
    assert tutor.done() == 1 and tutor.position()[0] == 1


def test_undo_steps_the_tutor_back():
    """Where a session stands in its lesson is read from its log: a move undone is asked again."""
    lesson = load_lesson("victory-through-industry")
    session = lesson.session()
    tutor = Tutor(lesson, session)
    while tutor.step().phase != "Building the complex":  # the draft ends with a reveal: a barrier
        if session.to_move() == lesson.learner:
            session.apply(tutor.expected())
        else:
            session.apply(window_decision(session), by_ai=True)
    done, expected = tutor.done(), tutor.expected()
    session.apply(expected)
    assert tutor.done() == done + 1 and tutor.position()[1] == 1
    assert session.can_undo()
    session.undo()
    assert tutor.done() == done and tutor.expected() == expected


def test_parse_move():
    assert parse_move("acquire(3)", 2) == Action("acquire", 2, (3,))
    assert parse_move('buy_resource("10", steel)', 0) == Action("buy_resource", 0, ("10", "steel"))
    assert parse_move("site(-1,-2)", 0) == Action("site", 0, (-1, -2))
    with pytest.raises(LessonError):
        parse_move("acquire 3", 0)


def test_a_broken_script_is_reported_with_its_step():
    lesson = load_lesson("first-ceo")
    steps = list(lesson.steps)
    steps[2] = dataclasses.replace(steps[2], moves=(Action("acquire", lesson.learner, (9,)),))
    report = check_lesson(dataclasses.replace(lesson, steps=tuple(steps)), window_decision)
    assert not report.ok
    assert report.problems[0].startswith("step 3/13 (Acquire a company), move 1/1 acquire(9)@0 is not legal there")
    assert len(report.lines) == 2


def test_a_lesson_of_the_wrong_shape_is_refused_before_it_is_played():
    lesson = load_lesson("robber-barons")
    short = dataclasses.replace(lesson, steps=lesson.steps[:5], phases=lesson.phases + ("Bankruptcy",))
    problems = lesson_problems(short)
    assert any("5 steps" in p for p in problems)
    assert any("no step teaches the phase 'Bankruptcy'" in p for p in problems)
    seats = list(lesson.seats)
    seats[1] = dataclasses.replace(seats[1], level="hard")
    assert any("non-searching" in p for p in lesson_problems(dataclasses.replace(lesson, seats=tuple(seats))))


def test_a_lesson_that_leaves_nothing_to_play_on_is_refused():
    """After the lesson the learner must be asked again: 1st CEO's lesson ends before the final
    round; with the final round's move added, the game ends with the AIs' last turns."""
    lesson = load_lesson("first-ceo")
    final = Step("Game end", (Action("acquire", lesson.learner, (1,)),), "The final round.", "Why.")
    steps = lesson.steps[:-1] + (dataclasses.replace(lesson.steps[-1], advice=0),)
    report = check_lesson(dataclasses.replace(lesson, steps=steps + (final,)), window_decision)
    assert report.problems == ["after the lesson's last move, the game ends before the learner moves again: "
                               "nothing is left to play on"]


def test_a_listed_concept_without_its_step_fails_the_check():
    """Each concept the lesson lists is taught by a step: without the step, the check fails and
    says which concept is missing (and a step naming a concept the list lacks is a typo)."""
    lesson = load_lesson("big-shoulders")
    concept = "Public Goals"
    assert concept in lesson.concepts
    teaching = [i for i, s in enumerate(lesson.steps) if concept in s.concepts]
    assert teaching
    without = dataclasses.replace(lesson, steps=tuple(s for i, s in enumerate(lesson.steps) if i not in teaching))
    report = check_lesson(without, window_decision)
    assert f"no step teaches the concept {concept!r}" in report.problems
    typo = list(lesson.steps)
    typo[0] = dataclasses.replace(typo[0], concepts=("Pubic Goals",))
    assert any("'Pubic Goals', which is not in the lesson's list" in p
               for p in lesson_problems(dataclasses.replace(lesson, steps=tuple(typo))))


def test_a_lesson_must_ask_for_choices():
    lesson = load_lesson("first-ceo")
    fixed = tuple(dataclasses.replace(s, options=()) if s.options else s for s in lesson.steps)
    problems = lesson_problems(dataclasses.replace(lesson, steps=fixed))
    assert f"the lesson asks the learner to choose 0 times; a lesson asks at least {MIN_CHOICES} times" in problems


def test_every_line_of_play_is_checked_and_a_broken_one_is_named():
    """The check plays each combination of the choices' options: a fixed move that holds only
    on the advised line is found on the other, and the line is named. Here the first choice's
    other option spends $30 on TikTalk, after which the next step's fixed acquisition (which the
    advised line can pay for) is beyond the learner's purse."""
    lesson = load_lesson("first-ceo")
    first = lesson.choices()[0]
    steps = list(lesson.steps)
    choice = steps[first]
    steps[first] = dataclasses.replace(choice, options=(choice.options[0], dataclasses.replace(
        choice.options[1], moves=(parse_move("acquire(1)", lesson.learner),))))
    steps[first + 1] = dataclasses.replace(steps[first + 1], moves=(parse_move("acquire(1)", lesson.learner),))
    report = check_lesson(dataclasses.replace(lesson, steps=tuple(steps)), window_decision)
    assert not report.ok
    assert report.problems[0].startswith(f"where step {first + 1} takes option B: step {first + 2}/"), report.problems
    assert "acquire(1)@0 is not legal there" in report.problems[0]


def test_a_choice_takes_either_option_and_says_what_the_other_would_have_done():
    lesson = load_lesson("first-ceo")
    index = lesson.choices()[0]
    step = lesson.steps[index]
    for option in range(len(step.options)):
        session = lesson.session()
        tutor = Tutor(lesson, session)
        while tutor.position() != (index, 0) or session.to_move() != lesson.learner:
            if session.to_move() == lesson.learner:
                session.apply(tutor.expected())
            else:
                session.apply(window_decision(session), by_ai=True)
            tutor.read()
        move = step.options[option].moves[0]
        assert [m for _, m in tutor.choices()] == [o.moves[0] for o in step.options]
        assert tutor.vet(move) is None  # either option is taken, the advised one or not
        before = session.state.copy()
        session.apply(move)
        assert tutor.holds()  # the AIs wait while the learner reads what the choice did
        assert tutor.vet(Action("dividends", lesson.learner, ())) is not None
        review = tutor.review()
        assert (review.step, review.chosen, review.advised) == (index, option, step.advice)
        assert review.before.state_hash() == before.state_hash()
        other = 1 - option
        expected = before.copy()
        expected.apply(step.options[other].moves[0])
        assert review.after[other].state_hash() == expected.state_hash()
        assert review.lines[option] and review.lines[other]
        tutor.read()
        assert not tutor.holds() and tutor.position()[0] == index + 1


def run_cli(*args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ui.cli", "tutorial", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_the_command_line_check_exits_0_for_a_lesson_that_holds():
    done = run_cli("robber-barons", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the lesson holds: 17 steps teaching 13 concepts, 3 choices (8 lines of play, each checked)" in done.stdout
    probe = subprocess.run([sys.executable, "-c", "import sys; from ui.cli import main; main(['tutorial', "
                            "'first-ceo', '--check']); print('PySide6' in sys.modules)"],
                           capture_output=True, text=True, timeout=120)
    assert probe.stdout.strip().endswith("False"), probe.stdout + probe.stderr


def test_the_command_line_check_exits_1_for_a_broken_lesson(tmp_path):
    import os

    assets = tmp_path / "assets"
    shutil.copytree(assets_dir(), assets, ignore=shutil.ignore_patterns("*.png", "*.svg", "fonts"))
    lesson = assets / "games" / "first-ceo" / "tutorial.toml"
    lesson.write_text(lesson.read_text(encoding="utf-8").replace('moves = ["acquire(0)"]', 'moves = ["acquire(9)"]', 1),
                      encoding="utf-8")
    env = dict(os.environ, TYCOONS_ASSETS=str(assets))
    done = run_cli("first-ceo", "--check", env=env)
    assert done.returncode == 1
    assert "step 3/13" in done.stdout and "is not legal there" in done.stdout
    missing = run_cli("no-such-game", "--check")  # a bad argument, refused before any lesson is read
    assert missing.returncode == 2 and "no game called" in missing.stderr and not missing.stdout


def test_the_command_line_check_fails_when_a_listed_concept_loses_its_step(tmp_path):
    """`tycoons tutorial GAME --check` on a lesson file whose step teaching Public Goals is gone."""
    import os
    import re

    assets = tmp_path / "assets"
    shutil.copytree(assets_dir(), assets, ignore=shutil.ignore_patterns("*.png", "*.svg", "fonts"))
    path = assets / "games" / "big-shoulders" / "tutorial.toml"
    text = path.read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=\[\[step\]\]$)", text)
    kept = [b for b in blocks if 'concepts = ["Public Goals"]' not in b]
    assert len(kept) == len(blocks) - 1
    path.write_text("".join(kept), encoding="utf-8")
    done = run_cli("big-shoulders", "--check", env=dict(os.environ, TYCOONS_ASSETS=str(assets)))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "big-shoulders: no step teaches the concept 'Public Goals'" in done.stdout


def test_lesson_files_mark_their_provenance():
    for game_id in game_ids():
        text = (Path(assets_dir()) / "games" / game_id / "tutorial.toml").read_text(encoding="utf-8")
        assert "designed:" in text and "/work/shared/rules/" in text
