"""The undo menu mirrors what the player at the screen may take back (ui/game/undo.py), however
the game changed: a decision, Undo and Redo (Ctrl+Z, Ctrl+Shift+Z), an AI's move, Confirm turn
(Enter), the hot-seat curtain and its lifting. After every step, as a person takes them in the
real window, the stack holds exactly the decisions of the controller's take-back window, each
named in the words of the position it was taken in; Undo restores the position before it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo
from engine.core.rng import Rng

GAME = "first-ceo"


def _check_mirror(c, where: str) -> None:
    stack = c.undo_stack
    window = c._takeback() or []
    done = [stack.command(i).action for i in range(stack.index())]
    assert done == [entry.action for _, entry in window], where
    assert stack.canUndo() == bool(window), where
    assert not (c.curtain_up and stack.count()), f"{where}: something to undo or redo under the curtain"


def test_the_undo_menu_follows_every_change_a_person_makes(shell, qtbot):
    shell.settings.set("confirm_turn", True)
    seats = [SeatInfo("Ann"), SeatInfo("Bea"), SeatInfo("Robo", "ai", "easy")]
    window = shell.start_game(GAME, seats, {}, 6)
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    c = window.controller
    rng = Rng(2)
    seen = {"decision": 0, "undo": 0, "redo": 0, "confirm": 0, "curtain": 0}
    hashes: dict[int, str] = {}  # the state hash before the decision at each place in the log
    for step in range(60):
        qtbot.waitUntil(lambda: c.human_to_move() or c.confirm_pending() or c.curtain_up or c.session.is_over(),
                        timeout=20_000)
        _check_mirror(c, f"step {step}")
        if c.session.is_over():
            break
        stack = c.undo_stack
        if c.curtain_up:
            qtbot.waitUntil(window.curtain.armed, timeout=10_000)
            qtbot.mouseClick(window.curtain, Qt.MouseButton.LeftButton, pos=window.curtain.rect().center())
            seen["curtain"] += 1
        elif stack.canRedo() and rng.randbelow(3) == 0:
            before = len(c.session.log)
            qtbot.keyClick(window.view, Qt.Key.Key_Z,
                           Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
            assert len(c.session.log) == before + 1
            seen["redo"] += 1
        elif stack.canUndo() and rng.randbelow(3) == 0:
            place = len(c.session.log) - 1
            qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
            assert len(c.session.log) == place and c.session.state.state_hash() == hashes[place]
            seen["undo"] += 1
        elif c.confirm_pending():
            qtbot.keyClick(window.view, Qt.Key.Key_Return)
            assert not stack.canUndo()  # confirmed: final
            seen["confirm"] += 1
        else:
            choice = c.legal[rng.randbelow(len(c.legal))]
            words = c.session.label(choice)  # in the position it is taken in
            hashes[len(c.session.log)] = c.session.state.state_hash()
            button = window.prompt.button_for(choice)
            if button is not None and button.isVisible():
                qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            else:
                assert c.take(choice)
            seen["decision"] += 1
            _check_mirror(c, f"step {step}, after {words}")
            if stack.canUndo():
                assert stack.command(stack.index() - 1).text() == words
    assert all(seen.values()), seen
