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


def idle_piece(window):
    """A piece in sight that takes no click now (it carries no action) but says what it is: the
    point inside it where a click lands on it and on nothing above it."""
    view, scene = window.view, window.view.scene()
    port = view.viewport().rect()
    for piece in scene.items():
        if getattr(piece, "action", "none") is not None or not piece.isVisible() or not piece.toolTip():
            continue
        rect = view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
        if rect.width() < 12 or rect.height() < 12 or not port.contains(rect.center()):
            continue
        centre = rect.center()
        if scene.piece_at(view.mapToScene(centre)) is piece and scene.itemAt(view.mapToScene(centre),
                                                                           view.transform()) is not None:
            return piece, centre
    return None, None


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_a_piece_that_is_no_choice_says_why_by_it(shell, qtbot, settings, game):
    """A click on a piece that takes no click now is answered by the piece, with what it is and
    what the player may do instead: never only "Nothing to choose there." in the status bar."""
    window = shell.start_game(game, [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")],
                              {}, 5)
    qtbot.waitExposed(window)
    window.resize(1280, 720)
    c = window.controller
    wait_for_human(qtbot, window)
    window.view.fit(anew=True)
    qtbot.wait(20)
    piece, at = idle_piece(window)
    assert piece is not None, f"{game}: no piece without a choice in sight"
    title = piece.toolTip().split("\n")[0]
    before = c.state_hash()
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.waitUntil(lambda: getattr(window, "refusal", None) is not None and window.refusal.isVisible(),
                    timeout=2000)
    said = window.refusal.label.text()
    assert c.state_hash() == before
    assert said == window.statusBar().currentMessage()
    assert not said.startswith("Nothing to choose there") and "is not a choice now" in said
    name = said.split(" is not a choice now")[0]
    assert name == "That" or name.lower() in title.lower()
    rect = window.view.mapFromScene(piece.sceneBoundingRect()).boundingRect()
    box = window.refusal.geometry()
    assert box.adjusted(-6, -6, 6, 6).intersects(rect) or box.adjusted(-6, -6, 6, 6).contains(at)


@pytest.mark.parametrize("steps", [0, 30], ids=["placing", "playing"])
def test_a_click_on_an_empty_space_of_a_vti_complex_says_what_it_is_there(shell, qtbot, settings, steps):
    """Victory Through Industry: a click on an empty space of the complex that is no choice now
    (a newcomer's first try at building there) is answered by the space, with what it is and what
    the player is asked to do, never "Nothing to choose there."."""
    from PySide6.QtCore import QPoint

    from engine.core.rng import Rng

    window = shell.start_game("victory-through-industry",
                              [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")], {}, 5)
    qtbot.waitExposed(window)
    window.resize(1280, 720)
    c = window.controller
    rng = Rng(3)
    for _ in range(steps):
        wait_for_human(qtbot, window)
        c.take(rng.choice(c.legal))
    wait_for_human(qtbot, window)
    qtbot.wait(20)
    view, scene = window.view, window.view.scene()
    grid = scene.pool.items[("grid",)]
    box = view.mapFromScene(grid.sceneBoundingRect()).boundingRect()
    spots = [QPoint(x, y) for x in range(box.left() + 4, box.right(), 9) for y in range(box.top() + 4, box.bottom(), 9)]
    at = next((p for p in spots if view.viewport().rect().contains(p)
               and scene.piece_at(view.mapToScene(p)) is grid), None)
    assert at is not None, "no empty space of the complex in sight"
    before = c.state_hash()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.waitUntil(lambda: window.refusal is not None and window.refusal.isVisible(), timeout=2000)
    said = window.refusal.label.text()
    assert c.state_hash() == before
    assert said == window.statusBar().currentMessage()
    assert said.startswith("An empty space of your complex is not a choice now. ")
    assert said.endswith(window.game.prompt(c.view, c.legal, c.session.names))
    assert window.refusal.geometry().adjusted(-6, -6, 6, 6).contains(at) or \
        (window.refusal.geometry().center() - at).manhattanLength() < 120
