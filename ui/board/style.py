"""The palette and type of STYLE.md, shared by every board, panel and log.

Colours are module constants (hex strings) plus `qcolor()` to turn them into QColor. Fonts are the
bundled DejaVu families, registered once with `load_fonts()`; `serif(pt)` and `sans(pt)` return
fonts sized in *pixels* (pt × 96 / 72), so that a board lays out identically on every screen and
in an offscreen image whatever the device's DPI: at the default zoom (1 scene unit = 1 logical
pixel) a 9 pt font is 12 px tall, as on a standard 96 dpi desktop.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QColor, QFont, QFontDatabase

from engine.core.assets import assets_dir

# -- colours ---------------------------------------------------------------------------------------
TABLE = "#2b2b2b"
"""The dark neutral behind the board, so the board reads as an object."""
TABLE_LIGHT = "#353230"
PAPER = "#f4ecd8"
"""Warm paper of boards and cards (light end)."""
PAPER_DARK = "#e9dcc0"
"""Warm paper (dark end): bands, spaces, alternating rows."""
PAPER_SHADE = "#d9c9a3"
INK = "#3b3127"
"""Ink lines and text."""
INK_SOFT = "#6b5d4d"
"""Secondary text and thin rules."""
NPC_GREY = "#8a8a8a"
"""NPC and neutral pieces (drawn with a hatched fill)."""
MONEY_GREEN = "#2e7d32"
"""Gains in logs and score deltas."""
BRICK_RED = "#b23a2e"
"""Losses in logs and score deltas."""
GOLD = "#d4a017"
"""Highlight of legal targets."""
BRASS = "#b08d57"
"""Brass trim of boards and card backs."""
CARD_BACK = "#4a3b5c"
"""The common back of a deck (a deep engraved violet)."""

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#0072B2", "#CC79A7")
"""Okabe–Ito seat colours in seat order (STYLE.md): orange, sky blue, bluish green, vermillion,
blue, reddish purple. Yellow (#F0E442) is left out: faint on the cream board and close to orange."""

SEAT_DASHES: tuple[tuple[float, ...], ...] = ((), (6, 3), (1.2, 2.4), (8, 3, 1.2, 3), (14, 4),
                                              (6, 2.5, 1.2, 2.5, 1.2, 2.5))
"""Each seat's dash pattern in charts, in units of the line's width (Qt's convention): solid,
dashed, dotted, dash-dot, long dash, dash-dot-dot. With the seat's mark at the line's end, two
lines are told apart without colour."""

SEAT_SHAPES = ("●", "■", "▲", "◆", "★", "⬟", "✚")
"""Fallback seat marks when names do not give distinct initials."""

# Text on a seat colour: dark ink on the light colours, paper on the dark ones.
_DARK_SEATS = {"#0072B2", "#D55E00", "#009E73", "#CC79A7"}


def qcolor(hex_colour: str, alpha: int = 255) -> QColor:
    """A QColor from a hex string, with an optional alpha 0..255."""
    c = QColor(hex_colour)
    c.setAlpha(alpha)
    return c


_SEAT_ORDER: list[int] = list(range(len(SEAT_COLOURS)))
"""Seat -> index into SEAT_COLOURS: the palette's order, or with the player's own colour swapped in."""


def seat_colour(seat: int) -> str:
    """The colour of `seat` (0-based) in Okabe–Ito order (or as `use_own_colour` arranged it)."""
    return SEAT_COLOURS[_SEAT_ORDER[seat % len(SEAT_COLOURS)]]


def use_own_colour(seat: int | None, colour: str) -> None:
    """Preferences → Your seat colour: `seat` (the first human seat) takes `colour` from the
    palette and the seat that had it takes `seat`'s, so every seat keeps a colour of its own (and
    its mark). An empty `colour` or None `seat` restores the palette's order."""
    order = list(range(len(SEAT_COLOURS)))
    upper = [c.upper() for c in SEAT_COLOURS]
    if seat is not None and colour and colour.upper() in upper:
        mine, theirs = seat % len(order), upper.index(colour.upper())
        other = order.index(theirs)
        order[mine], order[other] = order[other], order[mine]
    _SEAT_ORDER[:] = order


def seat_dashes(seat: int) -> tuple[float, ...]:
    """The dash pattern of `seat`'s lines in charts (empty: a solid line)."""
    return SEAT_DASHES[seat % len(SEAT_DASHES)]


def text_on(colour: str) -> str:
    """A legible text colour (ink or paper) on a background of `colour`."""
    if colour.upper() in _DARK_SEATS:
        return PAPER
    c = QColor(colour)
    lum = 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF()
    return INK if lum > 0.45 else PAPER


def seat_marks(names: list[str]) -> list[str]:
    """One mark per seat: the initial letter of each name if those are all distinct letters,
    else the shapes ● ■ ▲ ◆ ★ ⬟ in seat order (so colour is never the only cue)."""
    initials = [n.strip()[:1].upper() for n in names]
    if all(i.isalpha() for i in initials) and len(set(initials)) == len(initials):
        return initials
    return [SEAT_SHAPES[i % len(SEAT_SHAPES)] for i in range(len(names))]


def npc_mark(name: str) -> str:
    """A two-letter mark for a neutral piece (its capitals: "DissNeed" -> "DN", "Pineapple" ->
    "Pi"), so it never reads as a seat's one-letter initial."""
    caps = [ch for ch in name if ch.isupper()]
    if len(caps) >= 2:
        return caps[0] + caps[1]
    letters = [ch for ch in name if ch.isalpha()]
    return (letters[0].upper() + letters[1].lower()) if len(letters) >= 2 else name[:2]


# -- fonts -----------------------------------------------------------------------------------------
SERIF_FAMILY = "DejaVu Serif"
SANS_FAMILY = "DejaVu Sans"


@cache
def load_fonts() -> list[str]:
    """Register the bundled fonts in assets/fonts with QFontDatabase (once); returns the families.

    Needs a QGuiApplication. Falls back silently to system fonts if the files are missing."""
    families: list[str] = []
    folder = assets_dir() / "fonts"
    for path in sorted(folder.glob("*.ttf")):
        font_id = QFontDatabase.addApplicationFont(str(path))
        if font_id >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return sorted(set(families))


def px(pt: float) -> int:
    """Pixels of a `pt` point size at the reference 96 dpi."""
    return max(1, round(pt * 96 / 72))


def _font(family: str, pt: float, bold: bool, tabular: bool) -> QFont:
    # a copy of one made font per size: a board paints some hundred texts per update, and making
    # a font anew (five setters through the bindings, a new font resolution) cost more than the text
    return QFont(_made_font(family, pt, bold, tabular))


@cache
def _made_font(family: str, pt: float, bold: bool, tabular: bool) -> QFont:
    f = QFont(family)
    f.setPixelSize(px(pt))
    f.setBold(bold)
    f.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    # Full hinting would snap glyphs to the pixel grid and change widths with the zoom.
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    if tabular and hasattr(QFont, "Tag"):  # font features need Qt ≥ 6.7
        try:
            f.setFeature(QFont.Tag("tnum"), 1)  # Qt ≥ 6.7; DejaVu digits are tabular anyway
        except (AttributeError, TypeError):  # pragma: no cover - older Qt
            pass
    return f


def serif(pt: float, bold: bool = False) -> QFont:
    """The serif (titles, card names) at `pt` points (see module doc for the pixel rule)."""
    return _font(SERIF_FAMILY, pt, bold, False)


def sans(pt: float, bold: bool = False, tabular: bool = True) -> QFont:
    """The sans (numbers, body text) at `pt` points, with tabular figures where supported."""
    return _font(SANS_FAMILY, pt, bold, tabular)


MIN_PT = 9
"""Nothing on a board is smaller than this at the default zoom (STYLE.md)."""
