"""Loading runs off the GUI thread, with a busy dialog when it takes longer than a moment:
a long replay never freezes the window."""

from __future__ import annotations

import threading

from PySide6.QtCore import QTimer

from engine.core.session import Session
from saves import write_session


def test_a_slow_load_runs_on_another_thread_and_shows_progress(shell, qtbot, tmp_path, monkeypatch):
    import saves.store

    path = write_session(Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=5), tmp_path / "slow.tycoons")
    real_read = saves.store.read_session
    release = threading.Event()
    seen = {}

    def slow_read(p, expect_game=None):
        seen["thread"] = threading.current_thread()
        release.wait(30)  # until the GUI thread has shown the dialog (it could not if it were blocked)
        return real_read(p, expect_game)

    monkeypatch.setattr(saves.store, "read_session", slow_read)

    def look():
        dialog = getattr(shell, "load_dialog", None)
        if dialog is not None and dialog.isVisible():
            seen["dialog"] = dialog.labelText()
            release.set()
        else:
            QTimer.singleShot(50, look)

    QTimer.singleShot(0, look)
    QTimer.singleShot(20_000, release.set)  # never hang the suite
    window = shell.load_game(path=str(path))
    assert seen["thread"] is not threading.main_thread()
    assert seen.get("dialog") == "Loading slow.tycoons…"
    assert window is not None and window.controller.session.seed == 5
    assert shell.load_dialog is None


def test_a_quick_load_shows_no_dialog(shell, qtbot, tmp_path):
    path = write_session(Session.new("first-ceo", ["Ann", "Bob", "Cy"], seed=6), tmp_path / "quick.tycoons")
    window = shell.load_game(path=str(path))
    assert window is not None and getattr(shell, "load_dialog", None) is None
