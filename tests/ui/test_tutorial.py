"""Learn to play in the real game window, driven by mouse and keys.

For every game with a lesson: the lesson opens, "Begin" is clicked, and each move is made by a
click on the piece the callout rings (or on the prompt button it rings). At every step each of
the step's pointers is found on the board, ringed inside the board view and not covered by the
bubble. One different move at a fixed step is answered with the lesson's reason (status bar and
callout) and changes nothing. At a choice every option is ringed with its letter; the one taken
is clicked, the AIs wait while the callout says what it did and what the other would have done
(with rings of both), and "Go on" lets the game go on; at a jump "Skip ahead" is clicked. The
lesson is played on the advised line and on the line that takes the other option at every
choice, to its end. "Play on from here" makes it a normal game: the next move is any legal one,
taken with a key, and the game autosaves again. The start screen's "Learn to play" opens a
lesson through its game picker.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication

from ai.core.request import window_decision
from engine.core.tutorial import MOVE_POINTER, has_lesson
from engine.core.tutorial.check import learner_move
from ui.games import playable_specs
from ui.tutorial.coach import LETTERS

LESSONS = [s.id for s in playable_specs() if has_lesson(s.id)]


def test_every_playable_game_has_a_lesson():
    assert LESSONS == [s.id for s in playable_specs()]


def bubble_rect(coach) -> QRect:
    """The bubble's place in the board view's viewport coordinates."""
    port = coach.window.view.viewport()
    return QRect(port.mapFromGlobal(coach.bubble.mapToGlobal(QPoint(0, 0))), coach.bubble.size())


def owns(piece, item) -> bool:
    while item is not None:
        if item is piece:
            return True
        item = item.parentItem()
    return False


def click_point(coach, piece) -> QPoint:
    """A point of the viewport where a click lands on `piece` (the top item there is the piece or
    one of its children) and the bubble is not."""
    view = coach.window.view
    rect = view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
    covered = bubble_rect(coach)
    grid = [(0.5, 0.5)] + [(x / 6, y / 6) for y in range(1, 6) for x in range(1, 6)]
    for fx, fy in grid:
        p = QPoint(int(rect.left() + fx * rect.width()), int(rect.top() + fy * rect.height()))
        if view.viewport().rect().contains(p) and not covered.contains(p) and owns(piece, view.itemAt(p)):
            return p
    raise AssertionError(f"no visible, uncovered point of {type(piece).__name__} to click")


def click(qtbot, coach, piece, action=None) -> None:
    """Click `piece` as a player does: a prompt button, the "More" menu's entry (of `action`,
    default the move the lesson asks for), or a board piece."""
    window = coach.window
    if piece is window.prompt.more:  # the choice is in the menu of the prompt bar's last button
        label = coach.controller.session.label(action or coach.tutor.expected())
        entry = next(a for a in window.prompt.more.menu().actions() if a.text().replace("&&", "&") == label)
        entry.trigger()
    elif isinstance(piece, QAbstractButton):
        assert piece.isVisible() and piece.isEnabled()
        qtbot.mouseClick(piece, Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=click_point(coach, piece))


def wait_for_learner(qtbot, coach) -> None:
    qtbot.waitUntil(lambda: coach.tutor.finished() or coach.tutor.holds()
                    or (coach.learner_to_move() and coach.controller.human_to_move()), timeout=30_000)


def check_pointers(coach) -> None:
    """Every pointer of the step is found, ringed inside the board view, clear of the bubble."""
    coach.follow()
    step = coach.tutor.step()
    for pointer in step.point:
        if pointer == MOVE_POINTER and (coach.tutor.choices() or coach.tutor.expected() is None):
            continue  # a choice rings its options; a free step may have no suggestion on this line
        assert coach.resolve(pointer) is not None, f"{step.phase}: {pointer} is not found on the board"
    found = coach.pointed()
    area = coach.board_area()
    bubble = coach.bubble.geometry()
    for pointer, piece in found:
        rect = coach.piece_rect(piece)
        assert not rect.isEmpty(), f"{pointer} is not on screen"
        if not isinstance(piece, QAbstractButton):
            assert area.intersects(rect), f"{pointer} is outside the board view"
        assert not bubble.intersects(rect), f"the bubble covers {pointer} ({step.phase})"
    assert coach.layer.rings, "nothing is ringed"


def a_different_move(coach):
    """A legal move other than the lesson's, with a piece (not hidden by the bubble: a board that
    fills its view leaves the bubble no empty table to sit on) or button to click, or None."""
    c = coach.controller
    expected = coach.tutor.expected()
    for action in c.legal:
        if action == expected:
            continue
        scene = coach.window.view.scene()
        item = scene.item_for(action)
        if item is not None and item.isVisible():
            try:
                click_point(coach, item)
            except AssertionError:
                continue  # under the bubble
            return action, item
        button = coach.window.prompt.button_for(action)
        if button is not None and button.isVisible():
            return action, button
    return None


def take_choice(qtbot, coach, option: int, watch=None) -> None:
    """At a choice: every option is ringed with its letter; click the piece of `option`, then
    (an option of several moves) its following moves, each by its ringed piece. `watch(coach)` is
    called before each click."""
    choices = coach.tutor.choices()
    assert len(choices) >= 2
    coach.follow(force=True)
    assert sorted(letter for letter in coach.layer.letters if letter) == [LETTERS[k] for k, _ in choices]
    assert "your choice" in coach.bubble.head.text() and coach.bubble.ask.text().startswith("Choose ")
    move = dict(choices)[option]
    step = coach.tutor.position()[0]
    length = len(coach.controller.session.log)
    for _ in range(3):  # a board that takes a choice in two clicks offers the next piece towards it
        piece = coach.move_piece(move)
        assert piece is not None, f"option {LETTERS[option]} ({move}) has nothing to click"
        if watch is not None:
            watch(coach)
        click(qtbot, coach, piece, move)
        qtbot.waitUntil(lambda p=piece: len(coach.controller.session.log) > length or coach.move_piece(move) is not p,
                        timeout=10_000)
        if len(coach.controller.session.log) > length:
            break
    assert coach.controller.session.log[length].action == move
    while not coach.tutor.holds() and coach.tutor.position() and coach.tutor.position()[0] == step:
        click_expected(qtbot, coach)


def click_expected(qtbot, coach) -> None:
    """Make the move the lesson asks for by a click on its ringed piece (a free step: the move of a
    learner who follows the lesson, as the check plays it)."""
    expected = coach.tutor.expected()
    if expected is None:
        step = coach.tutor.step()
        assert step.free, f"nothing to click at {step.phase}"
        expected, _ = learner_move(coach.controller.session, coach.tutor, step, coach.tutor.place(), {},
                                   window_decision)
    piece = coach.move_piece(expected)
    assert piece is not None, f"nothing to click for {expected}"
    # a free step rings no piece of a move it does not suggest, but the bubble leaves it free too
    assert clickable(coach, piece), f"the bubble covers the piece of {coach.controller.session.label(expected)}"
    done = coach.tutor.done()
    click(qtbot, coach, piece, expected)
    # a move is made, or (a board that takes a choice in two clicks) the next piece is offered
    qtbot.waitUntil(lambda: coach.tutor.done() > done or coach.move_piece(expected) is not piece, timeout=10_000)


def clickable(coach, piece) -> bool:
    """A prompt button, or a board piece with a point the bubble does not cover."""
    if piece is None or isinstance(piece, QAbstractButton):
        return piece is not None
    try:
        click_point(coach, piece)
    except AssertionError:
        return False
    return True


def click_any(qtbot, coach) -> None:
    """A move of the learner's own, between the lesson's steps: the one the AI would make in their
    place, by its piece or button (else the first legal move that has one)."""
    c = coach.controller
    mine = window_decision(c.session)
    candidates = [mine] + [a for a in c.legal if a != mine]
    # the bubble leaves the pieces of the learner's moves free (tests/ui/test_lesson_bubble.py):
    # the move the AI would make is clicked on its piece
    action, piece = next((a, p) for a, p in ((a, coach.move_piece(a)) for a in candidates) if p is not None)
    assert clickable(coach, piece), f"the bubble covers the piece of {c.session.label(action)}"
    length = len(c.session.log)
    click(qtbot, coach, piece, action)
    qtbot.waitUntil(lambda: len(c.session.log) > length or coach.move_piece(action) is not piece, timeout=10_000)


def read_review(qtbot, coach, option: int) -> None:
    """After a choice: the AIs wait, the callout says what the choice did and what the other
    would have done, the board rings what it changed; "Go on" lets the game go on."""
    c = coach.controller
    review = coach.tutor.review()
    assert review is not None and review.chosen == option
    length = len(c.session.log)
    qtbot.wait(30)
    assert len(c.session.log) == length, "an AI moved while the learner read what their choice did"
    bubble = coach.bubble
    assert bubble.title.text().startswith(f"You chose {LETTERS[option]}: ")
    assert bubble.go_on_button.isVisible()
    step = coach.lesson.steps[review.step]
    chosen_did = coach.tutor.words(step.options[option].did)
    assert bubble.body.text().startswith(chosen_did)
    for k, other in enumerate(step.options):
        if k != option:
            assert f"Had you chosen {LETTERS[k]}" in bubble.why.text()
            assert coach.tutor.words(other.did) in bubble.why.text()
    assert ("The lesson suggested" in bubble.feedback.text()) == (option != step.advice)
    coach.follow(force=True)
    # what the choice changed and what the other would have (a payout changes only money, drawn in
    # words: then only the other's rings show)
    assert {"did", "other"} & set(coach.layer.styles), "nothing either option changed is ringed on the board"
    qtbot.mouseClick(bubble.go_on_button, Qt.MouseButton.LeftButton)
    assert not coach.tutor.holds()


def play_lesson(qtbot, coach, pick=None, check=True, watch=None) -> dict:
    """Play the lesson to its end through the window; `pick(step)` is the option taken at each
    choice (default: the advised one); `watch(coach)` is called whenever the learner is to click
    (tests/ui/test_lesson_bubble.py measures the bubble there). Returns what was seen: choices
    taken, different moves answered, jumps made."""
    c = coach.controller
    messages: list[str] = []
    c.status.connect(messages.append)
    seen = {"choices": [], "wrong": False, "jumps": 0}
    clicks = 0
    while not coach.tutor.finished() or coach.tutor.holds():
        wait_for_learner(qtbot, coach)
        if coach.tutor.holds():
            read_review(qtbot, coach, seen["choices"][-1][1])
            continue
        if coach.tutor.finished():
            break
        step = coach.tutor.step()
        if watch is not None and not step.jump:
            watch(coach)
        if not coach.tutor.due():  # the lesson waits for a later part of the game: any move of the learner's
            assert coach.bubble.title.text() == "Your own moves" and not coach.layer.rings
            click_any(qtbot, coach)
            continue
        if check:
            check_pointers(coach)
        if step.jump:
            at = coach.tutor.position()[0]
            assert coach.bubble.skip_button.isVisible()
            qtbot.mouseClick(coach.bubble.skip_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda a=at: coach.tutor.finished() or coach.tutor.position()[0] > a, timeout=60_000)
            seen["jumps"] += 1
            continue
        if coach.tutor.choices():
            index = coach.tutor.position()[0]
            option = pick(index) if pick else step.advice
            seen["choices"].append((index, option))
            take_choice(qtbot, coach, option, watch)
            continue
        if not seen["wrong"] and step.kind == "fixed":
            other = a_different_move(coach)
            if other is not None:
                action, piece = other
                before, length = c.session.state.state_hash(), len(c.session.log)
                messages.clear()
                click(qtbot, coach, piece)
                qtbot.waitUntil(lambda: bool(messages), timeout=5_000)
                reason = c.refusal(action)
                assert reason.startswith("The lesson asks for"), reason
                assert messages == [reason]
                assert coach.bubble.feedback.isVisible() and coach.bubble.feedback.text() == reason
                assert c.session.state.state_hash() == before and len(c.session.log) == length
                seen["wrong"] = True
                if watch is not None:  # the refused click and the next are clicks of one decision
                    watch(coach)
        click_expected(qtbot, coach)
        clicks += 1
        assert clicks < 2_000, "the lesson does not advance"
    return seen


def finish_and_play_on(qtbot, coach) -> None:
    """The lesson's end: "Play on from here" makes it a normal game, the next move by a key."""
    window = coach.window
    c = coach.controller
    assert not c.session.is_over()
    qtbot.waitUntil(lambda: coach.bubble.play_on_button.isVisible(), timeout=5_000)
    assert coach.bubble.feedback.text() == ""
    # before playing on, a move waits for the learner's choice to play on
    qtbot.waitUntil(lambda: c.human_to_move(), timeout=30_000)
    assert c.refusal(c.legal[0]).startswith("The lesson is over")
    qtbot.mouseClick(coach.bubble.play_on_button, Qt.MouseButton.LeftButton)
    assert c.lesson is None and c.autosave_enabled
    assert window.coach is None
    # a normal game now: any legal move, here the first prompt choice by its key
    qtbot.waitUntil(lambda: c.human_to_move(), timeout=30_000)
    length = len(c.session.log)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_1)
    qtbot.waitUntil(lambda: len(c.session.log) > length, timeout=10_000)
    assert c.session.log[length].action.seat == coach.lesson.learner


