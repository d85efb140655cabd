"""Victory Through Industry in the real shell: a 3-player game against two AI seats played to the
end by clicking board items, saved half-way and continued from the file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog

from ai.core.agent import Budget
from ai.core.agents import get_agent
from ai.core.observe import observe
from engine.core.contract import SeatInfo
from engine.core.rng import Rng

GAME = "victory-through-industry"


def wait_for_human(qtbot, window, timeout=20_000):
    qtbot.waitUntil(lambda: window.controller.human_to_move() or window.controller.session.is_over(),
                    timeout=timeout)


def click(qtbot, window, action) -> None:
    view = window.view
    item = view.scene().item_for(action)
    assert item is not None, action
    view.ensureVisible(item)
    centre = item.mapToScene(item.shape().boundingRect().center())
    pos: QPoint = view.mapFromScene(centre)
    assert view.viewport().rect().contains(pos), action
    before = len(window.controller.session.log)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.waitUntil(lambda: len(window.controller.session.log) > before, timeout=5000)


def play_clicks(qtbot, window, decisions: int) -> None:
    """The human seat plays like the Easy AI would, but through board clicks."""
    agent = get_agent(GAME, "easy")
    for k in range(decisions):
        wait_for_human(qtbot, window)
        c = window.controller
        if c.session.is_over():
            return
        state = c.session.state
        action = agent.choose(observe(state, state.to_move(), GAME), Rng(k), Budget())
        click(qtbot, window, action)


def test_three_player_game_by_clicks_saved_and_continued(shell, qtbot, tmp_path, monkeypatch):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "normal")]
    window = shell.start_game(GAME, seats, {"max_rounds": 3}, 5)
    qtbot.waitExposed(window)
    window.view.setMinimumSize(1600, 1000)
    window.resize(1900, 1200)
    wait_for_human(qtbot, window)
    assert "Victory Through Industry" in window.windowTitle()
    play_clicks(qtbot, window, 25)
    wait_for_human(qtbot, window)
    c = window.controller
    target = tmp_path / "vti game"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.save_as()
    saved = Path(str(target) + ".tycoons")
    expected = c.state_hash()
    loaded = shell.load_game(path=str(saved))
    assert loaded.controller.state_hash() == expected
    window = loaded
    play_clicks(qtbot, window, 2000)
    qtbot.waitUntil(lambda: window.controller.session.is_over(), timeout=20_000)
    outcome = window.controller.session.state.outcome()
    assert outcome is not None and outcome.winners
