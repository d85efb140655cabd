"""Small windows: at 1024×700 the board gets the window (the players dock
stays closed where the board has its own mats, the log opens from the status bar), the prompt bar
is as tall as its content with one row of buttons; a large window shows the log; the window
remembers its size, position and the docks the player opened or closed between runs, and the
new-game dialog the last game's seats."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt

from engine.core.contract import Action, SeatInfo
from ui.games import playable_specs
from ui.panels.prompt_bar import PromptBar


def seats() -> list[SeatInfo]:
    return [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]


def open_small(shell, qtbot, game_id):
    window = shell.start_game(game_id, seats(), {}, 3)
    window.resize(1024, 700)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.controller.human_to_move(), timeout=10_000)
    qtbot.wait(1)
    return window


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_small_window_gives_the_board_most_of_the_room(shell, qtbot, game_id):
    window = open_small(shell, qtbot, game_id)
    has_mats = getattr(window.game, "BOARD_HAS_MATS", False)
    assert window.players_dock.isHidden() == has_mats  # the board's own mats say it all
    assert window.log_dock.isHidden()
    assert window.log_button.isVisible() and not window.log_button.isChecked()
    view = window.view.viewport()
    share = view.width() * view.height() / (window.width() * window.height())
    least = 0.75 if has_mats else 0.55
    assert share > least, f"the board has only {share:.0%} of the window"
    # the whole board is on screen at the default fit
    board = window.view.mapFromScene(window.view.scene().itemsBoundingRect()).boundingRect()
    assert view.rect().adjusted(-2, -2, 2, 2).contains(board)
    # the prompt bar is no taller than its content, and its choices take two rows at most
    prompt = window.prompt
    qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)
    assert len({b.y() for b in prompt.buttons if b.isVisible()}) <= 1
    # the log opens from the status bar's button, beside the board
    qtbot.mouseClick(window.log_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.log_dock.isHidden(), timeout=2000)
    assert window.dockWidgetArea(window.log_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    qtbot.mouseClick(window.log_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(window.log_dock.isHidden, timeout=2000)
    # a large window shows the log unless the player closed it; under the board of a window
    # not much wider than tall, beside the board of a wide one
    window.settings.set("log_dock", "auto")
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: not window.log_dock.isHidden(), timeout=2000)
    assert window.dockWidgetArea(window.log_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
    window.resize(1900, 1000)
    qtbot.wait(1)
    assert window.dockWidgetArea(window.log_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.players_dock.isHidden() == has_mats


def test_prompt_bar_drops_its_button_row_when_there_is_nothing_to_click(shell, qtbot):
    window = open_small(shell, qtbot, "first-ceo")
    prompt = window.prompt
    with_buttons = prompt.sizeHint().height()
    prompt.set_prompt("Waiting for Ann…", [], [])
    assert prompt.sizeHint().height() < with_buttons
    qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)  # a layout pass


def test_choices_beyond_two_rows_go_under_more(qtbot):
    from engine.core.contract import Action
    from ui.panels.prompt_bar import PromptBar

    bar = PromptBar()
    qtbot.addWidget(bar)
    bar.resize(700, 200)
    bar.show()
    actions = [Action("acquire", 0, (i,)) for i in range(30)]
    labels = [f"Acquire the company number {i}" for i in range(30)]
    chosen = []
    bar.chosen.connect(chosen.append)
    bar.set_prompt("Choose", actions, labels)
    qtbot.wait(10)  # a layout pass places the buttons
    visible = [b for b in bar.buttons if b.isVisibleTo(bar)]
    assert 0 < len(visible) < 30 and bar.more.isVisibleTo(bar)
    rows = {b.y() for b in visible}
    assert len(rows) <= PromptBar.MAX_ROWS
    menu = bar.more.menu().actions()
    assert [a.text() for a in menu] == labels[len(visible):]
    menu[-1].trigger()
    assert chosen == [actions[-1]]
    # few choices: no More button
    bar.set_prompt("Choose", actions[:2], labels[:2])
    assert not bar.more.isVisibleTo(bar) and all(b.isVisibleTo(bar) for b in bar.buttons)


def test_window_remembers_size_place_and_docks_between_runs(shell, qtbot, settings):
    window = open_small(shell, qtbot, "first-ceo")
    # (within the offscreen platform's 800×600 screen: restoreGeometry keeps a window on screen)
    window.resize(780, 560)
    window.move(10, 12)
    window.set_dock_layout("split")  # the player's own choice overrides the default place
    # the player opens both docks from the View menu: the players dock a small board would
    # close, and the log
    window.players_dock.toggleViewAction().trigger()
    window.log_dock.toggleViewAction().trigger()
    qtbot.wait(1)
    assert window.players_dock.isVisible() and window.log_dock.isVisible()
    window.close()
    assert settings.get("window_geometry") and settings.get("window_state")
    assert (settings.get("players_dock"), settings.get("log_dock")) == ("shown", "shown")
    shell.window = None
    again = shell.start_game("first-ceo", seats(), {}, 4)
    qtbot.waitExposed(again)
    assert again is not window
    assert (again.width(), again.height()) == (780, 560)
    # (the offscreen platform adds a made-up title bar to the restored place)
    assert again.x() == window.x() and abs(again.y() - window.y()) <= 16
    assert again.players_dock.isVisible() and again.log_dock.isVisible()
    assert not again.act_tabs.isChecked()
    assert again.log_dock not in again.tabifiedDockWidgets(again.players_dock)
    # closed with its own ✕, the players dock stays closed
    again.players_dock.close()
    assert settings.get("players_dock") == "hidden"


def test_new_game_dialog_remembers_the_last_games_seats(shell, qtbot, settings, monkeypatch):
    from ui.dialogs.new_game import NewGameDialog

    chosen = [SeatInfo("Zoe"), SeatInfo("Ann", "ai", "hard"), SeatInfo("Max")]
    seen: list[NewGameDialog] = []

    def accept_with_three(dialog):
        seen.append(dialog)
        if len(seen) == 1:
            dialog.select_game("robber-barons")
            dialog.set_seats(chosen)
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept_with_three)
    window = shell.new_game()
    assert window.controller.session.spec.id == "robber-barons"
    window.controller.close()
    shell.ask_save = lambda parent: __import__("PySide6.QtWidgets").QtWidgets.QMessageBox.StandardButton.Discard
    shell.new_game()
    second = seen[1]
    assert second.spec.id == "robber-barons"
    assert second.choice()[1] == chosen


LONG_PROMPT = ("Ann: a long instruction that a small window cannot show on two lines, "
               + "with one more clause to read before the choice, " * 6 + "and its end.")


def open_hot_seat(shell, qtbot, game_id):
    """A hot-seat game (humans only) at 1024×700, the first player's curtain lifted."""
    spec = next(s for s in playable_specs() if s.id == game_id)
    names = ["Ann", "Ben", "Cid", "Dee"][: max(2, spec.min_players)]
    window = shell.start_game(game_id, [SeatInfo(n) for n in names], {}, 5)
    window.resize(1024, 700)
    qtbot.waitExposed(window)
    c = window.controller
    if c.curtain_up:
        window.curtain.lift()
    qtbot.waitUntil(c.human_to_move, timeout=10_000)
    qtbot.wait(1)
    return window