def open_lesson(shell, qtbot, game_id, size=(1280, 720)):
    window = shell.start_lesson(game_id)
    assert window is not None
    window.resize(*size)
    qtbot.waitExposed(window)
    coach = window.coach
    c = window.controller
    assert c.lesson is coach.tutor and not c.autosave_enabled
    assert coach.bubble.begin_button.isVisible()
    qtbot.mouseClick(coach.bubble.begin_button, Qt.MouseButton.LeftButton)
    return window, coach


@pytest.mark.parametrize("size", [(1280, 720), (1024, 700)], ids=["1280x720", "1024x700"])
@pytest.mark.parametrize("game_id", LESSONS)
def test_a_lesson_played_by_mouse_through_to_play_on(shell, qtbot, game_id, size):
    """At a laptop's 1280×720 and the smallest supported 1024×700: the boards are laid out by
    panels for their room, and the callouts must still find and ring their pieces there. The
    advised option is taken at every choice."""
    window, coach = open_lesson(shell, qtbot, game_id, size)
    seen = play_lesson(qtbot, coach)
    assert seen["wrong"], "no different move was offered anywhere in the lesson"
    assert [s for s, _ in seen["choices"]] == coach.lesson.choices()
    assert seen["jumps"] == sum(1 for s in coach.lesson.steps if s.jump)
    finish_and_play_on(qtbot, coach)


