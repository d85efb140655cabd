"""Keyboard-only play: Tab and Shift+Tab cycle the legal choices (the board's pieces
in reading order, then the prompt's buttons), the piece in focus glows, Enter or Space takes it,
Esc backs out, Help → Keyboard lists every shortcut, and a whole game of each kind is played to
its end with key events alone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from ui.games import playable_specs

GAMES = [s.id for s in playable_specs()]
NO_BOUND = {"robber-barons": {"turn_limit": 0}, "victory-through-industry": {"max_rounds": 0}}
"""The safety bounds switched off (0: no limit), so a keyboard game ends only as its rules end it."""


def open_window(shell, qtbot, game, seats=None, options=None, seed=3):
    seats = seats or [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    spec = next(s for s in playable_specs() if s.id == game)
    seats = seats[: max(spec.min_players, min(len(seats), spec.max_players))]
    while len(seats) < spec.min_players:
        seats.append(SeatInfo(f"AI {len(seats)}", "ai", "easy"))
    window = shell.start_game(game, seats, options or {}, seed)
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    return window


def key(qtbot, window, k, mods=Qt.KeyboardModifier.NoModifier):
    target = QApplication.focusWidget() or window.view
    qtbot.keyClick(target, k, mods)


def wait_turn(qtbot, window, timeout=20_000):
    c = window.controller
    qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over() or c.curtain_up or c.confirm_pending(),
                    timeout=timeout)


def test_tab_cycles_the_legal_choices_pieces_first_and_the_piece_glows(shell, qtbot, settings):
    window = open_window(shell, qtbot, "first-ceo")
    wait_turn(qtbot, window)
    kb, c = window.keyboard, window.controller
    options = kb.choices()
    assert {ch.action for ch in options} == set(c.legal)  # every legal decision, once
    on_board = [ch for ch in options if ch.piece is not None]
    assert on_board and options[: len(on_board)] == on_board  # the board's pieces first
    assert kb.focus is None and not window.follower.spot.keys("focus")  # no ring until Tab
    seen = []
    for _ in range(len(options)):
        key(qtbot, window, Qt.Key.Key_Tab)
        seen.append(kb.focus.action)
        if kb.focus.piece is not None:
            assert window.follower.spot.keys("focus") == {kb.focus.action}  # it glows
        elif kb.focus.button is not None and kb.focus.button.isVisible():
            assert QApplication.focusWidget() is kb.focus.button
    assert seen == [ch.action for ch in options]
    key(qtbot, window, Qt.Key.Key_Tab)
    assert kb.focus.action == options[0].action  # round again
    key(qtbot, window, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert kb.focus.action == options[-1].action
    assert "Choice" in window.view.accessibleDescription() and options[-1].label in window.view.accessibleDescription()
    key(qtbot, window, Qt.Key.Key_Escape)
    assert kb.focus is None and not window.follower.spot.keys("focus")
    # Enter takes the choice in focus, as its click would
    key(qtbot, window, Qt.Key.Key_Tab)
    chosen = kb.focus.action
    n = len(c.session.log)
    key(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(c.session.log) > n, timeout=2000)
    assert c.session.log[n].action == chosen


def panel_under(scene, piece) -> str:
    """The panel whose place in the board's arrangement holds the middle of `piece` (by geometry)."""
    mid = piece.sceneBoundingRect().center()
    for name in scene.panel_order():
        x, y, w, h = scene.arrangement.rects[name]
        if x - 1 <= mid.x() <= x + w + 1 and y - 1 <= mid.y() <= y + h + 1:
            return name
    raise AssertionError(f"{piece} lies in no panel of the board")


