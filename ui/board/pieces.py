"""Plain pieces every board uses: a line of text, a button printed on the board, a titled paper
panel (a section of the board), a labelled choice chip. Moved here from the scenes that first needed them, so the next
games share them instead of copying them."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from ui.board import legible, style
from ui.board.items import BoardItem, draw_shadow, draw_text, fit_font, paper_brush
from ui.board.legible import fits, legible_font, lines_fit, screen_scale, shown_width


class DrawnItem(BoardItem):
    """A piece that is only drawn (a caption, the lines between pieces): it takes no hover and no
    click, so the pieces under it do."""

    def __init__(self, w: float, h: float, parent=None):
        super().__init__(w, h, parent)
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def shape(self) -> QPainterPath:
        return QPainterPath()


class LookItem(BoardItem):
    """A piece drawn from one tuple of plain values, `look` (a space's level, cost and owner; a
    mat's lines): `set_look` repaints only when the tuple changes. `RADIUS` rounds its corners."""

    RADIUS = 0.0

    def __init__(self, w: float, h: float, z: float = 1, parent=None):
        super().__init__(w, h, parent)
        self.look: tuple = ()
        self.setZValue(z)

    def set_look(self, look: tuple, tip: str = "") -> None:
        self.look = look
        self.set_tip(tip)
        self.refresh(*look)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        if self.RADIUS:
            path.addRoundedRect(self.rect(), self.RADIUS, self.RADIUS)
        else:
            path.addRect(self.rect())
        return path


class TextItem(DrawnItem):
    """A line or two of text on the board (status, deck captions, the legend)."""

    def __init__(self, w: float, h: float, pt: float = 10, bold: bool = False, serif: bool = False,
                 colour: str = style.INK, align=Qt.AlignmentFlag.AlignCenter):
        super().__init__(w, h)
        self.text = ""
        self.short: tuple[str, ...] = ()
        self.pt, self.bold, self.serif, self.colour, self.align = pt, bold, serif, colour, align
        self.setZValue(5)

    def set_text(self, text: str, colour: str | None = None, short: tuple[str, ...] = ()) -> None:
        """`short`: shorter forms of `text`, drawn when the board is shown too small for it."""
        self.text, self.short = text, tuple(short)
        if colour:
            self.colour = colour
        self.refresh(text, self.colour, self.short)

    def bounds(self) -> QRectF:
        # room for a line drawn taller than its row when the board is shown small, centred on it
        # (legible.py: HEIGHT_SLACK, WIDTH_SLACK), above as well as below: a cached piece is clipped
        # to its bounds ("$28" over a table's columns lost its top)
        dy = min(8.0, self.h * 0.3)
        dx = 2 + min(6.0, self.w * 0.07)
        return self.rect().adjusted(-dx, -dy, dx + 3, dy)

    def paint_body(self, p: QPainter, lod: float) -> None:
        font = style.serif(self.pt, self.bold) if self.serif else style.sans(self.pt, self.bold)
        draw_text(p, self.rect(), self.text, font, self.colour, align=self.align | Qt.TextFlag.TextWordWrap,
                  elide=False, short=self.short)

    def texts(self) -> list[str]:
        return [self.text]


class ButtonItem(BoardItem):
    """A choice printed on the board (roll 1/2/3 dice, take $1M, buy or bottom a card, invest):
    clickable when its action is legal, and then glowing."""

    def __init__(self, w: float = 150, h: float = 40):
        super().__init__(w, h)
        self.text, self.sub = "", ""
        self.setZValue(40)

    def set_text(self, text: str, sub: str = "", tip: str = "") -> None:
        self.text, self.sub = text, sub
        self.set_tip(tip or (text + (f" — {sub}" if sub else "")))
        self.refresh(text, sub)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 8, 8)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        path = self.outline()
        draw_shadow(p, path, 1.5, 2.0, 70)
        p.setPen(QPen(QColor(style.INK), 1.4))
        p.setBrush(paper_brush(self.rect(), "#fbf4e2", style.PAPER_SHADE))
        p.drawPath(path)
        p.setPen(QPen(QColor(style.BRASS), 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(self.rect().adjusted(3, 3, -3, -3), 6, 6)
        title = fit_font(self.text, style.serif(11, bold=True), self.w - 10)
        sub = QRectF(4, self.h * 0.52, self.w - 8, self.h * 0.44)
        # the sub-line whole or not at all (a line cut short reads as another choice)
        two = self.sub and lines_fit(p, (title, style.sans(9)), self.h - 4)
        if two and fits(p, sub, self.sub, style.sans(9), elide=False):
            draw_text(p, QRectF(4, 3, self.w - 8, self.h * 0.55), self.text, title)
            draw_text(p, sub, self.sub, style.sans(9), style.INK_SOFT)
        else:  # the board is shown small: the title alone (the sub-line is in the tooltip)
            if two and legible.TALLY is not None:  # (a measure counts the line left out)
                legible.TALLY.asked.append(legible.LINE_LEFT_OUT)
            draw_text(p, self.rect(), self.text, title)

    def texts(self) -> list[str]:
        return [self.toolTip(), self.text, self.sub]


class Panel(BoardItem):
    """A paper panel with a title (a section of the board)."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.title = ""
        self.note = ""
        self.accent: str | None = None
        self.short: tuple[str, ...] = ()
        self.note_short: tuple[str, ...] = ()
        self.setZValue(-5)
        self.setAcceptHoverEvents(False)

    def set_panel(self, title: str, note: str = "", accent: str | None = None, w: float | None = None,
                  h: float | None = None, short: tuple[str, ...] = (), note_short: tuple[str, ...] = ()) -> None:
        """`short`, `note_short`: shorter forms of the title and of the note, for a board shown too
        small for them (a note is cut short only when none fits)."""
        if w is not None and h is not None:
            self.resize(w, h)
        self.title, self.note, self.accent, self.short = title, note, accent, tuple(short)
        self.note_short = tuple(note_short)
        self.refresh(title, note, accent, self.w, self.h, self.short, self.note_short)

    def shape(self) -> QPainterPath:
        return QPainterPath() if self.action is None else super().shape()

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 8, 8)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        path = self.outline()
        draw_shadow(p, path, 2, 3, 80)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r))
        p.drawPath(path)
        if self.accent:
            band = QPainterPath()
            band.addRoundedRect(QRectF(r.left(), r.top(), r.width(), 30), 8, 8)
            p.setBrush(QColor(self.accent))
            p.drawPath(band)
        p.setPen(QPen(QColor(style.INK), 1.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        fg = style.text_on(self.accent) if self.accent else style.INK
        title_font = style.serif(12, bold=True)
        title_w = min(r.width() * 0.6, shown_width(p, self.title, title_font))
        # the title's row as tall as the room above the panel's contents: enlarged to 9 pt on a
        # board fitted at a zoom under 0.39, a title in a 24-unit row was not drawn at all
        draw_text(p, QRectF(12, 2, r.width() * 0.6, 30), self.title, title_font, fg,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, short=self.short)
        if self.note:  # right of the title as it is shown
            left = max(r.width() * 0.35, 12 + title_w + 16)
            draw_text(p, QRectF(left, 2, r.width() - left - 12, 30), self.note, style.sans(9), fg,
                      align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, short=self.note_short)


class Chip(BoardItem):
    """A labelled choice (a decision with no better place on the board)."""

    def __init__(self, w: float, h: float = 28):
        super().__init__(w, h)
        self.text = ""
        self.colour = style.PAPER
        self.short: tuple[str, ...] = ()

    def set_chip(self, text: str, tooltip: str = "", colour: str = style.PAPER, short: tuple[str, ...] = ()) -> None:
        """`short`: shorter forms of `text`, drawn when the board is shown too small for it."""
        self.text, self.colour, self.short = text, colour, tuple(short)
        self.set_tip(tooltip or text)
        self.refresh(text, colour, self.w, self.short)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), self.h / 2, self.h / 2)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        path = self.outline()
        draw_shadow(p, path, 1, 2, 50)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(self.colour))
        p.drawPath(path)
        font = style.sans(10, bold=True)
        # shown small (enlarged to the minimum), a label that does not fit in full or short may
        # come closer to the round ends before it is cut; a badge (a chip hardly wider than its
        # mark: ✕, ↻) keeps its mark inside whatever its size
        small = legible_font(font, screen_scale(p)) is not font
        pad = min(10.0, self.w / 6)
        if small and not fits(p, self.rect().adjusted(pad, 0, -pad, 0), self.text, font, elide=False,
                              short=self.short):
            pad = min(5.0, self.w / 10)  # (only asked once, so a measure counts the label once)
        draw_text(p, self.rect().adjusted(pad, 0, -pad, 0), self.text, font, style.text_on(self.colour),
                  short=self.short, elide=True)

    def texts(self) -> list[str]:
        return [self.text, self.toolTip()]
