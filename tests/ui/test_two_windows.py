"""Two players, two app windows, one homeserver (ARCHITECTURE §12). One app signs in and hosts a game
with an online seat from the new-game dialog; the other signs in, finds the invitation under
Online games and joins; the two play it to its end through the windows' buttons (an AI at the
host's table), and both end on the same breakdown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox

pytest.importorskip("nio")

MODAL_WAIT_MS = 30000


def on_modal(cls, act) -> list:
    """Run `act(dialog)` on the next modal dialog of class `cls`, from inside its exec() (a
    person at the screen answers it); the list returned holds the dialog once it was answered."""
    answered: list = []
    tries = [0]

    def look():
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, cls):
            answered.append(dialog)
            act(dialog)
        elif tries[0] < MODAL_WAIT_MS // 50:
            tries[0] += 1
            QTimer.singleShot(50, look)

    QTimer.singleShot(0, look)
    return answered


def make_shell(qtbot, settings):
    from ui.app.shell import Shell

    sh = Shell(settings, start_pool=False)
    qtbot.addWidget(sh.start)
    sh.reports = []
    sh.report = lambda title, text, parent=None: sh.reports.append(text)
    sh.start.show()  # the Online games panel comes after the start screen's first paint, as in the app
    qtbot.waitUntil(lambda: sh.first_painted and sh.online.panel is not None, timeout=30000)
    return sh


def sign_in(qtbot, sh, homeserver, account) -> None:
    """Sign in through the Online games panel: the dialog filled in with keys, then clicked."""
    from ui.dialogs.online import SignInDialog

    def fill(dialog):
        qtbot.keyClicks(dialog.homeserver, homeserver.url)
        qtbot.keyClicks(dialog.user, account["user_id"])
        qtbot.keyClicks(dialog.secret, account["password"])
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    answered = on_modal(SignInDialog, fill)
    qtbot.mouseClick(sh.online.panel.sign_button, Qt.MouseButton.LeftButton)
    assert answered, "the sign-in dialog did not come"
    assert sh.online.manager is not None and sh.online.manager.user_id == account["user_id"], sh.reports
    assert sh.online.panel.signed_in


def click_item(qtbot, widget, item) -> None:
    rect = widget.visualItemRect(item)
    qtbot.mouseClick(widget.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def breakdown(window) -> list:
    """What the end-of-game dialog shows: its headline, its columns and every cell."""
    dialog = window.end_dialog
    table = dialog.table
    cells = [[(table.item(r, c).text() if table.item(r, c) else "") for c in range(table.columnCount())]
             for r in range(table.rowCount())]
    columns = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    return [dialog.headline.text(), columns, rows, cells]


def test_two_windows_host_and_join_and_play_to_the_same_end(qtbot, settings, homeserver):
    from ui.dialogs.new_game import NewGameDialog
    from ui.dialogs.online import JoinDialog

    host_account, far_account = homeserver.register(), homeserver.register()
    host, far = make_shell(qtbot, settings), make_shell(qtbot, settings)
    shells = (host, far)
    try:
        sign_in(qtbot, host, homeserver, host_account)
        sign_in(qtbot, far, homeserver, far_account)

        # the host starts a game of 1st CEO: Ann here, Bob online, an AI
        def choose(dialog):
            games = dialog.games
            item = next(games.item(i) for i in range(games.count()) if games.item(i).text().startswith("1st CEO"))
            click_item(qtbot, games, item)
            dialog.count.selectAll()
            qtbot.keyClicks(dialog.count, "3")
            ann, bob, robo = dialog.rows[:3]
            ann.name.selectAll()
            qtbot.keyClicks(ann.name, "Ann")
            bob.name.selectAll()
            qtbot.keyClicks(bob.name, "Bob")
            bob.kind.setCurrentIndex(bob.kind.findText("Online player"))
            qtbot.keyClicks(bob.user, far_account["user_id"])
            robo.name.selectAll()
            qtbot.keyClicks(robo.name, "Robo")
            robo.set_kind("ai", "easy")
            qtbot.keyClicks(dialog.seed, "5")
            qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

        answered = on_modal(NewGameDialog, choose)
        qtbot.mouseClick(host.start.new_button, Qt.MouseButton.LeftButton)
        assert answered and not host.reports, host.reports
        hosting = host.window
        assert hosting is not None and hosting.isVisible()
        assert getattr(hosting.controller, "online_record", None) is not None

        # the other app finds the invitation under Online games and joins it
        panel = far.online.panel
        qtbot.waitUntil(lambda: any(e["kind"] == "invite" for e in far.online.manager.entries()), timeout=30000)
        far.online.refresh()
        invite = next(panel.list.item(i) for i in range(panel.list.count())
                      if "Invited by" in panel.list.item(i).text())
        click_item(qtbot, panel.list, invite)
        assert panel.open_button.text() == "Join…"
        joined = on_modal(JoinDialog, lambda dialog: qtbot.keyClick(dialog, Qt.Key.Key_Return))
        qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
        assert joined and not far.reports, far.reports
        playing = far.window
        assert playing is not None and playing is not hosting and playing.controller.local is None

        # both play through their windows' buttons until the game is over
        a, b = hosting.controller, playing.controller
        session = a.session
        clicks = [0, 0]
        for _ in range(3000):
            if session.is_over():
                break
            qtbot.waitUntil(lambda: session.is_over() or a.human_to_move() or b.human_to_move(), timeout=60000)
            for i, (window, c) in enumerate(((hosting, a), (playing, b))):
                if c.human_to_move() and window.prompt.buttons and not session.is_over():
                    before = len(session.log)
                    button = window.prompt.buttons[0]
                    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
                    try:
                        qtbot.waitUntil(lambda before=before: len(session.log) > before, timeout=60000)
                    except qtbot.TimeoutError:
                        raise AssertionError(f"{('the host', 'the player')[i]}'s click on {button.text()!r} was "
                                             f"not taken: {window.statusBar().currentMessage()!r}; "
                                             f"{session.to_move()} to move, the player's app waiting: "
                                             f"{b.core.awaiting}, its refusal: {b.core.refusal!r}, "
                                             f"{b.core.refusals_seen[-3:]}") from None
                    clicks[i] += 1
        assert session.is_over(), "the game did not end"
        assert clicks[0] > 3 and clicks[1] > 3, clicks
        qtbot.waitUntil(lambda: hosting.end_dialog is not None and playing.end_dialog is not None, timeout=60000)
        assert b.session.state.state_hash() == session.state.state_hash()
        shown = breakdown(hosting)
        assert shown == breakdown(playing)
        assert shown[1] == ["Ann", "Bob", "Robo"] and any("★" in cell for cell in shown[3][shown[2].index("Rank")])
    finally:
        for sh in shells:
            if sh.window is not None:
                sh.window.controller and sh.window.controller.close()
                sh.window.close()
                sh.window.deleteLater()
            sh.online.stop()
            sh.start.close()
