"""Legible text at any zoom (STYLE.md: nothing on the board under 9 pt; tooltips carry the full
text). Every text a board piece paints goes through `draw_legible`, which measures the size the
text will have on the screen (the painter's scale, so the view's zoom times the item's own) and
never draws it smaller than `style.MIN_PT`:

- a text that is large enough is drawn as asked (or, if it does not fit its place, the first of
  its shorter forms that does);
- a smaller one is drawn at the minimum size instead, if it still fits its place (a little
  overflow of the height is allowed: the rects of a layout are drawn for the text's own size),
  in a condensed cut if the normal one is too wide;
- if not, the first of its shorter forms (`short`: e.g. the number only, or an abbreviation) that
  fits is drawn at the minimum size;
- if none fits, nothing is drawn: the piece's tooltip carries the full text.

So a board that is fitted into a small window shows fewer, larger words instead of unreadable
ones; its layout decides which words survive by giving them room (or a short form).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from ui.board import style, text_boxes

MIN_SCREEN_PX = style.px(style.MIN_PT)
"""The least height of a font on the screen, in logical pixels (9 pt at 96 dpi = 12 px), at the
text size of 100 %."""

TEXT_SIZE = 1.0
"""The player's text size (View → Text size, 0.9 to 1.5): the least height of a text on the
screen grows with it (`min_screen_px`), so a larger text size draws the board's small texts larger
and the board's layout gives them the room (ui/board/layout.py)."""


def min_screen_px() -> float:
    """The least height of a text on the screen now, in logical pixels."""
    return MIN_SCREEN_PX * TEXT_SIZE


def set_text_size(factor: float) -> bool:
    """Set the player's text size (clamped to 0.9 to 1.5); True if it changed. The plans made
    for the old size are forgotten (they are kept by text, place and scale only)."""
    global TEXT_SIZE
    factor = min(1.5, max(0.9, float(factor)))
    if abs(factor - TEXT_SIZE) < 1e-6:
        return False
    TEXT_SIZE = factor
    forget_plans()
    return True

HEIGHT_SLACK = 1.55
"""How far (a factor of its rect's height) a text enlarged to the minimum may overflow its rect
vertically, centred on it: rows are laid out for the design size, and a one-line label keeps
reading well a little taller than its row."""

WRAP_SLACK = 1.1
"""The same for a text wrapped on several lines: barely, as the lines below it would collide."""

WIDTH_SLACK = 1.12
"""The same sideways, for a text that is never elided (a number, a mark): a price a little wider
than its chip still reads, where a price cut short would mislead. Only for texts of up to
WIDTH_SLACK_CHARS characters: longer words of neighbouring pieces would run together."""
WIDTH_SLACK_CHARS = 4


CONDENSED = 75
"""The stretch (percent of the normal width) of the condensed cut tried, before a shorter form,
for a text that does not fit at the minimum size."""


def screen_scale(p: QPainter) -> float:
    """Logical screen pixels per unit of the painter's current coordinates."""
    t = p.worldTransform()
    return math.sqrt(abs(t.m11() * t.m22() - t.m12() * t.m21())) or 1.0


def font_px(font: QFont) -> float:
    """The font's height in pixels (the board's fonts are sized in pixels, see style.py)."""
    return font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 96 / 72


def legible_font(font: QFont, scale: float) -> QFont:
    """`font`, enlarged if needed so that it is at least `min_screen_px()` tall on the screen at
    `scale`."""
    least = MIN_SCREEN_PX * TEXT_SIZE
    if font_px(font) * scale >= least - 0.01:
        return font
    f = QFont(font)
    f.setPixelSize(math.ceil(least / scale))
    return f


