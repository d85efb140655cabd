"""Fixtures for the shell tests: private data folder, instant in-process AI, no pool."""

from __future__ import annotations

import pytest

from ui.services import settings as settings_module


@pytest.fixture(scope="session", autouse=True)
def gui_thread_gc(qapp):
    """As in the app: garbage is collected on the GUI thread only (ui/app/gc_guard.py)."""
    from ui.app.gc_guard import install_gc_guard, uninstall_gc_guard

    install_gc_guard(qapp)
    yield
    uninstall_gc_guard()


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def settings(data_dir):
    s = settings_module.reset_for_tests(data_dir / "settings.json")
    s.set("ai_speed", "instant")
    s.set("ai_mode", "inline")  # deterministic: AI decisions run in-process, synchronously
    # Most shell tests play on through AI turns; the Confirm turn tests switch it back on.
    s.set("confirm_turn", False)
    # The first games' coach judges every position a player is to choose in: its own tests turn it on.
    s.set("coach_first_games", False)
    return s


@pytest.fixture
def shell(qtbot, settings):
    from ui.app.shell import Shell

    sh = Shell(settings, start_pool=False)
    qtbot.addWidget(sh.start)
    # Modal message boxes would hang a test: record reports, and fail on an unexpected question.
    sh.reports = []
    sh.report = lambda title, text, parent=None: sh.reports.append(text)

    def unexpected_question(parent):
        raise AssertionError("the shell asked to save the open game")

    sh.ask_save = unexpected_question
    yield sh
    if sh.window is not None:
        sh.window.controller and sh.window.controller.close()
        sh.window.close()
        sh.window.deleteLater()
    sh.start.close()
