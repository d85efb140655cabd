"""Small windows (issue 18): at 1024×700 the board gets most of the window (the players panel
and the log stack as tabs), the prompt bar is as tall as its content; the window remembers its
size, position and docks between runs, and the new-game dialog the last game's seats."""

from __future__ import annotations

import pytest

from engine.core.contract import SeatInfo
from ui.games import playable_specs


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
    assert window.log_dock in window.tabifiedDockWidgets(window.players_dock)
    assert window.act_tabs.isChecked()
    view = window.view.viewport()
    share = view.width() * view.height() / (window.width() * window.height())
    assert share > 0.55, f"the board has only {share:.0%} of the window"
    # the whole board is on screen at the default fit
    board = window.view.mapFromScene(window.view.scene().itemsBoundingRect()).boundingRect()
    assert view.rect().adjusted(-2, -2, 2, 2).contains(board)
    # the prompt bar is no taller than its content, and its choices take two rows at most
    prompt = window.prompt
    qtbot.waitUntil(lambda: prompt.height() <= prompt.sizeHint().height() + 2, timeout=2000)
    assert len({b.y() for b in prompt.buttons if b.isVisible()}) <= 2
    # a large window puts the log back below the board
    window.resize(1600, 1000)
    qtbot.wait(1)
    assert window.log_dock not in window.tabifiedDockWidgets(window.players_dock)


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
    window.set_dock_layout("split")  # the player's own choice overrides the small-window tabs
    window.players_dock.hide()
    qtbot.wait(1)
    window.close()
    assert settings.get("window_geometry") and settings.get("window_state")
    shell.window = None
    again = shell.start_game("first-ceo", seats(), {}, 4)
    qtbot.waitExposed(again)
    assert again is not window
    assert (again.width(), again.height()) == (780, 560)
    # (the offscreen platform adds a made-up title bar to the restored place)
    assert again.x() == window.x() and abs(again.y() - window.y()) <= 16
    assert not again.players_dock.isVisible() and again.log_dock.isVisible()
    assert not again.act_tabs.isChecked()
    assert again.log_dock not in again.tabifiedDockWidgets(again.players_dock)


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