def board_in_view(view) -> bool:
    board = view.viewportTransform().mapRect(view.board_rect())
    return QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1).contains(board)


def grow_the_prompt(window, qtbot):
    """The prompt bar from its smallest (a short line, no choices: the hot-seat curtain's "Pass
    the computer to Ben") to its largest (a long instruction and more choices than a row)."""
    prompt = window.prompt
    actions = [Action("choice", 0, (i,)) for i in range(30)]
    labels = [f"Take the choice number {i} of this long list" for i in range(30)]
    prompt.set_prompt(LONG_PROMPT, actions, labels)
    qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)
    qtbot.wait(1)


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_a_growing_prompt_bar_never_covers_the_board(shell, qtbot, game_id):
    window = open_hot_seat(shell, qtbot, game_id)
    view, prompt = window.view, window.prompt
    prompt.set_prompt("Pass the computer to Ben.", [], [])
    qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)
    view.fit()  # as when the window opened behind the curtain
    small = prompt.height()
    assert board_in_view(view)
    corner = view.viewport().mapTo(window, view.mapFromScene(view.board_rect().topLeft()))
    scale = view.transform().m11()
    laid_out = dict(view.scene().arrangement.rects) if view.scene().arrangement else None
    grow_the_prompt(window, qtbot)
    assert prompt.height() > small + prompt.row_height()  # it did grow: a row of buttons and a line
    # the instruction keeps to two lines, the whole of it in the tooltip
    assert prompt.label.lines() <= PromptBar.MAX_LINES
    assert prompt.label.text().endswith("…") and prompt.label.toolTip() == LONG_PROMPT
    assert len({b.y() for b in prompt.buttons if b.isVisible()}) <= PromptBar.MAX_ROWS
    # within the room kept above the board: the board neither moves nor shrinks, nor is it
    # laid out again (the layout follows the window, never the prompt bar: ARCHITECTURE §5)
    assert board_in_view(view), "the prompt bar covers the top of the board"
    assert view.transform().m11() == pytest.approx(scale)
    if laid_out is not None:
        assert view.scene().arrangement.rects == laid_out
    # and the bar comes and goes around a board that holds still
    for _ in range(2):
        prompt.set_prompt("Pass the computer to Ann.", [], [])
        qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)
        qtbot.wait(1)
        grow_the_prompt(window, qtbot)
        assert board_in_view(view), "the prompt bar covers the top of the board"
        after = view.viewport().mapTo(window, view.mapFromScene(view.board_rect().topLeft()))
        assert (after - corner).manhattanLength() <= 1


def test_the_board_is_fitted_again_when_the_layout_takes_more_than_the_room_left(shell, qtbot):
    window = open_hot_seat(shell, qtbot, "big-shoulders")
    view, prompt = window.view, window.prompt
    window.resize(2400, 700)  # a wide, low window: the board's height is what limits its size
    qtbot.wait(1)
    prompt.set_prompt("Pass the computer to Ben.", [], [])
    qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)
    view.growth_room = lambda: 0  # a fit that leaves no room above the board
    view.fit()
    scale = view.transform().m11()
    board = view.viewportTransform().mapRect(view.board_rect())
    assert board.height() >= view.viewport().height() - 2 * view.FIT_MARGIN - 2  # (as the test needs)
    grow_the_prompt(window, qtbot)
    assert board_in_view(view), "the prompt bar covers the top of the board"
    assert view.transform().m11() < scale  # fitted again, smaller
