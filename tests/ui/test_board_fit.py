"""The board fills the view: at the default fit the board that is drawn, not the
pieces hidden or parked by the pool, takes at least 90 % of the view's width or of its height, at
1600×1000 and at 1024×700, also after a stretch of play in which pieces came and went (a charter's
stock chips, a strip of choices): a piece parked off the drawn board, or a row of chips running
past its card, made the fit zoom out to a board two thirds of the view's size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from engine.core import registry
from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from tests.ui.views import shown_board_view
from ui.games import playable_specs

GAMES = sorted({s.id for s in playable_specs()} | {"big-shoulders"})


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    if "big-shoulders" not in registry.GAME_MODULES:
        monkeypatch.setitem(registry.GAME_MODULES, "big-shoulders", "engine.games.big_shoulders")


def drawn_rect(scene) -> QRectF:
    """The union of the pieces that are drawn (visible, with a visible parent)."""
    rect = QRectF()
    for item in scene.items():
        if item.isVisible():
            rect = rect.united(item.sceneBoundingRect())
    return rect


def fill(view) -> float:
    """How much of the view's width or height (the larger share) the drawn board takes; the room
    the fit keeps free above the board for a growing prompt bar (`top_reserve`) is not the board's."""
    board = view.mapFromScene(drawn_rect(view.scene())).boundingRect()
    port = view.viewport().rect()
    height = port.height() - min(view.top_reserve, port.height() // 4)
    return max(board.width() / port.width(), board.height() / height)


@pytest.mark.parametrize("size", [(1600, 1000), (1024, 700)])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_fitted_board_fills_the_view(shell, qtbot, game_id, size):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(game_id, seats, {}, 21)
    window.resize(*size)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.controller.human_to_move(), timeout=10_000)
    qtbot.wait(1)
    view = window.view
    assert fill(view) >= 0.9, f"{game_id} at {size}: the board takes {fill(view):.0%} of the view"
    # play on: pieces come and go (chips, strips of choices) and the fit follows the board
    c = window.controller
    rng = Rng(5)
    for _ in range(150):
        if c.session.is_over():
            break
        if not c.human_to_move():
            qtbot.wait(1)
            continue
        legal = list(c.legal)
        c.on_intent(legal[rng.randbelow(len(legal))])
    qtbot.wait(1)
    view.fit()
    assert fill(view) >= 0.9, f"{game_id} at {size} after play: the board takes {fill(view):.0%} of the view"


def test_pieces_parked_by_the_pool_do_not_count_in_the_fit(qtbot):
    from PySide6.QtWidgets import QGraphicsRectItem

    from ui.board.scene import GameScene

    scene = GameScene()
    scene.addItem(QGraphicsRectItem(0, 0, 800, 500))
    parked = QGraphicsRectItem(0, 0, 60, 30)
    parked.setPos(3000, 2000)  # where it was last shown, hidden
    parked.setVisible(False)
    scene.addItem(parked)
    view = shown_board_view(qtbot, scene, 1000, 700)
    view.fit()
    assert view.board_rect() == drawn_rect(scene)
    assert fill(view) >= 0.9


def test_the_quick_check_for_a_board_grown_beyond_the_fit_sees_only_drawn_pieces(qtbot):
    """A scene's rect changes on many steps; the view asks the scene's index whether a drawn piece
    reaches beyond the fitted area instead of walking every piece (BoardView._drawn_beyond): a
    hidden piece or one inside never counts, a drawn one outside on any side (or a child outside
    its parent) does, and the fit grows to take it in."""
    from PySide6.QtWidgets import QGraphicsRectItem

    from ui.board.scene import GameScene
    from ui.game.window import BoardView

    scene = GameScene()
    scene.addItem(QGraphicsRectItem(0, 0, 800, 500))
    view = BoardView()
    qtbot.addWidget(view)
    view.setScene(scene)
    scene.sceneRectChanged.connect(view.scene_rect_changed)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    area = QRectF(view._fitted)
    assert not view._drawn_beyond(area)
    inside = QGraphicsRectItem(0, 0, 50, 50)
    inside.setPos(700, 400)
    scene.addItem(inside)
    assert not view._drawn_beyond(area)
    for x, y in ((-300, 100), (1200, 100), (100, -300), (100, 900)):
        piece = QGraphicsRectItem(0, 0, 40, 40)
        piece.setPos(x, y)
        scene.addItem(piece)
        assert view._drawn_beyond(area), (x, y)
        piece.setVisible(False)
        assert not view._drawn_beyond(area), (x, y)
    child = QGraphicsRectItem(0, 0, 40, 40, inside)
    child.setPos(500, 0)  # beyond the fit, through its parent
    assert view._drawn_beyond(area)
    scene.setSceneRect(QRectF(0, 0, 1400, 600))  # what a scene's show() does: the view follows
    assert view._fitted.contains(view.board_rect())
    assert not view._drawn_beyond(view._fitted)


def test_a_charters_chips_stay_on_the_charter(qapp):
    """Every stock chip a charter shows (up to four buys, two sells, its asset) lies on the card."""
    from engine.core.session import Session
    from ui.games.big_shoulders.items import CharterCard
    from ui.games.big_shoulders.scene import make_scene

    session = Session.new("big-shoulders", [SeatInfo(n) for n in ("Ada", "Ben", "Cora")], seed=21)
    scene = make_scene()
    scene.set_animation_speed(0)
    rng = Rng(5)
    checked = 0
    for _ in range(300):
        if session.is_over():
            break
        seat, legal = session.to_move(), session.legal_actions()
        scene.show(session.state.view(seat), legal, session.names, seat)
        for card in (i for i in scene.items() if isinstance(i, CharterCard) and i.isVisible()):
            for chip in card.childItems():
                if chip.isVisible() and type(chip).__name__ == "ChoiceChip":
                    checked += 1
                    assert card.sceneBoundingRect().contains(chip.sceneBoundingRect()), chip.text
        session.apply(legal[rng.randbelow(len(legal))])
    assert checked > 20
