"""Robber Barons pieces: board spaces, control-marker chips, pawns, dice, the large revealed card,
mini Legacy-pile cards, choice buttons and player mats.

All sizes are scene units (1 unit = 1 logical pixel at the default zoom); no text is smaller than
9 pt there (style.MIN_PT). Everything is drawn with QPainter vectors.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

from engine.games.robber_barons.data import BUSINESS, SPACES
from ui.board import icons, style
from ui.board.items import (
    FINE_LOD,
    BoardItem,
    CardItem,
    draw_shadow,
    draw_text,
    fill_rounded_part,
    fit_font,
    paint_count_badge,
    paper_brush,
)
from ui.board.legible import fits
from ui.games.robber_barons.words import CLASS_WORDS, SHORT_NAMES, card_text, space_tooltip

CLASS_COLOURS = {"great": "#7b2d26", "major": "#2f4f6f", "minor": "#4f6b2f"}
"""Industry classes: oxblood (Great), slate blue (Major), olive (Minor)."""
BUSINESS_BAND = style.CARD_BACK
LEGACY_BAND = "#8c6d1f"
KIND_COLOURS = {
    "bad": style.BRICK_RED, "scandal": "#7a2020", "costly_scandal": "#7a2020",
    "business": style.MONEY_GREEN, "innovation": "#1f6f6a", "": style.INK, "legacy": LEGACY_BAND,
}


def card_colour(deck: str, card_id: str) -> str:
    return LEGACY_BAND if deck == "legacy" else KIND_COLOURS[BUSINESS[card_id].legacy]


class SpaceItem(BoardItem):
    """One of the 40 board spaces. `inner` is the side facing the board's centre ("up", "down",
    "left", "right"); the class band of an industry runs along it."""

    BAND = 22.0

    def __init__(self, index: int, w: float, h: float, inner: str):
        super().__init__(w, h)
        self.index = index
        self.space = SPACES[index]
        self.inner = inner
        self.band_colour = CLASS_COLOURS.get(self.space.cls, style.INK)
        self.band_text = CLASS_WORDS.get(self.space.cls, "")
        self.trust_colour: str | None = None
        self._slots_for: tuple[float, float] | None = None  # the size its marker slots were found for
        self._slots: list[QPointF] = []
        self.set_tip(space_tooltip(index))
        self.setZValue(-5)

    def set_state(self, monopoly: tuple[str, str] | None, trust: str | None, tip: str) -> None:
        """`monopoly` = (colour, words) recolours the band (the words are drawn across the whole
        industry by a BandLabel, so pass ""); `trust` = the owner's colour."""
        if monopoly:
            self.band_colour, self.band_text = monopoly
        else:
            self.band_colour = CLASS_COLOURS.get(self.space.cls, style.INK)
            self.band_text = CLASS_WORDS.get(self.space.cls, "")
        self.trust_colour = trust
        self.set_tip(tip)
        self.refresh(self.band_colour, self.band_text, trust)

    def band_rect(self) -> QRectF:
        b, w, h = self.BAND, self.w, self.h
        return {"up": QRectF(0, 0, w, b), "down": QRectF(0, h - b, w, b),
                "left": QRectF(0, 0, b, h), "right": QRectF(w - b, 0, b, h)}[self.inner]

    def content_rect(self) -> QRectF:
        b = self.BAND if self.space.kind == "industry" else 0.0
        r = self.rect()
        return {"up": r.adjusted(0, b, 0, 0), "down": r.adjusted(0, 0, 0, -b),
                "left": r.adjusted(b, 0, 0, 0), "right": r.adjusted(0, 0, -b, 0)}[self.inner]

    def sideways(self) -> bool:
        """Spaces of the left and right columns are wider than tall."""
        return self.inner in ("left", "right")

    def name_height(self) -> float:
        return 26.0 if self.sideways() else 34.0

    def marker_slots(self) -> list[QPointF]:
        """Centres (item coordinates) of the six per-seat marker stacks, 3 × 2 under the name."""
        size = (self.w, self.h)
        if self._slots_for != size:  # a space's slots change only with its size
            self._slots_for, self._slots = size, self._marker_slots()
        return self._slots

    def _marker_slots(self) -> list[QPointF]:
        c = self.content_rect()
        top = c.top() + self.name_height() + (9 if self.sideways() else 10)
        dy = 20.0 if self.sideways() else 22.0
        dx = min(28.0, (c.width() - 6) / 3)
        return [QPointF(c.center().x() - 4 + (col - 1) * dx, top + row * dy) for row in range(2) for col in range(3)]

    def pawn_line(self) -> tuple[QPointF, float]:
        """Left end and width of the line where pawns stand (their feet), on the outer edge."""
        c = self.content_rect()
        if self.space.kind != "industry":
            return QPointF(c.left() + 14, c.bottom() - 2), c.width() - 28
        return QPointF(c.left() + 10, c.bottom() - 2), c.width() - 34

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        kind = self.space.kind
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r) if kind == "industry" else QColor(style.PAPER_DARK))
        p.drawRect(r)
        c = self.content_rect()
        if kind == "industry":
            band = self.band_rect()
            p.setBrush(QColor(self.band_colour))
            p.drawRect(band)
            if lod >= FINE_LOD and self.band_text:
                p.save()
                font = fit_font(self.band_text, style.sans(9, bold=True), max(band.width(), band.height()) - 6)
                # inset, so that the words of neighbouring bands never run together
                if self.inner in ("left", "right"):
                    p.translate(band.center())
                    p.rotate(-90 if self.inner == "left" else 90)
                    draw_text(p, QRectF(-band.height() / 2 + 4, -band.width() / 2, band.height() - 8, band.width()),
                              self.band_text, font, style.text_on(self.band_colour), elide=False)
                else:
                    draw_text(p, band.adjusted(4, 0, -4, 0), self.band_text, font, style.text_on(self.band_colour),
                              elide=False)
                p.restore()
            name_rect = QRectF(c.left() + 2, c.top() + 2, c.width() - 4, self.name_height())
            f = style.serif(10, bold=True)
            if QFontMetricsF(f).horizontalAdvance(self.space.industry) > name_rect.width():
                f = style.serif(9, bold=True)
            draw_text(p, name_rect, self.space.industry, f,
                      align=Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, elide=False,
                      short=SHORT_NAMES.get(self.space.industry, ()))
            if self.trust_colour:
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.setPen(QPen(QColor(self.trust_colour), 4.0))
                p.drawRect(c.adjusted(2.5, 2.5, -2.5, -2.5))
        else:
            self._paint_special(p, c, lod)
        if lod >= FINE_LOD:
            num = self.NUMBER.translated(c.right(), c.bottom())
            draw_text(p, num, str(self.index + 1), style.sans(9), style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, elide=False)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.drawRect(r)

    def _paint_special(self, p: QPainter, c: QRectF, lod: float) -> None:
        kind = self.space.kind
        # (a shorter form of each for a board shown small: a title in small capitals, the line
        # in fewer words)
        if kind == "start":
            title, sub, colour, icon = "START", "Collect $1M or\na Legacy card", style.MONEY_GREEN, "start"
            sub_short: tuple[str, ...] = ("$1M or a\nLegacy card", "$1M or\nLegacy")
        elif kind == "legacy":
            title, sub, colour, icon = "LEGACY", "Draw a Legacy card", LEGACY_BAND, "crown"
            sub_short = ("Draw a card",)
        else:
            title, sub, colour, icon = "BUSINESS", "Draw a card", BUSINESS_BAND, "deck"
            sub_short = ()
        corner = self.w == self.h
        top = c.top() + (6 if corner else 4)
        f = fit_font(title, style.serif(13 if corner else 10, bold=True), c.width() - 8)
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 94)  # a title set close, as engraved
        draw_text(p, QRectF(c.left(), top, c.width(), 22), title, f, colour, elide=False,
                  short=title[0] + title[1:].lower())
        size = 30.0 if corner else 22.0
        flags = int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap)
        # (the space's number keeps the bottom row)
        below = self._beside_number(c, QRectF(c.left() + 4, top + 26 + size, c.width() - 8,
                                              max(28.0, c.bottom() - top - 46 - size)))
        if lod < FINE_LOD or fits(p, below, sub, style.sans(9), flags, elide=False, short=sub_short):
            icons.paint_icon(p, icon, QRectF(c.center().x() - size / 2, top + 24, size, size), colour)
        else:  # shown small: the words take the picture's place
            below = self._beside_number(c, QRectF(c.left() + 3, top + 22, c.width() - 6, c.bottom() - top - 42))
        if lod >= FINE_LOD:
            draw_text(p, below, sub, style.sans(9), style.INK_SOFT, align=flags, elide=False, short=sub_short)

    NUMBER = QRectF(-27, -20, 24, 18)
    """Where the space's number is drawn, from the content's bottom-right corner."""

    @classmethod
    def _beside_number(cls, c: QRectF, words: QRectF) -> QRectF:
        """`words` kept clear of the number in the bottom-right corner: a wide, short space (the
        board's side columns) has no row below its words, so they stand left of the number."""
        number_top = c.bottom() + cls.NUMBER.top()
        if words.bottom() > number_top:
            words.setRight(min(words.right(), c.right() + cls.NUMBER.left() - 2))
        return words

    def texts(self) -> list[str]:
        return [self.toolTip(), self.space.name, self.band_text]