def _fitting(text: str, font: QFont, rect: QRectF, flags: int, elide: bool) -> str | None:
    """`text` as it fits `rect` in `font` (elided if allowed and still telling), or None."""
    fm = QFontMetricsF(font)
    if "\n" in text or (flags & Qt.TextFlag.TextWordWrap and fm.horizontalAdvance(text) > rect.width() + 0.5):
        # wrapped lines: they must stay in their rect (the next row of text starts below it)
        box = fm.boundingRect(QRectF(0, 0, rect.width(), 10_000), flags, text)
        fits = box.width() <= rect.width() + 0.5 and box.height() <= rect.height() * WRAP_SLACK
        return text if fits else None
    if fm.height() > rect.height() * HEIGHT_SLACK:
        return None
    if fm.horizontalAdvance(text) <= rect.width() + 0.5:
        return text
    if not elide:
        short_enough = len(text) <= WIDTH_SLACK_CHARS
        return text if short_enough and fm.horizontalAdvance(text) <= rect.width() * WIDTH_SLACK else None
    cut = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
    # an elided word keeps telling what it is only with a few letters left
    return cut if len(cut.rstrip("…").strip()) >= min(4, len(text)) else None


def _fits_as_designed(fm: QFontMetricsF, text: str, rect: QRectF, flags: int, one_line: bool) -> bool:
    """`text` fits `rect` at its design size: one line as wide as the rect, wrapped lines as tall."""
    if one_line:
        return fm.horizontalAdvance(text) <= rect.width() + 0.5
    return fm.boundingRect(QRectF(0, 0, rect.width(), 10_000), flags, text).height() <= rect.height() * WRAP_SLACK


def shown_width(p: QPainter, text: str, font: QFont) -> float:
    """The width (in the painter's units) `text` takes when drawn in `font` at its size on the
    screen: a layout that puts a number beside a name keeps room for the number as shown."""
    return QFontMetricsF(legible_font(font, screen_scale(p))).horizontalAdvance(text)


def lines_fit(p: QPainter, fonts: Sequence[QFont], height: float) -> bool:
    """True if lines in `fonts`, stacked, fit `height` at the sizes they will have on the screen
    (a piece with a title and a note shows only the title when the board is small)."""
    scale = screen_scale(p)
    fit = sum(QFontMetricsF(legible_font(f, scale)).height() for f in fonts) <= height * 1.05
    if not fit and TALLY is not None:  # the piece leaves a line out: a text the tooltip carries
        TALLY.asked.append(LINE_LEFT_OUT)
    return fit


class Tally:
    """What a board asked to draw and what it drew, while `TALLY` is set (tests/ui/board_measure.py:
    the share of texts left to the tooltip)."""

    def __init__(self, trace: bool = False) -> None:
        self.asked: list[str] = []
        self.drawn: list[str] = []
        self.shown: list[str] = []
        """The texts as drawn: a short form where one was used (`drawn` has the text asked for)."""
        self.trace = trace
        """Also note which piece asked for each text left out (`where`: a measure's details)."""
        self.where: dict[str, set[str]] = {}
        self.on_targets: list[str] = []
        """The texts left out by pieces that take a legal decision now (with `trace`)."""
        self.on_target_kinds: list[str] = []
        """The class of the piece that left out each of `on_targets`, in their order."""
        self.cut_on_targets: list[str] = []
        """The texts drawn cut short ("Give not…") by pieces that take a legal decision now (with
        `trace`): the decision's words, no longer read in full (`cut_unread`: unless they are
        read in full elsewhere on the board)."""
        self.whole: set[str] = set()
        """The texts drawn whole (with `trace`)."""

    def cut_unread(self) -> list[str]:
        """The texts cut short on pieces that take a decision and drawn whole nowhere else (not
        even inside a longer text: a mat's "to move · MonsterCard" names its corporation)."""
        return [t for t in self.cut_on_targets if not any(t in whole for whole in self.whole)]

    @staticmethod
    def _piece():
        """The board piece painting now (the nearest caller with a `self`)."""
        import sys

        frame = sys._getframe(3)
        while frame is not None and "self" not in frame.f_locals:
            frame = frame.f_back
        return frame.f_locals["self"] if frame is not None else None

    def note(self, text: str) -> None:
        """Where `text`, left out, was asked for: the class of the piece painting it, and whether
        that piece takes a decision now."""
        piece = self._piece()
        self.where.setdefault(text, set()).add(type(piece).__name__)
        if getattr(piece, "legal", False):  # any object may paint text; only a board's piece is legal
            self.on_targets.append(text)
            self.on_target_kinds.append(type(piece).__name__)

    def note_cut(self, text: str) -> None:
        """`text` was drawn cut short: noted if its piece takes a decision now."""
        if getattr(self._piece(), "legal", False):  # (any painter: see note)
            self.cut_on_targets.append(text)

    def undrawn(self) -> list[str]:
        """The texts asked for and not drawn (as many times as they were asked more than drawn)."""
        from collections import Counter

        return sorted((Counter(self.asked) - Counter(self.drawn)).elements())


