"""The parts of a City of the Big Shoulders board that were cut or blank when the board is fitted
into a 1024×700 or 1600×1000 window, painted at the fitted zoom and the zooms
around it, each text measured where it lands:

- the charters not yet in play: enlarged to 9 pt, 'Cracker Jack' and 'Anglo-American' were cut
  ('Cracker Ja…') on tiles five to a row; with every count of charters left (ten at the start
  down to one) each name is drawn whole, as the short name or its abbreviation, in its tile;
- the Capital Assets showed their prices only and the Public Goals next to nothing: each asset
  shows a name and what it does, and each goal its number and a word, in their places."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from engine.core.contract import SeatInfo
from engine.core.rng import Rng
from engine.games.big_shoulders.data import ASSETS, COMPANIES, COMPANY_IDS, GOALS
from tests.ui.test_big_shoulders_charter_text import YOU_AND_TWO_AIS, every_charter_in_turn, ink_of
from tests.ui.views import game_window
from ui.board.pieces import Chip, Panel, TextItem
from ui.games.big_shoulders.items import STUB_NAMES, AssetTile, StubCard
from ui.games.big_shoulders.words import ASSET_NAME_SHORT, asset_short, asset_tiny, goal_forms

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


def painted_texts(monkeypatch, stub, zoom: float) -> list[tuple[str, float, float]]:
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
    seats = list(YOU_AND_TWO_AIS)
    window = game_window(shell, qtbot, "big-shoulders", seats, size, 5, moves=12, rng_seed=3)
    c = window.controller
    view, scene = window.view, window.view.scene()
    names = [s.name for s in seats]
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


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_capital_assets_and_goals_read_on_a_small_board(shell, qtbot, monkeypatch, size):
    seats = [SeatInfo("You"), *(SeatInfo(n, "ai", "easy") for n in ("Ann", "Bob", "Cy"))]
    window = game_window(shell, qtbot, "big-shoulders", seats, size, 9)
    c = window.controller
    view, scene = window.view, window.view.scene()
    names = [s.name for s in seats]
    row = list(c.session.state.view(0)["asset_row"])
    seen_assets, seen_goals = set(), set()
    # every asset in turn in the row, a late game's board (most charters started)
    late = list(more_started(c.session.state.view(0)))[-3]
    for k in range(0, len(ASSETS), len(row)):
        shown = copy.deepcopy(late)
        shown["asset_row"] = list(ASSETS)[k:k + len(row)]
        scene.show(shown, list(c.legal), names, 0)
        view.fit()
        fitted = view.transform().m11()
        for zoom in (fitted, *ZOOMS):
            for tile in (i for i in scene.items() if isinstance(i, AssetTile) and i.isVisible() and i.look[0]):
                aid = next(a for a in ASSETS if ASSETS[a].name == tile.look[0])
                texts = painted_texts(monkeypatch, tile, zoom)
                at = f"{aid} at {size}, zoom {zoom:.2f}: {texts}"
                shown_texts = [t.replace("\n", " ") for t, _, _ in texts]
                named = any(t in (ASSETS[aid].name, *ASSET_NAME_SHORT.get(aid, ())) for t in shown_texts)
                told = any(t in (asset_short(aid), *asset_tiny(aid)) for t in shown_texts)
                # both from the zoom of a 1024×700 window's mid-game board up; at least one on the
                # smallest, a late game's with most charters started (the name is in the tooltip)
                assert (named and told) if zoom >= 0.4 else told, at
                assert all(-0.5 <= left and right <= tile.w + 0.5 for _, left, right in texts), at
                seen_assets.add(aid)
            for label in (i for i in scene.items() if isinstance(i, TextItem) and i.isVisible()
                          and str(i.toolTip()).startswith("Goal ")):
                gid = int(label.toolTip().split()[1].rstrip(":"))
                texts = painted_texts(monkeypatch, label, zoom)
                at = f"goal {gid} at {size}, zoom {zoom:.2f}: {texts}"
                assert any(t in goal_forms(gid) for t, _, _ in texts), at
                assert all(-0.5 <= left and right <= label.w + 0.5 for _, left, right in texts), at
                seen_goals.add(gid)
    assert seen_assets == set(ASSETS)
    assert len(seen_goals) == 5 and seen_goals <= set(GOALS)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_panel_notes_and_header_chips_are_not_cut(shell, qtbot, monkeypatch, size):
    """Every panel's title and note and every chip of the header (the phases, Priority, the
    Choices) draws a whole form at the fitted zoom: 'Buil', 'Clea', 'Pass for the rest of t…'
    and notes cut with '…' were what a 1024×700 window showed."""
    seats = list(YOU_AND_TWO_AIS)
    window = game_window(shell, qtbot, "big-shoulders", seats, size, 5)
    c, view, scene = window.controller, window.view, window.view.scene()
    rng, checked = Rng(4), 0
    for _ in range(40):
        qtbot.waitUntil(lambda: c.human_to_move() or c.session.is_over(), timeout=20_000)
        if c.session.is_over():
            break
        qtbot.wait(1)
        zoom = view.transform().m11()
        header = next(i for k, i in scene.pool.items.items() if k == ("panel", "header"))
        pieces = [i for i in scene.items() if i.isVisible() and (isinstance(i, Panel) or (
            isinstance(i, Chip) and header.sceneBoundingRect().contains(i.sceneBoundingRect())))]
        for piece in pieces:
            texts = painted_texts(monkeypatch, piece, zoom)
            name = piece.text if isinstance(piece, Chip) else piece.title
            assert texts, f"{name}: nothing drawn at {size}, zoom {zoom:.2f}"
            assert not any("…" in t for t, _, _ in texts), f"cut at {size}, zoom {zoom:.2f}: {texts}"
            if isinstance(piece, Chip):
                assert all(t in (piece.text, *piece.short) for t, _, _ in texts), texts
            checked += 1
        c.take(rng.choice(c.legal))
    assert checked > 100


@pytest.mark.parametrize("players", [3, 4])
def test_a_resize_that_reshapes_the_players_hand_or_goals_draws_what_a_whole_redraw_draws(
        shell, qtbot, monkeypatch, players):
    """A new room that only gives the players, the hand or the goals their other shape draws
    those panels again and moves the rest (a whole redraw of the city at every resize took most
    of a frame): what it shows is what the whole board drawn afresh shows."""
    from PySide6.QtWidgets import QApplication

    from tests.ui.board_measure import SIZES, play_on, settle
    from ui.board.changes import looks
    from ui.board.scene import GameScene

    seats = list(YOU_AND_TWO_AIS) + [SeatInfo("Cy", "ai", "easy")] * (players - 3)
    window = game_window(shell, qtbot, "big-shoulders", seats, (1024, 700), 5)
    window._measure_rng = 4
    play_on(window, 60)
    scene = window.view.scene()
    partial = []
    real = type(scene).redraw_panels

    def counted(self, names):
        done = real(self, names)
        partial.append(done)
        return done

    monkeypatch.setattr(type(scene), "redraw_panels", counted)
    # the common screens between them too: where a panel's shape changes without the board's
    # words changing size depends on every panel's height (SIZES alone had no such resize for
    # three players once the tracks made room beside them for their markers)
    sizes = sorted(SIZES + [(1024, 768), (1152, 864), (1280, 800), (1440, 900), (1680, 1050)])
    for size in sizes + sizes[::-1]:
        window.resize(*size)
        settle(QApplication.instance())
        shown, arrangement = looks(scene), dict(scene.arrangement.rects)
        GameScene.redraw(scene)  # the whole board drawn again for the same room
        assert looks(scene) == shown, f"at {size}"
        assert dict(scene.arrangement.rects) == arrangement, f"at {size}"
    assert any(partial), "no resize only reshaped the players, the hand or the goals"
