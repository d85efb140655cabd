"""No click without a choice (DESIGN §5): a step with a single legal action that decides nothing
goes on by itself, is logged, and is still covered by Undo and Confirm turn; a Preference turns
it off. Played from positions of recorded games (tests/fixtures/games), through the real window:
the prompt's buttons clicked, Ctrl+Z, Ctrl+Shift+Z and Enter pressed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from engine.core.contract import CHANCE, Action, SeatInfo
from engine.core.session import Session
from saves.store import write_session
from tests.engine.recorded_games import FIXTURES, entries_of, load
from ui.game.controller import only_choice


def position(game_id: str, name: str, upto: int, human: int) -> Session:
    """The recorded game `name` replayed up to decision `upto`, `human` playing at the screen
    and the others Easy AIs (what came before is final: taken by AIs)."""
    fixture = load(FIXTURES / game_id / f"{name}.json")
    actions = [action for action, _ in entries_of(fixture)][:upto]
    seats = [SeatInfo(f"P{i + 1}") if i == human else SeatInfo(f"P{i + 1}", "ai", "easy")
             for i in range(len(fixture["seats"]))]
    return Session.replay(game_id, seats, fixture["options"], fixture["seed"], actions, [True] * upto)


def recorded(game_id: str, name: str, index: int) -> Action:
    return entries_of(load(FIXTURES / game_id / f"{name}.json"))[index][0]


def click_choice(qtbot, window, label: str) -> None:
    """Click the prompt bar's button that reads `label`."""
    buttons = {b.text(): b for b in window.prompt.buttons}
    assert label in buttons, f"no button {label!r} among {list(buttons)}"
    qtbot.mouseClick(buttons[label], Qt.MouseButton.LeftButton)


def press(qtbot, window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the keyboard focus is, in the active window (as a shortcut needs)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifiers)


CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def open_at(shell, qtbot, session):
    window = shell.open_session(session)
    qtbot.waitExposed(window)
    return window, window.controller


# Big Shoulders, 3 players, seed 52: at decision 79 P2 ships a last good; then Finish shipping
# is all that is left (decision 80), and P2 next chooses how to pay out (decision 81).
SHIP = ("big-shoulders", "3p-default", 79, 1)


def test_a_step_without_a_choice_goes_on_by_itself_and_undo_steps_back_over_it(shell, qtbot, settings):
    settings.set("confirm_turn", True)
    window, c = open_at(shell, qtbot, position(*SHIP))
    s = c.session
    assert c.human_to_move() and len(c.legal) > 1
    before = c.state_hash()
    shipped = recorded(*SHIP[:2], 79)
    click_choice(qtbot, window, s.label(shipped))
    # Finish shipping was the only choice: taken at once, and the player decides the payout
    qtbot.waitUntil(lambda: s.log[-1].action.kind == "done_shipping", timeout=2000)
    assert [e.action.kind for e in s.log[-2:]] == [shipped.kind, "done_shipping"]
    assert s.log[-1].only_choice and not s.log[-1].by_ai
    assert c.human_to_move() and len(c.legal) > 1
    assert "Finish shipping" not in [b.text() for b in window.prompt.buttons]
    # said where the player looks (the log reads as if it had been clicked: a loaded game's log
    # is the same)
    assert window.statusBar().currentMessage() == "P2: Finish shipping (the only choice, taken for you)."
    after = c.state_hash()
    # one Undo goes back to the player's last real decision, over the step taken for them
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert len(s.log) == SHIP[2], [(e.action.kind, e.only_choice) for e in s.log[-3:]]
    assert c.state_hash() == before
    qtbot.wait(20)  # nothing is taken again meanwhile: the position before has real choices
    assert c.state_hash() == before
    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert c.state_hash() == after and s.log[-1].only_choice
    assert window.act_undo.text().endswith(s.label(shipped)) or s.label(shipped) in window.act_undo.text()


def test_the_preference_turns_it_off(shell, qtbot, settings):
    from ui.dialogs.preferences import PreferencesDialog

    window, c = open_at(shell, qtbot, position(*SHIP))
    press(qtbot, window, Qt.Key.Key_Comma, CTRL)
    dialog = window.preferences
    assert isinstance(dialog, PreferencesDialog)
    box = dialog.editors["only_choice"]
    assert box.isChecked()
    box.click()
    assert settings.get("only_choice") is False
    dialog.close()
    click_choice(qtbot, window, c.session.label(recorded(*SHIP[:2], 79)))
    qtbot.wait(20)
    assert [b.text() for b in window.prompt.buttons] == ["Finish shipping"]
    assert c.session.log[-1].action.kind == "ship" or not c.session.log[-1].only_choice
    # switched on again, the step waiting on the screen goes on at once
    settings.set("only_choice", True)
    qtbot.waitUntil(lambda: c.session.log[-1].action.kind == "done_shipping", timeout=2000)
    assert len(c.legal) > 1