TALLY: Tally | None = None
"""Set to a `Tally` to count the texts planned and drawn (a measure; None in play)."""
LINE_LEFT_OUT = "(a line left out)"


class Shown(NamedTuple):
    """How `plan_legible` would draw a text: the form shown, its font and the box to draw it in
    (and the text asked for, of which `text` may be a shorter form)."""

    text: str
    font: QFont
    box: QRectF
    flags: int
    asked: str = ""
    probe: bool = False
    """Planned as a probe (not counted as asked until it is drawn: `TALLY`)."""

    def extent(self) -> QRectF:
        """The rect the text takes inside `box` (its lines as aligned), in the painter's units: a
        piece that puts a second text beside it starts that one after this."""
        return QFontMetricsF(self.font).boundingRect(self.box, self.flags, self.text)


def plan_legible(p: QPainter, rect: QRectF, text: str, font: QFont,
                 flags: int = int(Qt.AlignmentFlag.AlignCenter), elide: bool = True,
                 short: str | Sequence[str] = (), probe: bool = False) -> Shown | None:
    """What `draw_legible` would draw (see the module doc), without drawing it; None if nothing.
    `probe`: only asking whether it would fit (a piece choosing where to put a text), so a
    measure of what the board leaves out does not count it (`TALLY`)."""
    if not text:
        return None
    if TALLY is not None and not probe:
        TALLY.asked.append(text)
    flags = int(flags)
    if not isinstance(short, str):
        short = tuple(short)
    scale = screen_scale(p)
    x, y, w, h = rect.getRect()
    key = (text, font, x, y, w, h, flags, elide, short, scale)
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) >= PLANS_MAX:  # before the new plan's fonts are kept, so they stay shared
            _PLANS.clear()
            _FONTS.clear()
        plan = _plan(rect, text, font, flags, elide, short, scale)
        if plan is not _NOTHING:  # kept lean (see _PLANS): most are drawn as asked, in the rect
            shown, face, box = plan
            box = box.getRect()
            plan = (None if shown == text else shown, None if face is None else _kept(face),
                    None if box == (x, y, w, h) else box)
        _PLANS[(text, _kept(font), *key[2:])] = plan  # a copy: a caller may change its font later
    if plan is _NOTHING:
        if TALLY is not None and TALLY.trace and not probe:
            TALLY.note(text)
        return None
    shown, face, box = plan
    # the caller's own font when drawn as designed (a piece may ask whether it was enlarged)
    return Shown(text if shown is None else shown, font if face is None else face,
                 QRectF(rect) if box is None else QRectF(*box), flags, text, probe)


def _kept(font: QFont) -> QFont:
    """The plans' own copy of `font`, shared by every plan drawn in an equal font (a board draws
    with a few dozen fonts)."""
    kept = _FONTS.get(font)
    if kept is None:
        kept = QFont(font)
        _FONTS[kept] = kept
    return kept


PLANS_MAX = 20_000
"""Plans remembered (by text, font, place, flags and the painter's scale): measuring a text (up
to five text layouts for one shown small) cost more than drawing it, and a board repaints the
same labels and values over and over (a review's steps, a game's turns)."""
_PLANS: dict[tuple, tuple | object] = {}
"""Plans by (text, font, the rect's x, y, width and height, flags, elide, short, scale): (the text
shown or None for the text asked, its font or None for the caller's, the box as a tuple or None
for the rect), or _NOTHING. Kept lean, without a Qt object of their own: a board's plans number
thousands, made during play among the game's own objects (ui/app/memory.py)."""
_FONTS: dict[QFont, QFont] = {}
"""The fonts the plans keep, each its own key (`_kept`)."""
_NOTHING = object()