@pytest.mark.parametrize("game_id", LESSONS)
def test_a_lesson_taken_against_its_advice_at_every_choice(shell, qtbot, game_id):
    """A choice against the lesson's advice is taken, explained (what it did, what the advised one
    would have done, and the advice), and the lesson goes on from the position it reached, to its
    end and beyond."""
    window, coach = open_lesson(shell, qtbot, game_id)
    steps = coach.lesson.steps
    seen = play_lesson(qtbot, coach, pick=lambda i: (steps[i].advice + 1) % len(steps[i].options))
    # every choice is asked (one a line of play left without all its options open may be passed over)
    assert {i for i, _ in seen["choices"]} >= {i for i in coach.lesson.choices() if not steps[i].optional}
    assert seen["choices"] and all(option != steps[i].advice for i, option in seen["choices"])
    finish_and_play_on(qtbot, coach)


def test_learn_to_play_from_the_start_screen(shell, qtbot):
    """The start screen's button, its game picker, and the lesson's introduction."""
    from ui.dialogs.help_window import GamePicker

    shell.show_start()
    qtbot.waitExposed(shell.start)
    choose = LESSONS[-1]

    def pick():
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, GamePicker) and w.isVisible())
        assert dialog.windowTitle() == "Learn to play"
        dialog.list.setCurrentRow([s.id for s in dialog.specs].index(choose))
        dialog.accept()

    QTimer.singleShot(200, pick)
    qtbot.mouseClick(shell.start.learn_button, Qt.MouseButton.LeftButton)
    window = shell.window
    assert window is not None and window.coach is not None
    assert window.controller.session.spec.id == choose
    bubble = window.coach.bubble
    assert bubble.begin_button.isVisible() and bubble.title.text() == "How this lesson works"
    assert not shell.start.isVisible()


