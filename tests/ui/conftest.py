"""Fixtures for the shell tests: private data folder, instant in-process AI, no pool."""

from __future__ import annotations

import importlib

import pytest

from ui import controller as controller_module
from ui import settings as settings_module


def game_ui_or_fallback(game_id: str):
    """The game's real ui package if it is there yet, else the test fallback board."""
    try:
        module = importlib.import_module("ui.games." + game_id.replace("-", "_"))
        if hasattr(module, "make_scene"):
            return module
    except ImportError:
        pass
    from tests.ui.fallback_ui import fallback_module

    return fallback_module()


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("TYCOONS_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def settings(data_dir, monkeypatch):
    s = settings_module.reset_for_tests(data_dir / "settings.json")
    s.set("ai_speed", "instant")
    s.set("ai_mode", "inline")  # deterministic: AI decisions run in-process, synchronously
    monkeypatch.setattr(controller_module, "game_ui", game_ui_or_fallback)
    return s


@pytest.fixture
def shell(qtbot, settings):
    from ui.app import Shell

    sh = Shell(settings, start_pool=False)
    qtbot.addWidget(sh.start)
    yield sh
    if sh.window is not None:
        sh.window.controller and sh.window.controller.close()
        sh.window.close()
        sh.window.deleteLater()
    sh.start.close()