class MarkerChip(BoardItem):
    """One seat's control markers on one space: a stack of discs (one per marker, up to four
    drawn) in the seat colour with its mark, and the count when there is more than one."""

    D = 20.0
    """The disc's diameter: its mark stays legible on a board fitted into a laptop's window."""

    def __init__(self):
        super().__init__(self.D + 12, self.D + 10)
        self.colour, self.mark, self.count = style.NPC_GREY, "", 1
        self.setZValue(10)

    def set_chip(self, colour: str, mark: str, count: int, tip: str) -> None:
        self.colour, self.mark, self.count = colour, mark, count
        self.set_tip(tip)
        self.refresh(colour, mark, count)

    def rect(self) -> QRectF:
        return QRectF(-self.D / 2, -self.D / 2, self.D, self.D)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF(-self.D / 2 - 2, -self.D / 2 - 8, self.D + 16, self.D + 12)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.rect())
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        base = QColor(self.colour)
        shown = min(self.count, 4)
        for k in range(shown - 1, -1, -1):  # the lower discs peek out above the top one
            r = self.rect().translated(0, -2.0 * k)
            p.setPen(Qt.PenStyle.NoPen)
            if k == 0:
                p.setBrush(QColor(0, 0, 0, 70))
                p.drawEllipse(r.translated(1.0, 1.5))
            p.setBrush(base if k == 0 else base.darker(115))
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.drawEllipse(r)
        if lod >= FINE_LOD or lod * self.D >= 10:
            f = style.sans(9, bold=True, tabular=False)
            draw_text(p, self.rect(), self.mark, f, style.text_on(self.colour), elide=False)
        if self.count > 1:
            badge = QRectF(self.D / 2 - 3, -8.5, 16, 17)  # to the right: never over the space's name
            paint_count_badge(p, badge, str(self.count), style.PAPER, style.sans(9, bold=True), pen=0.8)