def test_undo_steps_the_lesson_back(shell, qtbot):
    """The lesson follows the game's log: a move taken back is asked for again."""
    window = shell.start_lesson("victory-through-industry")
    coach = window.coach
    coach.begin()
    wait_for_learner(qtbot, coach)
    c = window.controller
    # the first placements follow one another without an AI move between them: undoable
    while coach.tutor.step().phase != "Building the complex":
        assert c.take(coach.tutor.expected())
        qtbot.waitUntil(lambda: coach.learner_to_move() and c.human_to_move(), timeout=30_000)
    done = coach.tutor.done()
    click(qtbot, coach, coach.move_piece(coach.tutor.expected()))
    qtbot.waitUntil(lambda: coach.tutor.done() == done + 1, timeout=5_000)
    assert c.undo_stack.canUndo()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: coach.tutor.done() == done, timeout=5_000)
    assert coach.bubble.ask.text().startswith("Your move: " + c.session.label(coach.tutor.expected()))


def test_a_lesson_does_not_touch_the_autosave_until_it_is_played_on(shell, qtbot, data_dir):
    """A newcomer's game in progress stays what Continue resumes while a lesson runs."""
    from saves.autosaving import autosave_path

    window = shell.start_lesson("first-ceo")
    coach = window.coach
    coach.begin()
    wait_for_learner(qtbot, coach)
    c = window.controller
    assert c.take(coach.tutor.expected())
    qtbot.waitUntil(lambda: coach.tutor.done() == 1, timeout=5_000)
    qtbot.wait(50)
    c.flush_autosave()
    assert not autosave_path().exists()
    coach.play_on()
    qtbot.waitUntil(lambda: c.human_to_move(), timeout=30_000)
    assert c.take(c.legal[0])
    qtbot.waitUntil(lambda: autosave_path().exists(), timeout=5_000)


