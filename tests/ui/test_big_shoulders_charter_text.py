"""No two texts on a City of the Big Shoulders charter overlap, at 1024×700 and at 1600×1000 (issue
16, board): enlarged to 9 pt on a board fitted into a small window, a long company name ran into
its goods label. A 3-player game in progress is fitted into the window; then the charters not in
play are started in the view, three at a time (so all ten names, the longest included, are drawn
at the zoom of a late game's board), and every text the view paints is measured where it lands:
the ink of one line, or the box of wrapped lines; at the fitted zoom and at the zooms around it
(0.34 to 1), so that a layout tuned to one window's zoom cannot pass. Texts on the same charter
(its own, its factories', its chips') must not overlap."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem

from engine.core.contract import SeatInfo
from engine.games.big_shoulders.data import COMPANIES, COMPANY_IDS, START_STEPS
from tests.ui.views import game_window
from ui.board.items import LOOKS, BoardItem
from ui.games.big_shoulders.items import CharterCard

SIZES = [(1024, 700), (1600, 1000)]
SLACK = 0.5  # screen pixels two texts may share (antialiased edges)
ZOOMS = (0.34, 0.38, 0.42, 0.46, 0.5, 0.55, 0.6, 0.7, 0.85, 1.0)


def every_charter_in_turn(view: dict, per_pass: int = 3):
    """Copies of `view` with, in turn, up to `per_pass` more companies started (numbers copied from
    a started one, factories empty): every charter is drawn once, on a board of a late game's
    size."""
    comps = view["companies"]
    model = next(c for c in comps.values() if c["started"])
    waiting = [cid for cid in COMPANY_IDS if not comps[cid]["started"]]
    for k in range(0, len(waiting), per_pass):
        shown = copy.deepcopy(view)
        for j, cid in enumerate(waiting[k:k + per_pass]):
            c = shown["companies"][cid]
            for key in ("started", "dir", "cash", "pref", "com", "com_pool", "com_charter", "goods", "sales",
                        "resources"):
                c[key] = copy.deepcopy(model[key])
            c["step"] = START_STEPS[(k + j) % len(START_STEPS)]
            shown["appeal_stack"] = [*shown.get("appeal_stack", []), cid]
        yield shown


YOU_AND_TWO_AIS = (SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy"))
"""The seats of the 3-player game these board tests open: one player and two Easy opponents."""

@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_two_texts_on_a_charter_overlap(shell, qtbot, monkeypatch, size):
    seats = list(YOU_AND_TWO_AIS)
    window = game_window(shell, qtbot, "big-shoulders", seats, size, 5, moves=12, rng_seed=5)
    c = window.controller
    view = window.view
    scene = view.scene()

    drawn: list[tuple[QGraphicsItem, QRectF, str]] = []   # the piece, its text's ink in scene units, the text
    painting: list[tuple[QGraphicsItem, QTransform]] = []
    paint_look = BoardItem._paint_look
    draw_text = QPainter.drawText

    def noting(item, painter, lod):
        painting.append((item, painter.worldTransform()))
        try:
            return paint_look(item, painter, lod)
        finally:
            painting.pop()

    def measuring(painter, *args):
        ink = ink_of(painter, args)
        if ink is not None and painting:
            item, start = painting[-1]
            local = start.inverted()[0].mapRect(painter.worldTransform().mapRect(ink))
            drawn.append((item, item.mapRectToScene(local), args[2]))
        return draw_text(painter, *args)

    names = [s.name for s in seats]
    seen: set[str] = set()
    for shown in every_charter_in_turn(c.session.state.view(0)):
        scene.show(shown, list(c.legal), names, 0)
        view.fit()
        qtbot.wait(20)
        fitted = view.transform().m11()
        # the fit's zoom, and the zooms around it that other windows and boards come to (a
        # layout tuned to one zoom would pass at that one only)
        for zoom in (fitted, *ZOOMS):
            view.resetTransform()
            view.scale(zoom, zoom)
            drawn.clear()
            LOOKS.clear()
            for item in scene.items():
                item.update()
            monkeypatch.setattr(BoardItem, "_paint_look", noting)
            monkeypatch.setattr(QPainter, "drawText", measuring)
            view.viewport().grab()
            monkeypatch.setattr(QPainter, "drawText", draw_text)
            monkeypatch.setattr(BoardItem, "_paint_look", paint_look)
            slack = SLACK / zoom   # screen pixels in scene units
            port = view.mapToScene(view.viewport().rect()).boundingRect()
            cards = [i for i in scene.items() if isinstance(i, CharterCard) and i.isVisible()
                     and port.contains(i.sceneBoundingRect())]
            assert cards or zoom != fitted, "the fitted board shows its charters"
            for card in cards:
                at = f"{card.cid} at {size}, zoom {zoom:.2f}"
                on_card = [(r, t) for item, r, t in drawn if item is card or card.isAncestorOf(item)]
                data = COMPANIES[card.cid]
                assert any(t in (data.name, data.short) for _, t in on_card), f"{at}: its name is not shown"
                # what it makes this Decade, in some form, is read without hovering: a player sees at a
                # glance what each company can produce
                made_forms, _ = card.values["forecast_forms"]
                assert any(t in (*made_forms, *card.values["forecast_line"]) for _, t in on_card), \
                    f"{at}: no forecast shown: {[t for _, t in on_card]}"
                seen.add(card.cid)
                for i, (a, ta) in enumerate(on_card):
                    for b, tb in on_card[i + 1:]:
                        shared = a.intersected(b)
                        assert shared.width() <= slack or shared.height() <= slack, \
                            f"{at}: {ta!r} overlaps {tb!r} ({a} / {b})"
    assert seen == set(COMPANY_IDS)


def ink_of(painter: QPainter, args: tuple) -> QRectF | None:
    """Where a `drawText(rect, flags, text)` call puts its letters, in the painter's coordinates
    (a wrapped text: the box of its lines). None for other call shapes (the board uses none)."""
    if len(args) != 3 or not isinstance(args[0], QRectF) or not str(args[2]).strip():
        return None
    rect, flags, text = args
    fm = QFontMetricsF(painter.font())
    box = fm.boundingRect(rect, int(flags), text)
    if "\n" not in text and box.height() <= fm.height() * 1.5:  # one line: its letters only
        ink = fm.tightBoundingRect(text)
        box = QRectF(box.left() + max(0.0, ink.left()), box.top() + fm.ascent() + ink.top(),
                     min(box.width(), ink.width()), ink.height())
    return box