class PawnItem(BoardItem):
    """A player's pawn: a turned-wood silhouette (head, collar, base) in the seat colour with the
    seat mark on the base. The origin is the foot centre."""

    def __init__(self):
        super().__init__(22, 30)
        self.colour, self.mark = style.NPC_GREY, ""
        self.space: int | None = None
        """The space the pawn was last shown on (a move walks it from there)."""
        self.setZValue(30)

    def set_pawn(self, colour: str, mark: str, tip: str) -> None:
        self.colour, self.mark = colour, mark
        self.set_tip(tip)
        self.refresh(colour, mark)

    def rect(self) -> QRectF:
        return QRectF(-11, -30, 22, 30)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect().adjusted(-2, -2, 4, 4)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(QRectF(-6, -30, 12, 12))
        body = QPainterPath()
        body.moveTo(-4, -19)
        body.lineTo(4, -19)
        body.lineTo(8, -9)
        body.lineTo(11, -6)
        body.quadTo(11, 0, 8, 0)
        body.lineTo(-8, 0)
        body.quadTo(-11, 0, -11, -6)
        body.lineTo(-8, -9)
        body.closeSubpath()
        return path.united(body)

    def paint_body(self, p: QPainter, lod: float) -> None:
        outline = self.outline()
        draw_shadow(p, outline, 1.5, 1.5, 80)
        p.setPen(QPen(QColor(style.INK), 1.3))
        p.setBrush(QColor(self.colour))
        p.drawPath(outline)
        if lod >= FINE_LOD:
            draw_text(p, QRectF(-10, -18, 20, 18), self.mark, style.sans(9, bold=True, tabular=False),
                      style.text_on(self.colour), elide=False)