# At decision 99 P1 finishes buying resources; Finish shipping (100) and Withhold the revenue
# (101) follow as the only choices, and the withholding brings the next draws.
WITHHOLD = ("big-shoulders", "3p-default", 99, 0)


def test_a_step_that_brings_a_draw_waits_for_the_turns_confirmation(shell, qtbot, settings):
    settings.set("confirm_turn", True)
    window, c = open_at(shell, qtbot, position(*WITHHOLD))
    s = c.session
    before = c.state_hash()
    click_choice(qtbot, window, "Finish buying resources")
    qtbot.waitUntil(c.confirm_pending, timeout=2000)
    assert [e.action.kind for e in s.log[-2:]] == ["done_buying", "done_shipping"]
    # the withholding would end what can be undone: the turn is done and waits, as any turn does
    assert c.confirm_pending() and c.human_to_move()
    assert [b.text() for b in window.prompt.buttons] == ["Confirm turn", "Undo (Ctrl+Z)"]
    qtbot.wait(20)
    assert s.log[-1].action.kind == "done_shipping"
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert c.state_hash() == before and not c.confirm_pending()
    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert c.confirm_pending()
    length = len(s.log)
    press(qtbot, window, Qt.Key.Key_Return)
    # confirmed: the withholding is taken and its draws follow; nothing is left to undo
    qtbot.waitUntil(lambda: len(s.log) > length + 1, timeout=5000)
    assert s.log[length].action.kind == "withhold" and s.log[length].only_choice
    assert s.log[length + 1].action.seat == CHANCE or s.log[length + 1].by_ai
    assert not c.undo_stack.canUndo()


def test_without_confirm_turn_a_step_that_brings_a_draw_goes_on_at_once(shell, qtbot, settings):
    window, c = open_at(shell, qtbot, position(*WITHHOLD))
    s = c.session
    length = len(s.log)
    click_choice(qtbot, window, "Finish buying resources")
    qtbot.waitUntil(lambda: len(s.log) > length + 3, timeout=5000)
    kinds = [e.action.kind for e in s.log[length:length + 3]]
    assert kinds == ["done_buying", "done_shipping", "withhold"]
    assert not c.confirm_pending()


# 1st CEO, 4 players, seed 12: P2's turn begins at decision 23 with Pay dividends the only choice.
DIVIDENDS = ("first-ceo", "4p-mixed", 23, None)


def test_a_turn_that_begins_with_its_only_choice_asks_nothing(shell, qtbot, settings):
    settings.set("confirm_turn", True)
    game_id, name, upto, _ = DIVIDENDS
    human = recorded(game_id, name, upto).seat
    session = position(game_id, name, upto, human)
    only = only_choice(session.state, human)
    assert only is not None and only.action.kind == "dividends" and not only.draws
    window, c = open_at(shell, qtbot, session)
    # taken without a click; nothing to undo (undoing it would only bring it back) or confirm
    qtbot.waitUntil(lambda: len(c.session.log) > upto, timeout=5000)
    entry = c.session.log[upto]
    assert entry.action == only.action and entry.only_choice
    assert not window.act_undo.isEnabled() and not c.confirm_pending()
    assert any("pays" in line for line in window.log_dock.lines()[-3:])
    qtbot.waitUntil(lambda: len(c.session.log) > upto + 1, timeout=10_000)  # the game went on


def test_a_loaded_game_undoes_the_step_with_the_decision_before_it(shell, qtbot, settings, tmp_path):
    settings.set("confirm_turn", True)
    window, c = open_at(shell, qtbot, position(*SHIP))
    before = c.state_hash()
    click_choice(qtbot, window, c.session.label(recorded(*SHIP[:2], 79)))
    qtbot.waitUntil(lambda: c.session.log[-1].only_choice, timeout=2000)
    path = tmp_path / "shipped.tycoons"
    write_session(c.session, str(path))
    c.saved_length = len(c.session.log)  # saved: opening another game asks nothing
    shell.load_game(path=str(path))
    c = shell.window.controller
    assert c.session.log[-1].action.kind == "done_shipping" and c.undo_stack.count() == 1
    press(qtbot, shell.window, Qt.Key.Key_Z, CTRL)
    assert c.state_hash() == before
