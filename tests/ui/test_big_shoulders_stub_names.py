"""The charters not yet in play show whole names at 1024×700 and 1600×1000 (issue 16, board): on
a board fitted into a small window, enlarged to 9 pt, 'Cracker Jack' and 'Anglo-American' were cut
('Cracker Ja…') on tiles five to a row. Each stub is painted at the fitted zoom, and at the zooms
around it, with every count of charters left (ten at the start down to one): its name is drawn
whole, as the company's short name or its abbreviation, never cut, and within the tile."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from engine.games.big_shoulders.data import COMPANIES, COMPANY_IDS
from tests.ui.test_big_shoulders_charter_text import every_charter_in_turn, ink_of
from ui.games.big_shoulders.items import STUB_NAMES, StubCard

SIZES = [(1024, 700), (1600, 1000)]
ZOOMS = (0.4, 0.45, 0.5, 0.6, 0.7, 0.85, 1.0)


def more_started(view: dict):
    """Copies of `view` with one more charter started each (every count of charters left)."""
    shown = view
    while True:
        shown = next(every_charter_in_turn(shown, per_pass=1), None)
        if shown is None or all(c["started"] for c in shown["companies"].values()):
            return
        yield shown


def painted_texts(monkeypatch, stub: StubCard, zoom: float) -> list[tuple[str, float, float]]:
    """(text, left, right of its ink in the tile's units) for every text the stub paints at `zoom`."""
    drawn = []
    draw_text = QPainter.drawText

    def measuring(painter, *args):
        ink = ink_of(painter, args)
        if ink is not None:
            box = painter.worldTransform().mapRect(ink)
            drawn.append((str(args[2]), box.left() / zoom, box.right() / zoom))
        return draw_text(painter, *args)

    image = QImage(int(stub.w * zoom) + 2, int(stub.h * zoom) + 2, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    p = QPainter(image)
    p.scale(zoom, zoom)
    monkeypatch.setattr(QPainter, "drawText", measuring)
    try:
        stub.paint_body(p, zoom)
    finally:
        monkeypatch.setattr(QPainter, "drawText", draw_text)
        p.end()
    return drawn


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_charters_not_in_play_show_whole_names(shell, qtbot, monkeypatch, size):
    seats = [SeatInfo("You"), SeatInfo("Ann", "ai", "easy"), SeatInfo("Bob", "ai", "easy")]
    window = shell.start_game("big-shoulders", seats, {}, 5)
    window.resize(*size)
    qtbot.waitExposed(window)
    c = window.controller
    qtbot.waitUntil(c.human_to_move, timeout=20_000)
    view, scene = window.view, window.view.scene()
    names = [s.name for s in seats]
    rng = Rng(3)
    for _ in range(12):
        c.take(rng.choice(c.legal))
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
    now = c.session.state.view(0)
    none_started = copy.deepcopy(now)  # as before the founding: all ten charters waiting
    for company in none_started["companies"].values():
        company["started"] = False
    none_started["appeal_stack"] = []
    counts, widths = set(), set()
    for shown in (none_started, now, *more_started(now)):
        scene.show(shown, list(c.legal), names, 0)
        view.fit()
        stubs = [i for i in scene.items() if isinstance(i, StubCard) and i.isVisible()]
        counts.add(len(stubs))
        for stub in stubs:
            cid = stub.look[0]
            data = COMPANIES[cid]
            widths.add(round(stub.w))
            for zoom in (view.transform().m11(), *ZOOMS):
                at = f"{cid} at {size}, {len(stubs)} waiting, zoom {zoom:.2f}"
                texts = painted_texts(monkeypatch, stub, zoom)
                name = [(t, left, right) for t, left, right in texts if t in (data.short, *STUB_NAMES.get(cid, ()))]
                assert name, f"{at}: no whole name in {[t for t, _, _ in texts]}"
                _, left, right = name[0]
                assert left >= -0.5 and right <= stub.w + 0.5, f"{at}: the name runs out of its tile"
                assert not any("…" in t for t, _, _ in texts), f"{at}: a text is cut: {texts}"
    assert max(counts) == len(COMPANY_IDS) and min(counts) <= 2
    assert len(widths) >= 2  # four to a row where that takes no more rows than five, else five