@pytest.mark.parametrize("game", GAMES)
def test_tab_follows_the_panels_of_the_board_as_laid_out(shell, qtbot, settings, game):
    """Every board: Tab meets the pieces panel by panel in the layout's reading order, and within
    a panel never goes back up to a piece wholly above the last, at whatever size the window
    lays the board out; the prompt's own choices come after the board's. Each piece in focus is
    in sight, and a board shown whole does not scroll for it."""
    window = open_window(shell, qtbot, game)
    c = window.controller
    seen = 0
    for size in ((1280, 720), (1024, 700), (1900, 1000)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: window.size().width() == size[0], timeout=2000)
        for _ in range(3):
            wait_turn(qtbot, window)
            if c.session.is_over():
                break
            scene = window.view.scene()
            options = window.keyboard.choices()
            assert {ch.action for ch in options} >= set(c.legal)
            on_board = [ch for ch in options if ch.piece is not None]
            assert options[: len(on_board)] == on_board
            order = scene.panel_order()
            panels = [order.index(panel_under(scene, ch.piece)) for ch in on_board]
            assert panels == sorted(panels), f"{game} at {size}: Tab jumps between panels"
            for a, b, pa, pb in zip(on_board, on_board[1:], panels, panels[1:], strict=False):
                if pa == pb:
                    assert b.piece.sceneBoundingRect().bottom() > a.piece.sceneBoundingRect().top(), \
                        f"{game} at {size}: Tab goes up from {a.label!r} to {b.label!r}"
            seen += len(on_board)
            n = len(c.session.log)
            key(qtbot, window, Qt.Key.Key_Escape)  # no focus: the first Tab goes to the first choice
            # each piece Tab reaches is in sight; a board shown whole does not move for it
            view = window.view
            bars = view.horizontalScrollBar(), view.verticalScrollBar()
            whole = view.viewport().rect().contains(view.mapFromScene(scene.sceneRect()).boundingRect())
            for _ in range(len(options)):
                scrolled = [b.value() for b in bars]
                key(qtbot, window, Qt.Key.Key_Tab)
                piece = window.keyboard.focus.piece
                if piece is not None:
                    assert view.viewport().rect().contains(view.mapFromScene(piece.sceneBoundingRect()).boundingRect())
                    if whole:
                        assert [b.value() for b in bars] == scrolled, f"{game} at {size}: Tab moved the board"
            key(qtbot, window, Qt.Key.Key_Tab)  # round to the first choice
            key(qtbot, window, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda n=n: len(c.session.log) > n or c.session.is_over(), timeout=5000)
    assert seen > 0


def test_the_prompt_and_choices_read_as_text(shell, qtbot, settings):
    window = open_window(shell, qtbot, "first-ceo")
    wait_turn(qtbot, window)
    text = window.keyboard.choices_text()
    assert window.prompt.label.text() in text
    for ch in window.keyboard.choices():
        assert ch.label in text
    assert window.prompt.accessibleDescription() == text
    window.act_as_text.trigger()
    shown = window._help_windows[-1]
    assert shown.text.toPlainText() == text


def test_help_keyboard_lists_every_shortcut(shell, qtbot, settings):
    from PySide6.QtGui import QAction

    window = open_window(shell, qtbot, "first-ceo")
    window.show_shortcuts()
    listed = window._help_windows[-1].browser.toPlainText()
    assert window._help_windows[-1].windowTitle() == "Keyboard"
    actions = [a for a in window.findChildren(QAction) if not a.shortcut().isEmpty()]
    assert len(actions) >= 15
    for act in actions:
        for k in act.shortcuts():
            assert k.toString() in listed, f"{act.text()} ({k.toString()}) is not listed"
    for k in ("Tab", "Shift+Tab", "Enter", "Esc", "Ctrl+,", "Ctrl+T", "Space"):
        assert k in listed


