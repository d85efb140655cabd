"""The shared palette, marks and fonts (ui/board/style.py) and the icons (ui/board/icons.py)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QFontDatabase, QFontInfo

from ui.board import icons, style


def test_seat_colours_are_okabe_ito_in_order():
    """STYLE.md's order; yellow is not a seat colour (faint on cream, close to orange)."""
    assert style.SEAT_COLOURS == ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#0072B2", "#CC79A7")
    assert "#F0E442" not in style.SEAT_COLOURS
    assert style.seat_colour(3) == "#D55E00"


def test_every_seat_has_its_own_dash_pattern():
    """Up to the largest table of any game, no two seats share a chart dash pattern."""
    from engine.core.registry import all_specs

    most = max(spec.max_players for spec in all_specs())
    assert len({style.seat_dashes(s) for s in range(most)}) == most
    assert style.seat_dashes(0) == ()  # the first seat draws a solid line


def test_marks_are_initials_when_distinct_else_shapes():
    assert style.seat_marks(["Ann", "bob", "Cy"]) == ["A", "B", "C"]
    assert style.seat_marks(["Ann", "Al", "Cy"]) == ["●", "■", "▲"]
    assert style.seat_marks(["1st", "Bob", "Cy"])[0] == "●"


def test_text_on_keeps_contrast():
    assert style.text_on("#E69F00") == style.INK  # orange: dark ink
    assert style.text_on("#0072B2") == style.PAPER  # blue: paper
    for colour in style.SEAT_COLOURS:
        fg, bg = QColor(style.text_on(colour)), QColor(colour)
        assert abs(fg.lightnessF() - bg.lightnessF()) > 0.25, colour


def test_bundled_fonts_register_and_are_used(qapp):
    families = style.load_fonts()
    assert "DejaVu Sans" in families and "DejaVu Serif" in families
    assert "DejaVu Sans" in QFontDatabase.families()
    f = style.sans(9)
    assert QFontInfo(f).family() == "DejaVu Sans"
    assert QFontInfo(style.serif(12, bold=True)).family() == "DejaVu Serif"


def test_point_sizes_become_pixels_at_96_dpi(qapp):
    assert style.sans(9).pixelSize() == 12
    assert style.serif(12).pixelSize() == 16
    assert style.px(style.MIN_PT) == 12


@pytest.mark.parametrize("name", icons.ICON_NAMES)
def test_every_icon_is_a_nonempty_path_in_its_box(qapp, name):
    path = icons.icon_path(name)
    assert not path.isEmpty()
    box = path.boundingRect()
    assert box.left() >= -8 and box.top() >= -8 and box.right() <= 108 and box.bottom() <= 108, box


def test_icon_image_draws_something_at_both_ratios(qapp):
    for dpr in (1.0, 2.0):
        img = icons.icon_image("hardware", 24, dpr)
        assert img.width() == round(24 * dpr)
        opaque = sum(1 for x in range(img.width()) for y in range(img.height()) if img.pixelColor(x, y).alpha() > 0)
        assert opaque > img.width() * img.height() // 3


def test_icon_names_accept_engine_spellings(qapp):
    assert icons.canonical("Retail") == "retail"
    assert icons.canonical("increase") == "asset_up"
    assert icons.canonical("decrease") == "asset_down"
    for industry in icons.INDUSTRIES:
        assert industry in icons.INDUSTRY_COLOURS
