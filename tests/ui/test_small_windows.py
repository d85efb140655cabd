"""The small windows around a game (DESIGN §5, a calm table): the prompt and choices as text
(Ctrl+I) follows the game and keeps its clicks; Ctrl+Q in a game asks first; without the online
extra nothing speaks of online play or pip. Through the real windows, with keys and clicks."""

from __future__ import annotations

import importlib.util

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QComboBox, QLabel

from engine.core.contract import SeatInfo


def test_without_the_online_extra_nothing_speaks_of_online_play(shell, qtbot, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a, **k: None if name == "nio" else real(name, *a, **k))
    shell.show_start()
    qtbot.waitExposed(shell.start)
    qtbot.waitUntil(lambda: shell.first_painted and shell.start.past_games is not None, timeout=10_000)
    start = shell.start
    assert start.online_games is None
    words = [w.text() for w in start.findChildren(QLabel) + start.findChildren(QAbstractButton)]
    words += [w.toolTip() for w in start.findChildren(QLabel) + start.findChildren(QAbstractButton)]
    assert not [w for w in words if "pip" in w or "online" in w.lower() or "Matrix" in w]
    seen = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, look)
            return
        for combo in dialog.findChildren(QComboBox):
            seen.append([combo.itemText(i) for i in range(combo.count())])
        dialog.reject()

    QTimer.singleShot(0, look)
    qtbot.mouseClick(start.new_button, Qt.MouseButton.LeftButton)
    kinds = [items for items in seen if "Human" in items]
    assert kinds, "the New game dialog showed no seat"
    assert all("Online player" not in items for items in kinds)


def test_with_the_online_extra_new_game_offers_an_online_seat(qtbot, settings):
    from ui.dialogs.new_game import NewGameDialog

    if importlib.util.find_spec("nio") is None:
        return  # this installation has no online extra: the test above covers it
    dialog = NewGameDialog(player_name="Ann")
    qtbot.addWidget(dialog)
    assert dialog.rows[1].kind.findText("Online player") >= 0


def seats(*kinds) -> list[SeatInfo]:
    return [SeatInfo(f"P{i + 1}") if k == "human" else SeatInfo(f"P{i + 1}", "ai", "easy")
            for i, k in enumerate(kinds)]


