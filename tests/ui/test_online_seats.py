"""New game with a seat online (ARCHITECTURE §12): the seat's kind is "Online player" with a field for
the player's Matrix user, shown only for that kind; the dialog refuses a seat online without a
valid Matrix user, or two seats with the same one, with the reason, and otherwise returns the
online seat with its user; the Online games panel says how to start when nobody is signed in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox


def test_an_online_seat_in_new_game(qtbot, settings):
    from ui.dialogs.new_game import NewGameDialog

    dialog = NewGameDialog(player_name="Ann")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select_game("first-ceo")
    dialog.count.setValue(3)
    row = dialog.rows[1]
    assert not row.user.isVisible()
    row.kind.setCurrentIndex(row.kind.findText("Online player"))
    assert row.user.isVisible() and row.user.placeholderText() == "@name:server"
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.click()  # no user yet
    assert dialog.result() != dialog.DialogCode.Accepted and "Matrix user" in dialog.error.text()
    row.user.setText("bob")
    ok.click()
    assert "bob is not a Matrix user" in dialog.error.text()
    row.user.setText("@bob:example.org")
    other = dialog.rows[2]
    other.kind.setCurrentIndex(other.kind.findText("Online player"))
    other.user.setText("@bob:example.org")
    ok.click()
    assert "different Matrix user" in dialog.error.text()
    other.set_kind("ai", "easy")
    assert not other.user.isVisible()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted
    _, seats, _, _ = dialog.choice()
    assert [(s.kind, s.user) for s in seats] == [("human", None), ("online", "@bob:example.org"), ("ai", None)]


def test_online_games_says_how_to_start(qtbot):
    from ui.dialogs.online import OnlineGamesPanel

    panel = OnlineGamesPanel()
    qtbot.addWidget(panel)
    assert panel.sign_button.text() == "Sign in…" and "sign in with a Matrix account" in panel.account.text()
    asked = []
    panel.sign_in_requested.connect(lambda: asked.append(True))
    qtbot.mouseClick(panel.sign_button, Qt.MouseButton.LeftButton)
    assert asked
    panel.set_account("@ann:example.org")
    panel.set_entries([{"kind": "invite", "room": "!r", "title": "1st CEO: Ann, Bob", "turn": "Invited by @h:x"}])
    assert panel.open_button.text() == "Join…" and panel.open_button.isEnabled()
    opened = []
    panel.open_requested.connect(opened.append)
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    assert opened and opened[0]["room"] == "!r"
