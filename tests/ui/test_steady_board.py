"""A steady board: acting never moves what is under the cursor. For every game, a
1-human game is played by clicking board items; before each click the clicked point's place in
the window is noted, and after the decision (and the AI answers) the same board point must be
at the same place in the window, at the same zoom, while the prompt bar, the choices and the
panels change around it. The exceptions, rare: the board grew (the view zooms out for it), or a
panel came or went and the board took another arrangement."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, Qt

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from ui.games import playable_specs


def on_window(window, scene_point: QPointF) -> QPoint:
    view = window.view
    return view.viewport().mapTo(window, view.mapFromScene(scene_point))


@pytest.mark.parametrize("game_id", [s.id for s in playable_specs()])
def test_clicked_point_stays_put_over_a_sequence_of_decisions(shell, qtbot, settings, game_id):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game(game_id, seats, {}, 4)
    window.resize(1024, 700)
    qtbot.waitExposed(window)
    c = window.controller
    view = window.view
    rng = Rng(7)
    prompt_heights, checked, grown, rearranged = set(), 0, 0, 0

    class HeightSeen(QObject):
        """Every height the prompt bar takes, also while the AIs move (no buttons then)."""

        def eventFilter(self, obj, event):  # noqa: N802 - Qt API
            if event.type() == QEvent.Type.Resize:
                prompt_heights.add(obj.height())
            return False

    seen = HeightSeen()
    window.prompt.installEventFilter(seen)
    for _ in range(40):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        qtbot.wait(1)  # the layout settles (a queued pass of the prompt bar)
        if c.session.is_over():
            break
        clickable = [a for a in c.legal if view.scene().item_for(a) is not None]
        if not clickable:
            c.take(rng.choice(c.legal))
            continue
        action = rng.choice(clickable)
        item = view.scene().item_for(action)
        # a click needs the item on screen (it may be scrolled away); no scroll if it is (a
        # scroll with margins would push the board into the room kept above it for the prompt)
        view.ensureVisible(item, 0, 0)
        point = item.mapToScene(item.shape().boundingRect().center())
        before, scale = on_window(window, point), view.transform().m11()
        fitted_before = QRectF(view._fitted)
        scene = view.scene()
        arranged_before = scene.arrangement.key if scene.arrangement else None
        prompt_heights.add(window.prompt.height())
        n = len(c.session.log)
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(point))
        qtbot.waitUntil(lambda n=n: len(c.session.log) > n, timeout=5000)
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        qtbot.wait(1)
        prompt_heights.add(window.prompt.height())
        after = on_window(window, point)
        if scene.arrangement is not None and scene.arrangement.key != arranged_before:
            # the other case: a panel came or went, or the board outgrew its arrangement, and the
            # layout took another (ui/board/layout.py): the panels moved, the board is fitted afresh
            rearranged += 1
            continue
        if view.transform().m11() != pytest.approx(scale):
            # the one case the view zooms out: the board grew beyond everything it showed so far
            assert view.transform().m11() < scale, f"the zoom grew after {action}"
            assert view._fitted != fitted_before and view._fitted.contains(fitted_before), \
                f"zoomed out after {action} without the board growing"
            grown += 1
            continue
        assert (after - before).manhattanLength() <= 1, f"the board moved by {after - before} after {action}"
        checked += 1
    assert checked >= 10
    assert grown <= 2, f"the board was re-fitted {grown} times"
    assert grown + rearranged <= 3, f"the board was re-fitted {grown} times and re-arranged {rearranged} times"
    # the test saw the layout around the board change (else it would prove nothing)
    assert len(prompt_heights) >= 2, "the prompt bar never changed height"
