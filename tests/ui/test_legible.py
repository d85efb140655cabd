"""The shared rule for text on a board shown small (ui/board/legible.py): never under 9 pt on the
screen; a text that no longer fits gives way to a condensed cut, then to its short form, then to
nothing (its tooltip carries it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from ui.board import style
from ui.board.legible import CONDENSED, MIN_SCREEN_PX, draw_legible


@pytest.fixture
def painter(qapp):
    style.load_fonts()
    image = QImage(800, 400, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    drawn = []
    draw_text = QPainter.drawText

    def recording(self, *args):
        drawn.append((self.font().pixelSize() * self.worldTransform().m11(), self.font().stretch(),
                      next(a for a in args if isinstance(a, str))))
        return draw_text(self, *args)

    QPainter.drawText = recording
    yield p, drawn
    QPainter.drawText = draw_text
    p.end()


def test_large_enough_text_is_drawn_as_designed(painter):
    p, drawn = painter
    assert draw_legible(p, QRectF(0, 0, 200, 20), "Banking", style.serif(10, bold=True))
    assert drawn == [(style.px(10), 0, "Banking")]  # its own size, normal width (stretch unset)


def test_small_text_is_enlarged_to_the_minimum_when_it_fits(painter):
    p, drawn = painter
    p.scale(0.5, 0.5)
    assert draw_legible(p, QRectF(0, 0, 300, 20), "Oil", style.sans(9))
    (size, _, text), = drawn
    assert text == "Oil" and size >= MIN_SCREEN_PX


def test_too_wide_text_tries_a_condensed_cut_then_its_short_form_then_nothing(painter):
    p, drawn = painter
    p.scale(0.5, 0.5)
    font = style.serif(10, bold=True)
    # at 24 px "Merchandising" is ~200 wide; condensed ~150: a 160-wide place takes the condensed cut
    assert draw_legible(p, QRectF(0, 0, 160, 30), "Merchandising", font, elide=False)
    assert drawn[-1][1] == CONDENSED and drawn[-1][2] == "Merchandising"
    # an 80-wide place: only the short form fits
    assert draw_legible(p, QRectF(0, 0, 80, 30), "Merchandising", font, elide=False, short="Merch.")
    assert drawn[-1][2] == "Merch." and drawn[-1][0] >= MIN_SCREEN_PX
    # nothing fits: nothing is drawn
    count = len(drawn)
    assert not draw_legible(p, QRectF(0, 0, 30, 30), "Merchandising", font, elide=False, short="Merch.")
    assert len(drawn) == count


def test_a_number_is_never_cut_short(painter):
    p, drawn = painter
    p.scale(0.4, 0.4)
    # a price that does not fit is left out rather than drawn as "1…"
    assert not draw_legible(p, QRectF(0, 0, 20, 20), "1234", style.sans(9), elide=False)
    assert not drawn


def test_a_track_shown_small_reads_as_a_ruler(painter):
    from ui.board.items import TrackItem

    p, drawn = painter
    spaces = [QRectF(i * 24, 0, 24, 24) for i in range(60)]
    track = TrackItem(spaces, [str(i) for i in range(60)], [QPointF(0, 1)] * 60)
    track.paint_body(p, 1.0)
    assert [t for _, _, t in drawn] == [str(i) for i in range(60)]
    drawn.clear()
    p.scale(0.45, 0.45)
    track.paint_body(p, 0.45)
    shown = [int(t) for _, _, t in drawn]
    assert shown and all(n % 5 == 0 for n in shown) and 0 in shown and 50 in shown
    assert all(size >= MIN_SCREEN_PX for size, _, _ in drawn)


def test_at_the_design_size_a_text_too_large_for_its_place_takes_a_short_form_that_fits(painter):
    """Large enough, but too wide (one line) or too tall (wrapped) for its place: the first shorter
    form that fits is drawn at the design size, rather than running out of its piece or being cut;
    with none that fits, the text is drawn as before (elided where allowed)."""
    p, drawn = painter
    font = style.sans(12, bold=True)
    forms = ("Idle: F1 needs 1 Worker", "Idle")
    assert draw_legible(p, QRectF(0, 0, 280, 20), "Makes nothing yet: its first factory needs 1 more Worker", font,
                        elide=False, short=forms)
    assert drawn[-1] == (style.px(12), 0, "Idle: F1 needs 1 Worker")
    wrap = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
    assert draw_legible(p, QRectF(0, 0, 110, 34), "Automate 2 Workers (in one factory or two)", style.sans(9),
                        flags=wrap, elide=False, short=("Automate 2 Workers",))
    assert drawn[-1][2] == "Automate 2 Workers"
    # it fits as it is: the short form is not used
    assert draw_legible(p, QRectF(0, 0, 400, 20), "Makes 3 Dry Goods", font, elide=False, short=("Makes 3",))
    assert drawn[-1][2] == "Makes 3 Dry Goods"
    # no short form fits: elided as before
    assert draw_legible(p, QRectF(0, 0, 60, 20), "Merchandising", font, short=("Merchandise",))
    assert drawn[-1][2].endswith("…")


def test_a_remembered_fitting_draws_what_measuring_draws(painter):
    """draw_legible remembers how a text fits (by text, font, place, flags and scale): drawn
    again it comes out as measured afresh, and a font changed after use is measured anew."""
    from ui.board import legible

    p, drawn = painter
    p.scale(0.5, 0.5)
    cases = [(QRectF(0, 0, 160, 30), "Merchandising", style.serif(10, bold=True), False, ()),
             (QRectF(0, 0, 80, 30), "Merchandising", style.serif(10, bold=True), False, ("Merch.",)),
             (QRectF(0, 0, 30, 30), "Merchandising", style.serif(10, bold=True), False, "Merch."),
             (QRectF(0, 0, 90, 20), "Monopolies of steel", style.sans(9), True, ()),
             (QRectF(0, 0, 300, 40), "Oil", style.serif(14), True, ())]
    first = []
    for rect, text, font, elide, short in cases:
        first.append((draw_legible(p, rect, text, font, elide=elide, short=short), drawn[-1] if drawn else None))
        drawn.clear()
    for _ in range(2):  # remembered, then measured afresh
        again = []
        for rect, text, font, elide, short in cases:
            again.append((draw_legible(p, rect, text, font, elide=elide, short=short), drawn[-1] if drawn else None))
            drawn.clear()
        assert again == first
        legible._PLANS.clear()
    font = style.sans(9)
    draw_legible(p, QRectF(0, 0, 300, 60), "Oil", font)
    font.setPixelSize(40)  # the caller's font changed after use: its new size is drawn
    draw_legible(p, QRectF(0, 0, 300, 60), "Oil", font)
    assert drawn[-1][0] == 40 * 0.5


def test_remembered_plans_are_lean_and_give_what_measuring_gives(painter):
    """A board's plans number thousands, made during play among the game's own objects: they keep
    one copy of each font (not one per plan) and their boxes as plain numbers, and a remembered
    plan still gives the text, font and box that measuring afresh gives."""
    from PySide6.QtGui import QFont

    from ui.board import legible

    p, _ = painter
    legible.forget_plans()

    def asked():
        for zoom in (1.0, 0.5):  # as designed, and enlarged to the minimum (its box widened)
            p.resetTransform()
            p.scale(zoom, zoom)
            for i in range(60):
                for font in (style.sans(10), style.serif(12, bold=True)):
                    shown = legible.plan_legible(p, QRectF(i, 2, 100 + 2 * i, 30), f"Factory {i}", font,
                                                 short=(str(i),))
                    yield None if shown is None else (shown.text, shown.font.key(), shown.box.getRect(), shown.flags)

    measured = list(asked())
    assert len(legible._PLANS) == 240 and any(measured)
    assert len({id(key[1]) for key in legible._PLANS}) == 2  # the two fonts asked for, one copy each
    faces = {id(plan[1]) for plan in legible._PLANS.values() if plan is not legible._NOTHING and plan[1] is not None}
    assert 0 < len(faces) <= 4  # the enlarged and condensed cuts, shared too
    kept = [v for plan in legible._PLANS.values() if plan is not legible._NOTHING for v in plan]
    assert not any(isinstance(v, QRectF) for v in kept)
    assert all(isinstance(v, QFont) for v in kept if not isinstance(v, (str, tuple, type(None))))
    assert list(asked()) == measured  # remembered
    legible.forget_plans()
    assert legible._FONTS == {}
    assert list(asked()) == measured  # measured afresh


def test_fit_font_remembers_its_answer_without_sharing_it(qapp):
    from ui.board import items
    from ui.board.items import fit_font

    style.load_fonts()
    items._FITTED.clear()
    measured = fit_font("Merchandising", style.serif(12, bold=True), 60).pixelSize()
    assert measured < style.px(12)
    shrunk = fit_font("Merchandising", style.serif(12, bold=True), 60)
    assert shrunk.pixelSize() == measured  # remembered
    shrunk.setPixelSize(3)  # the caller's own copy
    assert fit_font("Merchandising", style.serif(12, bold=True), 60).pixelSize() == measured
    assert fit_font("Oil", style.serif(12, bold=True), 60).pixelSize() == style.px(12)
