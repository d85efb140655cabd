"""Every refused click explains itself, and hover and click agree.

In the real game window of every registered game, one human against AIs: at each of the human's
decisions every board piece that carries an action is hovered and clicked. A piece whose action
the controller would refuse shows the refusal on hover, and a click puts exactly those words in
the status bar and changes nothing; a piece whose action would be taken never shows a refusal.
Every tooltip and hover text on the board passes the words check of tests/ui/test_words.py.
"""

from __future__ import annotations

import pytest

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from engine.core.text import wording_problems
from ui.games import playable_specs

GENERIC = "That is not allowed now."
DECISIONS = 150


def needs_board(game_id: str) -> None:
    """A game registered with its rules but no board yet has nothing to click: skipped until then."""
    import importlib.util

    if importlib.util.find_spec("ui.games." + game_id.replace("-", "_")) is None:
        pytest.skip(f"{game_id} has no board yet")


def board_pieces(scene):
    return [it for it in scene.items() if getattr(it, "action", None) is not None and hasattr(it, "hover_text")]


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_hover_and_click_agree_and_refusals_explain(shell, qtbot, game_id):
    needs_board(game_id)
    shell.settings.set("confirm_turn", False)
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(game_id, seats, {}, 5)
    messages: list[str] = []
    window.controller.status.connect(messages.append)
    rng = Rng(11)
    refused = taken = 0
    wording: dict[str, str] = {}
    for _ in range(DECISIONS):
        qtbot.waitUntil(lambda: window.controller.human_to_move() or window.controller.session.is_over(),
                        timeout=20_000)
        c = window.controller
        if c.session.is_over():
            break
        legal = set(c.legal)
        for item in window.view.scene().items():  # the board's own words read right too
            for text in (item.toolTip(), item.hover_text() if hasattr(item, "hover_text") else ""):
                for problem in wording_problems(text):
                    wording.setdefault(problem, text)
        for piece in board_pieces(window.view.scene()):
            action = piece.action
            expected = c.refusal(action)
            if expected is None:
                assert action in legal, f"{action} would be taken but is not legal"
                assert piece.legal, f"a legal piece does not glow: {action}"
                taken += 1
                continue
            assert not piece.legal, f"{action} glows but is refused: {expected}"
            assert expected != GENERIC, action
            assert piece.hover_text() == expected  # hover says what the click will say
            before = c.session.state.state_hash()
            messages.clear()
            assert c.on_intent(action) is False
            assert messages == [expected]
            assert c.session.state.state_hash() == before
            refused += 1
        choice = sorted(legal, key=str)[rng.randbelow(len(legal))]
        assert c.on_intent(choice)
    assert taken > 0
    assert refused > 0, f"no refused piece was met in {game_id}"
    assert not wording, wording


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_a_click_on_nothing_says_what_to_do(shell, qtbot, game_id):
    """A click where no piece takes a click (here: the board's empty corner) is answered with
    what the player is asked to do; a drag of the board is not a click and says nothing."""
    from PySide6.QtCore import QPoint, Qt

    needs_board(game_id)
    shell.settings.set("confirm_turn", False)
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(game_id, seats, {}, 3)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.controller.human_to_move(), timeout=20_000)
    messages: list[str] = []
    window.controller.status.connect(messages.append)
    view = window.view
    corner = view.mapFromScene(view.sceneRect().topLeft()) + QPoint(3, 3)
    corner.setX(max(corner.x(), 3))
    corner.setY(max(corner.y(), 3))
    assert view.itemAt(corner) is None or getattr(view.itemAt(corner), "action", None) is None
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    c = window.controller
    asked = window.game.prompt(c.view, c.legal, c.session.names)
    assert messages == [f"Nothing to choose there. {asked}"]
    messages.clear()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=corner)
    qtbot.mouseMove(view.viewport(), corner + QPoint(40, 30))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=corner + QPoint(40, 30))
    assert messages == []