class DiceItem(BoardItem):
    """The last roll: up to three ivory dice with pips. `roll(faces)` tumbles them (≈ 600 ms at
    speed 1, random faces and a wobble) before showing the real faces; the final faces are set at
    once, so the animation never hides the state."""

    SIZE = 46.0

    def __init__(self):
        super().__init__(3 * self.SIZE + 2 * 12, self.SIZE + 8)
        self.faces: list[int] = []
        self.shown: list[int] = []
        self.tilt = 0.0
        self._timer = QTimer()
        self._timer.setInterval(50)
        self._timer.timeout.connect(self._tick)
        self._ticks_left = 0
        self._rand = random.Random(7)  # cosmetic only: never touches the game

    def set_faces(self, faces: list[int], animate: bool, speed: float) -> None:
        self.faces = list(faces)
        if animate and speed > 0 and faces:
            self._ticks_left = max(1, int(12 / speed))
            self._timer.start()
            self._tick()
        else:
            self._timer.stop()
            self._ticks_left = 0
            self.shown, self.tilt = list(faces), 0.0
            self.refresh(tuple(self.shown), self.tilt)

    def tumbling(self) -> bool:
        return self._ticks_left > 0

    def _tick(self) -> None:
        self._ticks_left -= 1
        if self._ticks_left <= 0:
            self._timer.stop()
            self.shown, self.tilt = list(self.faces), 0.0
        else:
            self.shown = [self._rand.randint(1, 6) for _ in self.faces]
            self.tilt = self._rand.uniform(-18, 18)
        self.refresh(tuple(self.shown), self.tilt)

    def paint_body(self, p: QPainter, lod: float) -> None:
        s = self.SIZE
        n = len(self.shown)
        x0 = (self.w - (n * s + (n - 1) * 12)) / 2
        for i, face in enumerate(self.shown):
            p.save()
            p.translate(x0 + i * (s + 12) + s / 2, 4 + s / 2)
            p.rotate(self.tilt * (1 if i % 2 else -1))
            r = QRectF(-s / 2, -s / 2, s, s)
            path = QPainterPath()
            path.addRoundedRect(r, 8, 8)
            draw_shadow(p, path, 2, 3, 90)
            p.setPen(QPen(QColor(style.INK), 1.4))
            p.setBrush(paper_brush(r, "#fffaf0", "#eadfc8"))
            p.drawPath(path)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(style.INK))
            q = s / 4
            spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                     4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                     6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[face]
            for dx, dy in spots:
                p.drawEllipse(QPointF(dx * q, dy * q), 4.2, 4.2)
            p.restore()

    def texts(self) -> list[str]:
        return [self.toolTip(), " ".join(map(str, self.faces))]