def test_every_pointer_names_a_move_or_a_key():
    from engine.core.tutorial import load_lesson

    for game_id in LESSONS:
        for step in load_lesson(game_id).steps:
            for pointer in step.point:
                assert pointer == MOVE_POINTER or (isinstance(pointer, tuple) and pointer), (game_id, pointer)


def test_the_bubble_folds_to_what_to_do(shell, qtbot):
    """A small window's board needs the room: the toggle hides the explanation, keeps the move,
    and the choice holds at the next step."""
    window = shell.start_lesson("first-ceo")
    window.resize(1024, 700)
    qtbot.waitExposed(window)
    coach = window.coach
    coach.begin()
    wait_for_learner(qtbot, coach)
    bubble = coach.bubble
    tall = bubble.height()
    qtbot.mouseClick(bubble.toggle, Qt.MouseButton.LeftButton)
    assert bubble.body.isHidden() and bubble.why.isHidden() and bubble.ask.isVisible()
    assert bubble.height() < tall
    check_pointers(coach)
    c = window.controller
    assert c.take(coach.tutor.expected())
    wait_for_learner(qtbot, coach)
    qtbot.waitUntil(lambda: bubble.head.text().startswith("Step 2"), timeout=5_000)
    assert bubble.body.isHidden() and bubble.ask.text().startswith("Your move:")
    qtbot.mouseClick(bubble.toggle, Qt.MouseButton.LeftButton)
    assert bubble.body.isVisible() and bubble.why.isVisible()