def forget_plans() -> None:
    """Forget every plan (ui/app/memory.py, once a board is dropped: its texts and places are not
    asked for again; a full cache holds some 9 MB)."""
    _PLANS.clear()
    _FONTS.clear()


def _plan(rect: QRectF, text: str, font: QFont, flags: int, elide: bool, short: str | tuple[str, ...],
          scale: float) -> tuple[str, QFont | None, QRectF] | object:
    """`plan_legible` measured afresh: (the text shown, its font or None for the caller's, the
    box), or _NOTHING."""
    f = legible_font(font, scale)
    if f is font:  # large enough as designed: drawn exactly as before
        fm = QFontMetricsF(font)
        one_line = not (flags & Qt.TextFlag.TextWordWrap) and "\n" not in text
        if short and not _fits_as_designed(fm, text, rect, flags, one_line):
            # too large as designed: a whole shorter form that fits reads better than a cut one
            forms = [short] if isinstance(short, str) else list(short)
            text = next((c for c in forms if c and _fits_as_designed(fm, c, rect, flags, one_line)), text)
        if elide and one_line:
            text = fm.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        return text, None, QRectF(rect)
    shown = None
    candidates = [c for c in (text, *([short] if isinstance(short, str) else short)) if c]
    # a whole short form reads better than a long one cut short: elide only as a last resort
    narrow = QFont(f)
    narrow.setStretch(CONDENSED)
    tries = [(c, face, False) for c in candidates for face in (f, narrow)]
    if elide:
        tries.append((text, narrow, True))
    for candidate, face, cut in tries:
        shown = _fitting(candidate, face, rect, flags, cut)
        if shown is not None:
            f = face
            break
    if shown is None:
        return _NOTHING
    box = QRectF(rect)
    fm = QFontMetricsF(f)
    if "\n" not in shown and fm.horizontalAdvance(shown) <= rect.width() * WIDTH_SLACK:
        # one line: it may overflow its rect a little, centred on it
        dy = max(0.0, fm.height() - rect.height()) / 2
        # (a text that may wrap and is wider than its rect is wrapped in it, not drawn as one
        # line running beyond its piece's edge)
        wraps = flags & Qt.TextFlag.TextWordWrap and fm.horizontalAdvance(shown) > rect.width() + 0.5
        dx = 0.0 if wraps else max(0.0, fm.horizontalAdvance(shown) - rect.width()) / 2
        box = rect.adjusted(-dx, -dy, dx, dy)
    return shown, f, box


def fits(p: QPainter, rect: QRectF, text: str, font: QFont, flags: int = int(Qt.AlignmentFlag.AlignCenter),
         elide: bool = True, short: str | Sequence[str] = ()) -> bool:
    """True if `draw_legible` would draw `text` (or a short form) in `rect` now."""
    return plan_legible(p, rect, text, font, flags, elide, short, probe=True) is not None


def draw_legible(p: QPainter, rect: QRectF, text: str, font: QFont, colour: str | QColor = style.INK,
                 flags: int = int(Qt.AlignmentFlag.AlignCenter), elide: bool = True,
                 short: str | Sequence[str] = ()) -> bool:
    """Draw `text` in `rect` never under the minimum size on the screen (see the module doc);
    False if nothing could be drawn."""
    return draw_shown(p, plan_legible(p, rect, text, font, flags, elide, short), colour)


def draw_shown(p: QPainter, shown: Shown | None, colour: str | QColor = style.INK) -> bool:
    """Draw a text as `plan_legible` planned it; False for no plan."""
    if shown is None:
        return False
    if TALLY is not None:
        if shown.probe:  # a probe drawn after all: it was asked for
            TALLY.asked.append(shown.asked)
        TALLY.drawn.append(shown.asked)
        TALLY.shown.append(shown.text)
        if TALLY.trace and shown.text.endswith("…") and not shown.asked.endswith("…"):
            TALLY.note_cut(shown.asked)
        elif shown.text == shown.asked:
            TALLY.whole.add(shown.asked)
    text_boxes.note(p, shown)
    p.setFont(shown.font)
    p.setPen(QColor(colour))
    p.drawText(shown.box, shown.flags, shown.text)
    return True