class BigCard(CardItem):
    """The card just drawn, face up and large: title band in the kind's colour, the kind, the
    effect text and its Legacy value."""

    def __init__(self):
        super().__init__(210, 290)
        self.kind_word = ""

    def set_card(self, deck: str, card_id: str, note: str) -> None:
        title, kind, effect, big = card_text(deck, card_id)
        self.kind_word = kind
        self.set_face(title, card_colour(deck, card_id), (), big, effect, note,
                      tooltip=f"{title} ({kind})\n{effect}" + (f"\n{note}" if note else ""))

    def paint_face(self, p: QPainter, lod: float) -> None:
        w, h = self.w, self.h
        bh = 52.0
        fill_rounded_part(p, w, h, self.radius, QRectF(0, 0, w, bh), self.band)
        f = fit_font(self.title, style.serif(14, bold=True), w - 16, 10)
        draw_text(p, QRectF(8, 2, w - 16, bh - 4), self.title, f, style.text_on(self.band),
                  align=Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, elide=False)
        draw_text(p, QRectF(8, bh + 6, w - 16, 20), self.kind_word.upper(), style.sans(9, bold=True), self.band)
        p.setPen(QPen(QColor(style.INK_SOFT), 0.8))
        p.drawLine(QPointF(24, bh + 30), QPointF(w - 24, bh + 30))
        draw_text(p, QRectF(12, bh + 38, w - 24, 100), self.caption, style.serif(11),
                  align=Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                  elide=False)
        if self.big:
            colour = style.BRICK_RED if self.big.startswith("-") else style.INK
            draw_text(p, QRectF(0, h - 96, w, 50), self.big, style.sans(28, bold=True), colour)
            draw_text(p, QRectF(0, h - 52, w, 16), "Legacy points", style.sans(9), style.INK_SOFT)
        if self.footer:
            draw_text(p, QRectF(8, h - 30, w - 16, 22), self.footer, style.sans(9, bold=True), style.INK_SOFT)


class MiniCard(BoardItem):
    """A card of a Legacy pile, small: its value, coloured by kind (gold philanthropy, green
    business legacy, red bad legacy and scandals)."""

    W, H = 26.0, 36.0

    def __init__(self, w: float = W, h: float = H):
        super().__init__(w, h)
        self.colour, self.value = LEGACY_BAND, ""

    def set_card(self, deck: str, card_id: str) -> None:
        title, kind, effect, big = card_text(deck, card_id)
        self.colour = card_colour(deck, card_id)
        self.value = big
        self.set_tip(f"{title} ({kind}): {big} Legacy\n{effect}")
        self.refresh(self.colour, self.value)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 3, 3)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        path = self.outline()
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(style.PAPER))
        p.drawPath(path)
        fill_rounded_part(p, self.w, self.h, 3, QRectF(0, 0, self.w, self.h / 4), self.colour)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawPath(path)
        colour = style.BRICK_RED if self.value.startswith("-") else style.INK
        draw_text(p, QRectF(0, self.h / 4 + 1, self.w, self.h * 0.75 - 2), self.value.lstrip("+"),
                  style.sans(9 if self.w < 30 else 12, bold=True), colour, elide=False)


