"""The application shell driven through real widgets (pytest-qt, offscreen).

AI seats run in-process and instantly (see conftest), so games are deterministic and quick."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog

from engine.core.contract import Action, SeatInfo
from engine.core.session import Session

GAME = "first-ceo"


def three_seats(humans: int = 1) -> list[SeatInfo]:
    names = ["You", "Ann", "Bob"]
    return [SeatInfo(n) if i < humans else SeatInfo(n, "ai", "easy") for i, n in enumerate(names)]


def wait_for_human(qtbot, window, timeout=10_000):
    qtbot.waitUntil(lambda: window.controller.human_to_move() or window.controller.session.is_over(),
                    timeout=timeout)


def click_action(qtbot, window, action: Action) -> bool:
    """Click the scene item of `action` like a player would; False if the board has no item for it."""
    view = window.view
    item = view.scene().item_for(action)
    if item is None:
        return False
    centre = item.mapToScene(item.boundingRect().center())
    pos: QPoint = view.mapFromScene(centre)
    assert view.viewport().rect().contains(pos), "the item is outside the visible board"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    return True


def undoable_action(session: Session) -> Action:
    """A legal action of the human to move that opens no barrier (no card drawn after it)."""
    for action in session.legal_actions():
        probe = Session.replay(session.spec.id, session.seats, session.options, session.seed, session.actions())
        probe.apply(action)
        if probe.can_undo():
            return action
    pytest.skip("no undoable decision in this position")


def open_game(shell, qtbot, seats, seed=7):
    window = shell.start_game(GAME, seats, {}, seed)
    qtbot.waitExposed(window)
    wait_for_human(qtbot, window)
    return window


# -- start screen and new-game dialog ---------------------------------------------------------------------
def test_start_screen_opens_with_continue_disabled_without_autosave(shell, qtbot):
    shell.show_start()
    qtbot.waitExposed(shell.start)
    assert shell.start.isVisible()
    assert not shell.start.continue_button.isEnabled()
    for button in (shell.start.new_button, shell.start.load_button, shell.start.rules_button,
                   shell.start.quit_button):
        assert button.isEnabled()


def test_new_game_dialog_defaults_and_choice(qtbot, settings):
    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name="You")
    qtbot.addWidget(dialog)
    dialog.select_game(GAME)
    # the game's "art": a picture of its board drawn by its own scene
    qtbot.waitUntil(lambda: not dialog.preview.pixmap().isNull(), timeout=10_000)
    game_id, seats, options, seed = dialog.choice()
    assert game_id == GAME
    assert [s.kind for s in seats] == ["human", "ai", "ai", "ai"]
    assert seats[0].name == "You" and all(s.level == "normal" for s in seats[1:])
    assert isinstance(seed, int)
    dialog.count.setValue(3)
    dialog.rows[1].set_kind("ai", "easy")
    dialog.rows[2].set_kind("ai", "easy")
    dialog.seed.setText("42")
    assert dialog.choice()[1] == three_seats()
    assert dialog.choice()[3] == 42
    # duplicate names are refused in the dialog, not later
    dialog.rows[2].name.setText("ann")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() != dialog.DialogCode.Accepted and "different name" in dialog.error.text()


def test_game_from_dialog_plays_by_board_clicks(shell, qtbot):
    from ui.dialogs.new_game import NewGameDialog

    shell.show_start()
    dialog = NewGameDialog(player_name="You")
    qtbot.addWidget(dialog)
    dialog.select_game(GAME)
    dialog.count.setValue(3)
    for row in dialog.rows[1:3]:
        row.set_kind("ai", "easy")
    dialog.seed.setText("7")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() == dialog.DialogCode.Accepted
    window = shell.start_game(*dialog.choice())
    qtbot.waitExposed(window)
    assert not shell.start.isVisible()
    assert "1st CEO" in window.windowTitle()
    wait_for_human(qtbot, window)
    c = window.controller
    # the prompt bar offers every legal decision as a button
    assert len(window.prompt.buttons) == len(c.legal) > 0
    for _ in range(3):  # three of the human's turns, each followed by the AI seats
        wait_for_human(qtbot, window)
        if c.session.is_over():
            break
        before = len(c.session.log)
        human_decisions = sum(1 for e in c.session.log if e.action.seat == 0)
        assert click_action(qtbot, window, c.legal[0])
        qtbot.waitUntil(lambda b=before: len(c.session.log) > b, timeout=5000)
        assert sum(1 for e in c.session.log if e.action.seat == 0) == human_decisions + 1
    wait_for_human(qtbot, window)
    assert window.log_dock.lines() == [line for line in c.session.render_log(0)]
    names = [card.name.text() for card in window.players.cards]
    assert names == ["You", "Ann", "Bob"]


def test_prompt_button_takes_the_decision(shell, qtbot):
    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    action = undoable_action(c.session)
    button = window.prompt.button_for(action)
    assert button is not None and button.text() == c.session.label(action)
    before = len(c.session.log)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert len(c.session.log) >= before + 1
    assert c.session.log[before].action == action


# -- undo, refusals -------------------------------------------------------------------------------------
def test_undo_restores_the_previous_state(shell, qtbot, settings):
    settings.set("ai_speed", "slow")  # the AI waits, so the human's decision is still undoable
    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    before_hash, before_len = c.state_hash(), len(c.session.log)
    action = undoable_action(c.session)
    assert click_action(qtbot, window, action)
    qtbot.waitUntil(lambda: len(c.session.log) == before_len + 1, timeout=3000)
    assert c.undo_stack.canUndo() and window.act_undo.isEnabled()
    window.act_undo.trigger()
    assert c.state_hash() == before_hash and len(c.session.log) == before_len
    assert c.human_to_move()
    assert c.undo_stack.canRedo()
    window.act_redo.trigger()
    assert len(c.session.log) == before_len + 1 and c.session.log[-1].action == action
    window.act_undo.trigger()
    assert c.state_hash() == before_hash
    # the AI's pending turn (scheduled before the undo) must not play into the restored position
    qtbot.wait(1700)
    assert c.state_hash() == before_hash


def test_ai_decision_clears_the_undo_stack(shell, qtbot):
    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    action = undoable_action(c.session)
    c.take(action)
    wait_for_human(qtbot, window)  # both AI seats have played: barriers
    assert not c.session.can_undo()
    assert not c.undo_stack.canUndo() and not window.act_undo.isEnabled()


def test_illegal_click_is_refused_with_a_reason(shell, qtbot):
    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    state = c.session.state
    viewer = c.viewer
    candidates = [Action("acquire", viewer, (slot,)) for slot in range(6)]
    candidates += [Action("buy_share", viewer, (t,)) for t in range(3)]
    illegal = [a for a in candidates if a not in c.legal]
    assert illegal
    before_hash, before_len = c.state_hash(), len(c.session.log)
    clicked = next((a for a in illegal if click_action(qtbot, window, a)), None)
    if clicked is None:  # the board offers no item for an illegal choice: send the intent directly
        clicked = illegal[0]
        window.view.scene().intent.emit(clicked)
    reason = state.illegal_reason(clicked)
    assert reason
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == reason, timeout=2000)
    assert c.state_hash() == before_hash and len(c.session.log) == before_len


# -- saves --------------------------------------------------------------------------------------------
def test_save_then_load_gives_the_same_state(shell, qtbot, tmp_path, monkeypatch):
    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    c.take(c.legal[0])
    wait_for_human(qtbot, window)
    target = tmp_path / "game one"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.save_as()
    saved = Path(str(target) + ".tycoons")
    assert saved.is_file() and window.path == saved
    assert "game one.tycoons" in window.windowTitle()
    expected = c.state_hash()
    loaded = shell.load_game(path=str(saved))
    assert loaded is window and window.controller is not c
    assert window.controller.state_hash() == expected
    assert len(window.controller.session.log) == len(c.session.log)


def test_bad_file_is_reported_and_game_kept(shell, qtbot, tmp_path, monkeypatch):
    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    reports = []
    monkeypatch.setattr(shell, "report", lambda title, text, parent=None: reports.append(text))
    bad = tmp_path / "bad.tycoons"
    bad.write_bytes(b"not a save at all")
    assert shell.load_game(path=str(bad)) is None
    assert reports and "bad.tycoons" in reports[0]
    assert window.controller is c and not c.closed


def test_continue_resumes_the_autosave(shell, qtbot, settings, data_dir):
    from ui.app.shell import Shell

    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    c.take(c.legal[0])
    wait_for_human(qtbot, window)
    autosave = data_dir / "autosave.tycoons"
    qtbot.waitUntil(autosave.is_file, timeout=3000)
    qtbot.wait(20)  # the coalesced autosave after the last AI decision
    c.flush_autosave()
    expected = c.state_hash()
    window.close()
    assert shell.start.isVisible()  # closing the game returns to the start screen

    again = Shell(settings, start_pool=False)
    qtbot.addWidget(again.start)
    again.show_start()
    assert again.start.continue_button.isEnabled()
    qtbot.mouseClick(again.start.continue_button, Qt.MouseButton.LeftButton)
    assert again.window is not None
    assert again.window.controller.state_hash() == expected
    again.window.controller.close()
    again.window.close()


def test_broken_autosave_is_reported_and_left_alone(shell, qtbot, data_dir, monkeypatch):
    autosave = data_dir / "autosave.tycoons"
    autosave.write_bytes(b"TYCOONS but truncated")
    reports = []
    monkeypatch.setattr(shell, "report", lambda title, text, parent=None: reports.append(text))
    shell.show_start()
    assert shell.start.continue_button.isEnabled()
    qtbot.mouseClick(shell.start.continue_button, Qt.MouseButton.LeftButton)
    assert reports and "left as it is" in reports[0]
    assert autosave.read_bytes() == b"TYCOONS but truncated"
    assert shell.window is None


# -- hot-seat and end of game ------------------------------------------------------------------------------
def test_hotseat_curtain_between_two_humans(shell, qtbot, monkeypatch):
    from ui.game.curtain import Curtain

    now = [100.0]  # the curtain's clock: time passes when the next player waits, not before
    monkeypatch.setattr(Curtain, "clock", staticmethod(lambda: now[0]))
    window = shell.start_game(GAME, three_seats(humans=2), {}, 7)
    qtbot.waitExposed(window)
    c = window.controller
    # a hot-seat game opens behind the curtain, for the first human to play
    qtbot.waitUntil(window.curtain.isVisible, timeout=5000)
    assert window.curtain.name == c.session.names[c.viewer]
    window.curtain.lift()
    wait_for_human(qtbot, window)
    first = c.viewer
    for _ in range(12):
        if window.curtain.isVisible():
            break
        wait_for_human(qtbot, window)
        c.take(c.legal[-1])
        qtbot.wait(10)
    assert window.curtain.isVisible(), "the curtain never came down between the two humans"
    other = c.session.to_move()
    assert other != first and c.viewer == other
    assert window.curtain.name == c.session.names[other]
    assert not c.human_to_move()  # the board refuses clicks behind the curtain
    assert window.prompt.buttons == []
    qtbot.mouseClick(window.curtain, Qt.MouseButton.LeftButton)
    assert window.curtain.isVisible(), "a click the moment it fell lifted the curtain"
    now[0] += window.curtain.ARM_S
    qtbot.mouseClick(window.curtain, Qt.MouseButton.LeftButton)
    assert not window.curtain.isVisible()
    assert c.human_to_move() and c.viewer == other
    assert not c.undo_stack.canUndo()  # the change of human seat is a barrier


def test_no_curtain_for_a_single_human(shell, qtbot):
    window = open_game(shell, qtbot, three_seats(humans=1))
    c = window.controller
    for _ in range(4):
        wait_for_human(qtbot, window)
        if c.session.is_over():
            break
        c.take(c.legal[-1])
        assert not window.curtain.isVisible()


def test_end_of_game_dialog_shows_breakdown_and_chart(shell, qtbot):
    seats = [SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy"), SeatInfo("Cyd", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, 11)
    qtbot.waitUntil(lambda: window.end_dialog is not None, timeout=30_000)
    dlg = window.end_dialog
    outcome = window.controller.session.state.outcome()
    assert dlg.isVisible()
    names = window.controller.session.names
    winners = [names[i] for i in outcome.winners]
    assert all(w in dlg.headline.text() for w in winners)
    if len(winners) > 1:
        assert dlg.headline.text().startswith("Shared victory")
    categories = list(outcome.breakdown[0])
    # the scores, total and rank, then the rows of what the end revealed (1st CEO: asset cards)
    assert dlg.table.rowCount() == len(categories) + 2 + (1 if GAME == "first-ceo" else 0)
    for seat in range(3):
        assert dlg.table.item(len(categories), seat).text() == str(outcome.scores[seat])
        for r, cat in enumerate(categories):
            assert dlg.table.item(r, seat).text() == str(outcome.breakdown[seat][cat])
    history = dlg.history
    assert len(history) > 5 and history[-1] == [float(x) for x in outcome.scores]
    assert all(len(row) == 3 for row in history)
    assert not dlg.chart.grab().isNull()
    assert window.prompt.label.text().startswith("Game over")
    # the log shown live equals the log of the same game replayed from its actions
    s = window.controller.session
    replayed = Session.replay(s.spec.id, s.seats, s.options, s.seed, s.actions())
    assert window.log_dock.lines() == replayed.render_log(window.controller.viewer)


def test_new_game_dialog_switching_games_keeps_the_seats(qtbot, settings):
    from ui.dialogs.new_game import NewGameDialog
    from ui.games import playable_specs

    dialog = NewGameDialog(player_name="Zoe")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select_game(GAME)
    dialog.count.setValue(3)
    dialog.rows[1].set_kind("ai", "easy")
    first = dialog.choice()[1]
    rows = list(dialog.rows)
    for spec in playable_specs():
        dialog.select_game(spec.id)
        assert dialog.rows == rows  # the same widgets, never stacked duplicates
        n = dialog.count.value()
        assert spec.min_players <= n <= spec.max_players
        assert sum(1 for r in dialog.rows if r.name.isVisible()) == n
        assert set(dialog.options()) == {o.key for o in spec.options}
    dialog.select_game(GAME)
    dialog.count.setValue(3)
    assert dialog.choice()[1] == first


def test_replacing_an_unsaved_game_asks_first(shell, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    window = open_game(shell, qtbot, three_seats())
    c = window.controller
    c.take(c.legal[0])
    wait_for_human(qtbot, window)
    asked = []
    monkeypatch.setattr(shell, "ask_save", lambda parent: asked.append(1) or QMessageBox.StandardButton.Cancel)
    assert not shell.may_replace_game()
    assert window.controller is c and asked
    monkeypatch.setattr(shell, "ask_save", lambda parent: QMessageBox.StandardButton.Discard)
    assert shell.may_replace_game()
    target = tmp_path / "kept.tycoons"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    monkeypatch.setattr(shell, "ask_save", lambda parent: QMessageBox.StandardButton.Save)
    assert shell.may_replace_game() and target.is_file()
    asked.clear()
    monkeypatch.setattr(shell, "ask_save", lambda parent: asked.append(1) or QMessageBox.StandardButton.Cancel)
    assert shell.may_replace_game() and not asked  # saved now: nothing to ask