def play_by_keys(qtbot, window, rng: Rng, max_decisions: int) -> int:
    """Play the human seats with key events alone: Tab a few times, then Enter (Space lifts a
    curtain, Enter confirms a turn). Returns the human decisions made."""
    c = window.controller
    made = 0
    while not c.session.is_over() and made < max_decisions:
        wait_turn(qtbot, window)
        if c.session.is_over():
            break
        if window.curtain.isVisible():
            window.curtain._shown_at = -1e9 if hasattr(window.curtain, "_shown_at") else 0  # armed at once
            qtbot.keyPress(window.curtain, Qt.Key.Key_Space)
            qtbot.keyRelease(window.curtain, Qt.Key.Key_Space)
            qtbot.waitUntil(lambda: not window.curtain.isVisible(), timeout=2000)
            continue
        if c.confirm_pending():
            key(qtbot, window, Qt.Key.Key_Return)
            continue
        n = len(c.session.log)
        steps = 1 + rng.randbelow(min(4, max(1, len(window.keyboard.choices()))))
        for _ in range(steps):
            key(qtbot, window, Qt.Key.Key_Tab)
        assert window.keyboard.focus is not None, "Tab found no choice on the human's turn"
        key(qtbot, window, Qt.Key.Key_Return if made % 2 else Qt.Key.Key_Space)
        qtbot.waitUntil(lambda n=n: len(c.session.log) > n or c.session.is_over(), timeout=5000)
        made += 1
    return made


def play_as_an_ai_by_keys(qtbot, window, level: str, max_decisions: int) -> int:
    """Play the human seat with key events alone, choosing as the `level` AI would: Tab until the
    choice it names is in focus, then Enter or Space (Enter also confirms a turn). So the game is
    a real one that ends by its rules, and every choice the AI makes is shown to be reachable by
    Tab. Returns the human decisions made."""
    from ai.core.worker import decide

    c = window.controller
    made = 0
    while not c.session.is_over() and made < max_decisions:
        wait_turn(qtbot, window)
        if c.session.is_over():
            break
        if c.confirm_pending():
            key(qtbot, window, Qt.Key.Key_Return)
            continue
        options = window.keyboard.choices()
        assert {ch.action for ch in options} >= set(c.legal), "a legal decision Tab does not reach"
        wanted = decide(c.session, level=level)
        for _ in range(len(options) + 1):
            key(qtbot, window, Qt.Key.Key_Tab)
            if window.keyboard.focus.action == wanted:
                break
        assert window.keyboard.focus.action == wanted, f"Tab never reached {c.session.label(wanted)!r}"
        n = len(c.session.log)
        key(qtbot, window, Qt.Key.Key_Return if made % 2 else Qt.Key.Key_Space)
        qtbot.waitUntil(lambda n=n: len(c.session.log) > n or c.session.is_over(), timeout=5000)
        assert c.session.log[n].action == wanted
        made += 1
    return made


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_with_the_keyboard_alone(shell, qtbot, settings, game):
    """Against an Easy AI, at Instant pace, with no safety bound: the game ends by its rules."""
    window = open_window(shell, qtbot, game, [SeatInfo("You"), SeatInfo("Ann", "ai", "easy")],
                         options=NO_BOUND.get(game))
    made = play_as_an_ai_by_keys(qtbot, window, "easy", 3000)
    assert window.controller.session.is_over(), f"{game}: not over after {made} decisions by keys"
    assert made > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_hot_seat_game_with_the_keyboard_alone(shell, qtbot, settings, game):
    settings.set("confirm_turn", True)
    window = open_window(shell, qtbot, game, [SeatInfo("You"), SeatInfo("Ann"), SeatInfo("Bob", "ai", "easy")])
    made = play_by_keys(qtbot, window, Rng(5), 3000)
    assert window.controller.session.is_over(), f"{game}: not over after {made} decisions by keys"


def test_esc_backs_out_of_a_choice_of_the_screen(shell, qtbot, settings):
    """Esc closes a complex opened large (Victory Through Industry) and drops the focus."""
    window = open_window(shell, qtbot, "victory-through-industry", [SeatInfo("You"), SeatInfo("Ann", "ai", "easy")])
    wait_turn(qtbot, window)
    scene = window.view.scene()
    scene.open_complex(1)
    assert scene.focus == 1
    key(qtbot, window, Qt.Key.Key_Tab)
    assert window.keyboard.focus is not None
    window.view.setFocus()
    key(qtbot, window, Qt.Key.Key_Escape)
    assert scene.focus is None and window.keyboard.focus is None