class DeckItem(CardItem):
    """A face-down deck with the number of cards in it printed large beside its name."""

    def __init__(self, label: str, colour: str):
        super().__init__(96, 134)
        self.label_text, self.colour, self.count = label, colour, 0

    def set_count(self, count: int, tip: str) -> None:
        self.count = count
        self.set_back(self.label_text, self.colour, tip)
        self.refresh("deck", self.label_text, count)

    def paint_body(self, p: QPainter, lod: float) -> None:
        # a few offset edges suggest the thickness of the stack
        depth = min(4, (self.count + 7) // 8)
        for k in range(depth, 0, -1):
            path = QPainterPath()
            path.addRoundedRect(self.rect().translated(2.0 * k, -2.0 * k), self.radius, self.radius)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(self.colour).darker(130))
            p.drawPath(path)
        if self.count:
            super().paint_body(p, lod)
        else:
            p.setPen(QPen(QColor(style.PAPER_SHADE), 1.5, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(self.rect(), self.radius, self.radius)
        badge = QRectF(self.w - 26, -10, 40, 30)
        paint_count_badge(p, badge, str(self.count), style.PAPER, style.sans(13, bold=True), radius=8, pen=1.2)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect().adjusted(-2, -14, 16, 10)


class MatItem(BoardItem):
    """A player's mat beside the board: name and mark on a band in the seat colour, money,
    Legacy points, revenue, markers, trusts and monopolies. The Legacy pile is drawn by MiniCards
    laid on the mat. Clickable (glowing) when the player may be targeted by a card."""

    PILE_TOP = 124.0
    """Where the Legacy pile's cards start, below the mat's text."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.kw: dict = {}
        self.setZValue(-4)

    def set_mat(self, **kw) -> None:
        self.kw = kw
        self.refresh(tuple(sorted((k, str(v)) for k, v in kw.items())))

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 8, 8)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        kw = self.kw
        path = self.outline()
        draw_shadow(p, path, 2, 3, 80)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(self.rect()))
        p.drawPath(path)
        colour = kw.get("colour", style.NPC_GREY)
        band_h = 30.0
        fill_rounded_part(p, self.w, self.h, 8, QRectF(0, 0, self.w, band_h), colour)
        fg = style.text_on(colour)
        # the seat mark in a disc, the name, and the turn arrow
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(style.PAPER))
        p.drawEllipse(QRectF(6, 4, 22, 22))
        draw_text(p, QRectF(6, 4, 22, 22), kw.get("mark", ""), style.sans(10, bold=True, tabular=False), style.INK,
                  elide=False)
        name = kw.get("name", "")
        if kw.get("to_move"):
            name = "▶ " + name
        draw_text(p, QRectF(34, 0, self.w - 40, band_h), name, style.serif(12, bold=True), fg,
                  align=Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        name_w = p.fontMetrics().horizontalAdvance(name) + 12
        draw_text(p, QRectF(34 + name_w, 0, self.w - 40 - name_w, band_h), kw.get("status", ""),
                  style.sans(9, bold=True), fg, align=Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                  elide=False)
        y = band_h + 4
        # money and points, large; the revenue under them
        draw_text(p, QRectF(10, y, self.w / 2 - 10, 26), f"${kw.get('money', 0)}M", style.sans(15, bold=True),
                  style.MONEY_GREEN, align=Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        pts = kw.get("points", 0)
        draw_text(p, QRectF(self.w / 2, y, self.w / 2 - 10, 26), f"{pts} Legacy", style.sans(15, bold=True),
                  style.BRICK_RED if pts < 0 else style.INK,
                  align=Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, short=f"{pts} L")
        y += 28
        draw_text(p, QRectF(10, y, self.w - 20, 22), f"revenue ${kw.get('revenue', 0)}M a turn",
                  style.sans(10), style.INK, align=Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                  short=f"revenue ${kw.get('revenue', 0)}M")
        y += 24
        draw_text(p, QRectF(10, y, self.w - 20, 32), kw.get("line", ""), style.sans(9), style.INK_SOFT,
                  align=Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
                  elide=False, short=kw.get("line_short", ()))
        if kw.get("out"):
            p.setPen(QPen(QColor(style.BRICK_RED), 3))
            p.setBrush(QColor(178, 58, 46, 40))
            p.drawRoundedRect(self.rect().adjusted(3, band_h + 3, -3, -3), 6, 6)
            draw_text(p, self.rect().adjusted(0, band_h, 0, 0), "BANKRUPT — re-enters next turn",
                      style.serif(13, bold=True), style.BRICK_RED)
        if kw.get("to_move"):
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor(style.GOLD), 2.5))
            p.drawPath(path)
        else:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor(style.INK), 1.2))
            p.drawPath(path)

    def texts(self) -> list[str]:
        return [self.toolTip(), *(str(v) for v in self.kw.values())]


class BoardBase(BoardItem):
    """The printed board: paper square, engraved title in the centre, thin brass frame."""

    def __init__(self, rect: QRectF, inner: QRectF):
        super().__init__(rect.width(), rect.height())
        self.inner = inner.translated(-rect.topLeft())
        self.setPos(rect.topLeft())
        self.setZValue(-10)
        self.setAcceptHoverEvents(False)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        path = QPainterPath()
        path.addRect(r)
        draw_shadow(p, path, 4, 6, 110)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r))
        p.drawRect(r)
        inner = self.inner
        p.setBrush(paper_brush(inner, "#efe3c6", "#e2d2ad"))
        p.drawRect(inner)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.BRASS), 2.0))
        p.drawRect(inner.adjusted(10, 10, -10, -10))
        p.setPen(QPen(QColor(style.BRASS), 0.8))
        p.drawRect(inner.adjusted(15, 15, -15, -15))
        title = QRectF(inner.left(), inner.top() + 26, inner.width(), 46)
        draw_text(p, title, "ROBBER BARONS", style.serif(30, bold=True), style.INK)
        draw_text(p, QRectF(inner.left(), inner.top() + 72, inner.width(), 24), "of the Gilded Age",
                  style.serif(14), style.INK_SOFT)
        p.setPen(QPen(QColor(style.INK), 1.4))
        p.drawRect(r)


class BandLabel(BoardItem):
    """The words across the class bands of a whole industry held as a Monopoly or Great Monopoly
    ("GREAT MONOPOLY · A"), with a crown; rotated along the left and right columns."""

    def __init__(self):
        super().__init__(10, 10)
        self.text, self.colour, self.vertical = "", style.INK, False
        self.setAcceptHoverEvents(False)
        self.setZValue(8)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def set_label(self, rect: QRectF, text: str, colour: str, vertical: bool) -> None:
        self.setPos(rect.topLeft())
        self.resize(rect.width(), rect.height())
        self.text, self.colour, self.vertical = text, colour, vertical
        self.refresh(text, colour, vertical, rect.width(), rect.height())

    def paint_body(self, p: QPainter, lod: float) -> None:
        p.save()
        length = self.h if self.vertical else self.w
        thick = self.w if self.vertical else self.h
        if self.vertical:
            p.translate(self.w / 2, self.h / 2)
            p.rotate(-90)
            p.translate(-length / 2, -thick / 2)
        r = QRectF(0, 0, length, thick)
        font = fit_font("♛ " + self.text, style.sans(9, bold=True), length - 8)
        draw_text(p, r, "♛ " + self.text, font, style.text_on(self.colour))
        p.restore()


class LegendItem(BoardItem):
    """The key to the board's colours and marks."""

    def __init__(self, w: float):
        super().__init__(w, 80)
        self.setAcceptHoverEvents(False)
        self.setZValue(5)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint_body(self, p: QPainter, lod: float) -> None:
        x = 0.0
        for cls, word in (("great", "Great (3 spaces)"), ("major", "Major (2)"), ("minor", "Minor (1)")):
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(CLASS_COLOURS[cls]))
            p.drawRect(QRectF(x, 4, 16, 16))
            draw_text(p, QRectF(x + 20, 2, 124, 20), word, style.sans(9), style.INK,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elide=False,
                      short=word.replace(" spaces", ""))
            x += 150
        draw_text(p, QRectF(0, 26, self.w, 52),
                  "Revenue: $1M a marker · +$1M a Trust (framed) · +$3M a Monopoly · +$5M a Great Monopoly "
                  "(band in the owner's colour)", style.sans(9), style.INK_SOFT,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap, elide=False)
