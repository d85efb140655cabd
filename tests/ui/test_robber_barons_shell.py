"""A whole Robber Barons game in the real game window: one human against three AI opponents,
every human decision taken by clicking the board, saved half-way, loaded and played to the end."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog

from engine.core.contract import SeatInfo
from engine.core.rng import Rng

GAME = "robber-barons"


def wait_for_human(qtbot, window, timeout=20_000):
    qtbot.waitUntil(lambda: window.controller.human_to_move() or window.controller.session.is_over(),
                    timeout=timeout)


def click(qtbot, window, action) -> None:
    view = window.view
    item = view.scene().item_for(action)
    assert item is not None, f"no board item for {action}"
    item.ensureVisible()
    centre = item.mapToScene(item.boundingRect().center())
    pos: QPoint = view.mapFromScene(centre)
    assert view.viewport().rect().contains(pos), f"{action} is outside the visible board"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)



def saved_and_reloaded(shell, window, target, monkeypatch):
    """Save `window`'s game as `target` through Save As, load it back, and check it is the same game."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, t=target, **k: (str(t), ""))
    assert window.save_as()
    saved_at = window.controller.state_hash()
    loaded = shell.load_game(path=str(Path(str(target) + ".tycoons")))
    assert loaded.controller.state_hash() == saved_at
    return loaded


def play_by_clicks(shell, qtbot, window, choose, save_after: int, target, monkeypatch):
    """Click `choose(legal)` at every human decision until the game is over, each click checked
    to act as that move; after `save_after` clicks save as `target` and go on in the loaded window.
    Returns (the window, clicks, the state hash saved, the kinds of move clicked)."""
    saved_at = None
    clicks = 0
    kinds: set[str] = set()
    while True:
        wait_for_human(qtbot, window)
        c = window.controller
        if c.session.is_over():
            return window, clicks, saved_at, kinds
        action = choose(list(c.legal))
        before = len(c.session.log)
        click(qtbot, window, action)
        qtbot.waitUntil(lambda b=before, cc=c: len(cc.session.log) > b, timeout=5000)
        assert c.session.log[before].action == action
        kinds.add(action.kind)
        clicks += 1
        if clicks == save_after:
            saved_at = window.controller.state_hash()
            window = saved_and_reloaded(shell, window, target, monkeypatch)


def test_four_player_game_by_clicks_saved_loaded_and_finished(shell, qtbot, tmp_path, monkeypatch):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "normal"), SeatInfo("Bob", "ai", "easy"),
             SeatInfo("Cyd", "ai", "normal")]
    window = shell.start_game(GAME, seats, {"turn_limit": 48}, 21)
    qtbot.waitExposed(window)
    window.resize(1700, 1250)
    rng = Rng(3)
    window, clicks, saved_at, _ = play_by_clicks(shell, qtbot, window, lambda legal: legal[rng.randbelow(len(legal))],
                                                 15, tmp_path / "barons", monkeypatch)
    state = window.controller.session.state
    assert saved_at is not None and state.outcome() is not None and clicks > 15
    assert window.prompt.label.text().startswith("Game over")