def press(qtbot, window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the keyboard focus is, in the active window (as a shortcut needs)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(QApplication.focusWidget() or window, key, modifiers)


def answer_when_asked(button_text: str, seen: list) -> None:
    """Click `button_text` in the next modal question (noting its text in `seen`)."""
    def look() -> None:
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(20, look)
            return
        seen.append(box.text() if hasattr(box, "text") else box.windowTitle())
        button = next(b for b in box.findChildren(QAbstractButton) if b.text().replace("&", "") == button_text)
        button.click()

    QTimer.singleShot(0, look)


def test_ctrl_q_in_a_game_asks_first(shell, qtbot, monkeypatch):
    window = shell.start_game("first-ceo", seats("human", "ai", "ai"), {}, 5)
    qtbot.waitExposed(window)
    quits = []
    monkeypatch.setattr(shell, "quit", lambda: quits.append(True))
    asked: list[str] = []
    answer_when_asked("Cancel", asked)
    press(qtbot, window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert asked and "Continue" in asked[0] and not quits
    assert window.isVisible() and not window.controller.closed
    answer_when_asked("Quit", asked)
    press(qtbot, window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert len(asked) == 2 and quits == [True]


def test_the_choices_as_text_follow_the_game_and_keep_their_clicks(shell, qtbot):
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    window = shell.start_game("captains-of-industry", seats("human", "ai", "ai"), {}, 7)
    qtbot.waitExposed(window)
    window.resize(1280, 720)
    c = window.controller
    qtbot.waitUntil(c.human_to_move, timeout=20_000)
    press(qtbot, window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    text = window._choices_window()
    assert text is not None and text.isVisible()
    qtbot.waitExposed(text)
    first = text.text.toPlainText()
    assert first == window.keyboard.choices_text() and "Choices" in first
    # a click on the text window, where a choice of the board lies behind it, is the window's own
    scene = window.view.scene()
    behind = [p for p in scene.items_with_actions() if p.isVisible()]
    spot = None
    for piece in behind:
        centre = window.view.mapToGlobal(window.view.mapFromScene(piece.sceneBoundingRect().center()))
        local = text.mapFromGlobal(centre)
        if text.rect().contains(local):
            spot = local
            break
    if spot is None:  # the window lies elsewhere: put it over the first piece
        centre = window.view.mapToGlobal(window.view.mapFromScene(behind[0].sceneBoundingRect().center()))
        text.move(centre - QPoint(text.width() // 2, text.height() // 2))
        spot = text.mapFromGlobal(centre)
    before = (c.state_hash(), len(c.session.log))
    QTest.mouseClick(text.windowHandle(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, spot)
    qtbot.wait(50)
    assert (c.state_hash(), len(c.session.log)) == before
    assert getattr(window, "refusal", None) is None or not window.refusal.isVisible()
    # a move taken in the game window (its prompt's first button): the text says the position now
    qtbot.mouseClick(window.prompt.buttons[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(c.session.log) > before[1], timeout=5000)
    qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
    assert text.isVisible()
    assert text.text.toPlainText() == window.keyboard.choices_text() != first
    # Ctrl+I again raises the same window rather than a second one
    press(qtbot, window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert [w for w in window._help_windows if w.objectName() == "PromptAndChoices" and w.isVisible()] == [text]


def click_action(qtbot, window, action) -> None:
    """Take `action` as a player would: its prompt button, else a click on its piece."""
    c = window.controller
    label = c.session.label(action)
    for button in window.prompt.buttons:
        if button.text() == label and button.isVisible():
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            return
    piece = window.view.scene().item_for(action)
    assert piece is not None, f"neither a button nor a piece takes {label!r}"
    window.view.ensureVisible(piece)
    at = window.view.mapFromScene(piece.sceneBoundingRect().center())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def test_a_card_drawn_is_shown_to_its_player_before_the_curtain_falls(shell, qtbot):
    from engine.core.session import Session
    from tests.engine.recorded_games import FIXTURES, entries_of, load

    # Big Shoulders, 2 players at one screen: P2's decision 79 ends the Decade, and each is dealt
    # two buildings in secret before P1 moves (decision 84)
    fixture = load(FIXTURES / "big-shoulders" / "2p-advanced.json")
    entries = entries_of(fixture)
    session = Session.replay("big-shoulders", seats("human", "human"), fixture["options"], fixture["seed"],
                             [a for a, _ in entries[:79]], [True] * 79)
    window = shell.open_session(session)
    qtbot.waitExposed(window)
    c = window.controller
    assert window.curtain.isVisible() and c.viewer == 1
    qtbot.waitUntil(window.curtain.armed, timeout=5000)  # shown for a moment, as it asks
    qtbot.mouseClick(window.curtain, Qt.MouseButton.LeftButton, pos=window.curtain.rect().center())
    assert not window.curtain.isVisible()
    click_action(qtbot, window, entries[79][0])
    qtbot.waitUntil(lambda: len(c.session.log) > 79, timeout=5000)
    assert c.session.to_move() == 0
    # P2 still sees their own board, and what they were dealt, before the screen passes on
    assert not window.curtain.isVisible() and c.shown_seat() == 1
    dealt = [ev.render(c.session.names, 1) for e in c.session.log[79:] for ev in e.events if ev.visible_to == 1]
    theirs = [ev.text for e in c.session.log[79:] for ev in e.events if ev.visible_to == 0]
    assert len(dealt) == 2 and len(theirs) == 2
    prompt = window.prompt.label.text()
    assert all(line in prompt for line in dealt) and "Pass the computer to P1" in prompt
    shown = prompt + " ".join(b.text() for b in window.prompt.buttons) + window.statusBar().currentMessage()
    p1_buildings = [ev.render(c.session.names, 0) for e in c.session.log[79:] for ev in e.events if ev.visible_to == 0]
    assert not [line for line in p1_buildings if line.split("dealt")[-1] in shown]
    assert [b.text() for b in window.prompt.buttons] == ["Pass to P1"]
    # Enter passes the screen on: the curtain falls for P1
    press(qtbot, window, Qt.Key.Key_Return)
    assert window.curtain.isVisible() and c.viewer == 0 and c.shown_seat() is None
