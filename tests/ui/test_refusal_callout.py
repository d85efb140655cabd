"""A refused click is said by the piece clicked: a short callout beside it, with the
same words as the status bar, gone once the board changes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.core.contract import SeatInfo
from tests.ui.test_shell import wait_for_human

GAMES = ["first-ceo", "robber-barons", "victory-through-industry", "captains-of-industry", "big-shoulders"]
PICK = {"robber-barons": -1}
"""Which choice the human takes on the way (default the first): in Robber Barons the last one
comes soonest to a refused piece (a Target Player card naming oneself)."""


def refused_piece(window):
    """A piece on the board that carries an action the human may not take now."""
    c = window.controller
    for piece in window.view.scene().pool.items.values():
        action = getattr(piece, "action", None)
        if action is not None and piece.isVisible() and action not in c.legal and c.refusal(action):
            rect = window.view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
            if window.view.viewport().rect().contains(rect.center()):
                return piece
    return None


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_click_is_said_by_the_piece(shell, qtbot, settings, game):
    window = shell.start_game(game, [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")],
                              {}, 5)
    qtbot.waitExposed(window)
    c = window.controller
    piece = None
    for _ in range(40):  # play on until the board shows a piece that would be refused
        wait_for_human(qtbot, window)
        if c.session.is_over():
            break
        piece = refused_piece(window)
        if piece is not None:
            break
        c.take(c.legal[PICK.get(game, 0)])
    if piece is None:
        pytest.skip(f"{game}: no refused piece on the board in this game's first turns")
    reason = c.refusal(piece.action)
    view = window.view
    rect = view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: getattr(window, "refusal", None) is not None and window.refusal.isVisible(),
                    timeout=2000)
    callout = window.refusal
    assert callout.label.text() == reason == window.statusBar().currentMessage()
    assert callout.accessibleDescription() == reason
    box = callout.geometry()
    # beside the piece: just above or below it, overlapping it sideways
    assert box.right() >= rect.left() and box.left() <= rect.right()
    assert abs(box.bottom() - rect.top()) <= 4 or abs(box.top() - rect.bottom()) <= 4 or box.intersects(rect)
    # it never takes a click itself
    assert callout.testAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
    if c.legal:
        c.take(c.legal[0])
        assert not callout.isVisible()
