"""Captains of Industry pieces: market rows and their pricing spaces, the owners' token stacks, Real
Estate spaces, Advance tiles with their prerequisite lines, facility-table rows, the turn board
(age, turn order, progress) and the player mats.

Sizes are scene units (1 unit = 1 logical pixel at the default zoom); no text below 9 pt
(style.MIN_PT), most of it 10–12 pt. Colour is never the only cue: seats carry their mark, sectors
and levels their name, demand icons their letter.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from ui.board import style
from ui.board.items import BoardItem, draw_shadow, draw_text, fit_font, paper_brush
from ui.board.pieces import DrawnItem, LookItem

SECTOR_COLOURS = {"research": "#5e4b8b", "consumables": "#4f6b2f", "durables": "#2f4f6f", "energy": "#7b2d26"}
"""Market sectors: violet Research, olive Consumables, slate Durables, oxblood Energy."""
ICON_COLOURS = {"C": SECTOR_COLOURS["consumables"], "D": SECTOR_COLOURS["durables"], "E": SECTOR_COLOURS["energy"]}
ICON_WORDS = {"C": "Consumables", "D": "Durables", "E": "Energy"}
GOOD_COLOURS = {"stone": "#8a8478", "lumber": "#8d6e4c", "steel": "#5f7a8a", "corn": "#c9a227", "oil": "#2b2b2b",
                "research": "#6a4c93", "parts": "#2d6a6a"}
LEVEL_COLOURS = {"bronze": "#a86b32", "silver": "#9ea3a8", "gold": "#d4a017"}
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
WRAP = Qt.TextFlag.TextWordWrap


def paint_icons(p: QPainter, icons: str, x: float, y: float, d: float, faint: bool = False) -> float:
    """Demand icons as lettered discs in their sector colour, left to right; returns the end x."""
    for ch in icons:
        c = QColor(ICON_COLOURS.get(ch, style.INK))
        if faint:
            c.setAlpha(90)
        p.setPen(QPen(QColor(style.INK), 0.8) if not faint else Qt.PenStyle.NoPen)
        p.setBrush(c)
        r = QRectF(x, y, d, d)
        p.drawEllipse(r)
        draw_text(p, r, ch, style.sans(9, bold=True), style.PAPER, elide=False)
        x += d + 3
    return x


def paint_lock(p: QPainter, rect: QRectF) -> None:
    """A small padlock (a locked good, R27)."""
    p.save()
    p.setPen(QPen(QColor(style.BRICK_RED), 1.6))
    p.setBrush(Qt.BrushStyle.NoBrush)
    w, h = rect.width(), rect.height()
    p.drawArc(QRectF(rect.x() + w * 0.2, rect.y(), w * 0.6, h * 0.7), 0, 180 * 16)
    p.drawLine(QPointF(rect.x() + w * 0.2, rect.y() + h * 0.35), QPointF(rect.x() + w * 0.2, rect.y() + h * 0.5))
    p.drawLine(QPointF(rect.x() + w * 0.8, rect.y() + h * 0.35), QPointF(rect.x() + w * 0.8, rect.y() + h * 0.5))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(style.BRICK_RED))
    p.drawRoundedRect(QRectF(rect.x(), rect.y() + h * 0.45, w, h * 0.55), 1.5, 1.5)
    p.restore()


def paint_mark_disc(p: QPainter, rect: QRectF, colour: str, mark: str) -> None:
    p.setPen(QPen(QColor(style.INK), 0.9))
    p.setBrush(QColor(colour))
    p.drawEllipse(rect)
    draw_text(p, rect, mark, style.sans(9, bold=True, tabular=False), style.text_on(colour), elide=False)


class MarketLabel(BoardItem):
    """The head of a market row: name, sector band, goods (a lock on a locked good) and demand."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.setAcceptHoverEvents(True)
        self.data = ("", "research", "", "", 0)
        self.lit = False

    def set_label(self, name: str, sector: str, goods: str, lock: str, demand: int | None, lit: bool,
                  tip: str) -> None:
        self.data = (name, sector, goods, lock, demand)
        self.lit = lit
        self.set_tip(tip)
        self.refresh(self.data, lit)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, sector, goods, lock, demand = self.data
        r = self.rect()
        colour = SECTOR_COLOURS[sector]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(colour))
        p.drawRect(QRectF(0, 0, 8, r.height()))
        p.setBrush(QColor(style.GOLD if self.lit else style.PAPER_DARK))
        p.drawRect(QRectF(8, 0, r.width() - 8, r.height()))
        draw_text(p, QRectF(14, 2, r.width() - 70, 24), name, fit_font(name, style.serif(12, bold=True),
                                                                        r.width() - 74), style.INK, LEFT)
        draw_text(p, QRectF(14, 26, r.width() - 76, 16), goods, style.sans(9), style.INK_SOFT, LEFT)
        if lock:
            paint_lock(p, QRectF(14, 43, 11, 13))
            draw_text(p, QRectF(29, 42, r.width() - 91, 16), lock, style.sans(9), style.BRICK_RED, LEFT)
        if demand is not None:
            box = QRectF(r.width() - 60, 6, 56, r.height() - 12)
            p.setPen(QPen(QColor(colour), 1.4))
            p.setBrush(QColor(style.PAPER))
            p.drawRoundedRect(box, 6, 6)
            draw_text(p, QRectF(box.x(), box.y() + 2, box.width(), 24), str(demand), style.sans(14, bold=True),
                      colour)
            draw_text(p, QRectF(box.x(), box.bottom() - 18, box.width(), 16), "demand", style.sans(9),
                      style.INK_SOFT)

    def texts(self) -> list[str]:
        return [self.toolTip(), *(str(x) for x in self.data)]


class PriceSpace(BoardItem):
    """One space ($1–$12) of a market's pricing track; a click prices the market there."""

    def __init__(self, w: float, h: float, price: int):
        super().__init__(w, h)
        self.price = price
        self.shade = False
        self.setZValue(1)

    def set_space(self, shade: bool, tip: str) -> None:
        self.shade = shade
        self.set_tip(tip)
        self.refresh(shade)

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK_SOFT), 0.8))
        p.setBrush(QColor(style.PAPER if not self.shade else style.PAPER_DARK))
        p.drawRect(r)
        draw_text(p, QRectF(2, r.height() - 18, r.width() - 4, 16), f"${self.price}", style.sans(9),
                  style.PAPER_SHADE if not self.legal else style.INK_SOFT, Qt.AlignmentFlag.AlignRight)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class StackChip(LookItem):
    """One owner's tokens at one price in one market: the seat's colour and mark, and the count."""

    W, H = 26.0, 19.0
    RADIUS = 5.0

    def __init__(self):
        super().__init__(self.W, self.H, z=10)

    def set_chip(self, colour: str, mark: str, n: int, taken: bool, tip: str) -> None:
        self.set_look((colour, mark, n, taken), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        colour, mark, n, taken = self.look
        path = self.outline()
        if taken:  # the tokens bought on the last turn: a dashed ghost of the stack
            p.setPen(QPen(QColor(style.BRICK_RED), 1.4, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 90))
            p.drawPath(path)
            draw_text(p, self.rect(), f"−{n}", style.sans(9, bold=True), style.BRICK_RED, elide=False)
            return
        draw_shadow(p, path, 1, 1.5, 60)
        p.setPen(QPen(QColor(style.INK), 0.9))
        p.setBrush(QColor(colour))
        p.drawPath(path)
        draw_text(p, self.rect(), f"{mark}{n}", style.sans(9, bold=True, tabular=False), style.text_on(colour),
                  elide=False)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class ReSpace(LookItem):
    """A Real Estate space: its level and build cost, and the built card (its chosen side's demand
    icons, the owner) or, on an empty Bronze space, the automatic demand shown faint."""

    RADIUS = 5.0

    def __init__(self, w: float, h: float):
        super().__init__(w, h, z=2)

    def set_space(self, level: str, cost: str, icons: str, owner_colour: str | None, owner_mark: str,
                  card: str, tip: str) -> None:
        self.set_look((level, cost, icons, owner_colour, owner_mark, card), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        level, cost, icons, owner, mark, card = self.look
        r = self.rect()
        path = self.outline()
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(style.PAPER) if card else QColor(style.PAPER_DARK))
        p.drawPath(path)
        band = QRectF(0, 0, r.width(), 20)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(LEVEL_COLOURS[level]))
        p.drawRoundedRect(band, 5, 5)
        p.drawRect(QRectF(0, 10, r.width(), 10))
        draw_text(p, band, level.title(), style.sans(9, bold=True), style.INK)
        if card:
            d = 17.0
            rows = [icons[k:k + 3] for k in range(0, len(icons), 3)]
            for k, row in enumerate(rows):  # three a row, so a six-icon Gold card stays legible
                x0 = (r.width() - len(row) * (d + 3) + 3) / 2
                paint_icons(p, row, x0, 25 + k * (d + 3), d)
            draw_text(p, QRectF(2, 26 + len(rows) * (d + 3), r.width() - 4, 16), card, style.sans(9), style.INK_SOFT)
            strip = QRectF(0, r.height() - 22, r.width(), 22)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(owner))
            p.drawRoundedRect(strip, 5, 5)
            p.drawRect(QRectF(0, strip.top(), r.width(), 8))
            draw_text(p, strip, mark, style.sans(10, bold=True, tabular=False), style.text_on(owner))
        else:
            if icons:
                d = 15.0
                x0 = (r.width() - len(icons) * (d + 3) + 3) / 2
                paint_icons(p, icons, x0, 24, d, faint=True)
                draw_text(p, QRectF(0, 40, r.width(), 14), "automatic", style.sans(9), style.INK_SOFT)
            draw_text(p, QRectF(3, 56, r.width() - 6, r.height() - 58), cost, style.sans(9), style.INK,
                      Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | WRAP, elide=False)

    def texts(self) -> list[str]:
        return [self.toolTip(), self.look[1], self.look[5]]


class AdvanceTile(LookItem):
    """An Advance on the Market Research board: name, cost, and the marks of its owners."""

    RADIUS = 6.0

    def __init__(self, w: float, h: float):
        super().__init__(w, h, z=3)

    def set_tile(self, name: str, level: int, cost: int, owners: tuple, on_sale: bool, tip: str) -> None:
        self.set_look((name, level, cost, owners, on_sale), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, level, cost, owners, on_sale = self.look
        r = self.rect()
        path = self.outline()
        draw_shadow(p, path, 1, 2, 50)
        p.setPen(QPen(QColor(SECTOR_COLOURS["research"]), 1.3))
        p.setBrush(paper_brush(r) if on_sale else QColor(style.PAPER_SHADE))
        p.drawPath(path)
        draw_text(p, QRectF(2, 2, r.width() - 4, 32), name, style.sans(9, bold=True), style.INK,
                  Qt.AlignmentFlag.AlignCenter | WRAP, elide=False)
        draw_text(p, QRectF(4, 33, r.width() - 8, 14), f"{cost} Research", style.sans(9), style.INK_SOFT)
        d = 15.0
        x = (r.width() - len(owners) * (d + 2) + 2) / 2
        for colour, mark in owners:
            paint_mark_disc(p, QRectF(x, r.height() - d - 3, d, d), colour, mark)
            x += d + 2

    def texts(self) -> list[str]:
        return [self.toolTip(), self.look[0]]


class LinesItem(DrawnItem):
    """The prerequisite lines of the Market Research board (drawn under the tiles)."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.lines: tuple = ()
        self.setZValue(2)

    def set_lines(self, lines: tuple) -> None:
        self.lines = lines
        self.refresh(lines)

    def paint_body(self, p: QPainter, lod: float) -> None:
        p.setPen(QPen(QColor(SECTOR_COLOURS["research"]), 1.6))
        for (x1, y1), (x2, y2) in self.lines:
            mid = (y1 + y2) / 2
            path = QPainterPath(QPointF(x1, y1))
            path.cubicTo(QPointF(x1, mid), QPointF(x2, mid), QPointF(x2, y2))
            p.drawPath(path)


class OwnerCell(LookItem):
    """A player's facility of one type in the facility table: the size (★ on a double card)."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h, z=3)

    def set_cell(self, colour: str, mark: str, size: int, double: bool, tip: str) -> None:
        self.set_look((colour, mark, size, double), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        colour, mark, size, double = self.look
        r = self.rect().adjusted(3, 5, -3, -5)
        if not size:
            p.setPen(QPen(QColor(style.PAPER_SHADE), 1.0, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 5, 5)
            return
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(colour))
        p.drawRoundedRect(r, 5, 5)
        draw_text(p, r, f"{mark} {size}" + ("★" if double else ""), style.sans(10, bold=True, tabular=False),
                  style.text_on(colour), elide=False)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class FacilityRow(LookItem):
    """A facility type's row in the table: name, good, the stack left, build and expansion costs."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)

    def set_row(self, name: str, good: str, stack: str, costs: str, shade: bool, tip: str) -> None:
        self.set_look((name, good, stack, costs, shade), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, good, stack, costs, shade = self.look
        r = self.rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.PAPER_DARK if shade else style.PAPER))
        p.drawRect(r)
        p.setBrush(QColor(GOOD_COLOURS.get(good, style.INK)))
        p.drawRect(QRectF(0, 0, 8, r.height()))
        draw_text(p, QRectF(14, 2, 250, 22), name, style.serif(11, bold=True), style.INK, LEFT)
        draw_text(p, QRectF(14, 23, 290, 20), costs, style.sans(9), style.INK_SOFT, LEFT)
        draw_text(p, QRectF(300, 0, 70, r.height()), stack, style.sans(10), style.INK)

    def texts(self) -> list[str]:
        return [self.toolTip(), *self.look[:4]]


class TurnBoard(LookItem):
    """The age track, the round, the two turn-order tracks, the progress wheel with its chips, the
    City and Country cards, and the Captain deck."""

    RADIUS = 8.0

    def set_board(self, age: int, rnd: int, order: tuple, pos: int, nxt: tuple, cities: int, country: int,
                  chips: int, wheel: bool, deck: int, seats: tuple, tip: str) -> None:
        self.set_look((age, rnd, order, pos, nxt, cities, country, chips, wheel, deck, seats), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        age, rnd, order, pos, nxt, cities, country, chips, wheel, deck, seats = self.look
        r = self.rect()
        path = self.outline()
        draw_shadow(p, path, 2, 3, 80)
        p.setPen(QPen(QColor(style.INK), 1.4))
        p.setBrush(paper_brush(r))
        p.drawPath(path)
        # the age track
        draw_text(p, QRectF(12, 8, 60, 24), "Age", style.serif(12, bold=True), style.INK, LEFT)
        for a in (1, 2, 3):
            box = QRectF(60 + (a - 1) * 34, 8, 28, 24)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.BRASS if a == age else style.PAPER))
            p.drawRoundedRect(box, 4, 4)
            draw_text(p, box, "I" * a, style.serif(11, bold=True), style.INK)
        draw_text(p, QRectF(172, 8, 120, 24), f"Round {rnd}", style.serif(12, bold=True), style.INK, LEFT)
        # the turn order tracks
        y = 44
        draw_text(p, QRectF(12, y, 110, 26), "Turn order", style.sans(10, bold=True), style.INK, LEFT)
        for k, s in enumerate(order):
            colour, mark = seats[s]
            box = QRectF(122 + k * 34, y, 28, 26)
            if k == pos:
                p.setPen(QPen(QColor(style.GOLD), 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(box.adjusted(-3, -3, 3, 3), 5, 5)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(colour))
            p.setOpacity(0.45 if k < pos else 1.0)
            p.drawRoundedRect(box, 4, 4)
            draw_text(p, box, mark, style.sans(10, bold=True, tabular=False), style.text_on(colour))
            p.setOpacity(1.0)
        y = 80
        draw_text(p, QRectF(12, y, 110, 26), "Next order", style.sans(10, bold=True), style.INK, LEFT)
        n = len(order)
        for k in range(n):
            box = QRectF(122 + k * 34, y, 28, 26)
            # builders take the last spaces of the Next Turn Order track: the first builder the last
            s = nxt[k - (n - len(nxt))] if k >= n - len(nxt) else None
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine if s is None else Qt.PenStyle.SolidLine))
            p.setBrush(QColor(seats[s][0]) if s is not None else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box, 4, 4)
            if s is not None:
                draw_text(p, box, seats[s][1], style.sans(10, bold=True, tabular=False), style.text_on(seats[s][0]))
        draw_text(p, QRectF(12, 112, 300, 36), f"Captain deck: {deck} cards", style.sans(10), style.INK_SOFT, LEFT)
        # the progress wheel: this round's chip in the centre, the chips on the track around it
        cx, cy, rad = r.width() - 250, 76.0, 56.0
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(style.PAPER_DARK))
        p.drawEllipse(QPointF(cx, cy), rad, rad)
        for k in range(3):
            spot = QPointF(cx + (rad - 16) * (-0.9 + 0.9 * k), cy + 26)
            p.setBrush(QColor(style.BRASS) if k < chips else Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.drawEllipse(spot, 9, 9)
        p.setBrush(QColor(style.BRICK_RED) if wheel else Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(cx, cy - 6), 12, 12)
        draw_text(p, QRectF(cx - rad, cy - rad + 4, 2 * rad, 18), "Progress", style.sans(9, bold=True), style.INK)
        draw_text(p, QRectF(cx - rad, cy + rad + 2, 2 * rad, 18), f"{1 + chips} draw{'s' if chips else ''}",
                  style.sans(9), style.INK)
        # the City cards of this age and the Country cards set aside
        x0 = r.width() - 178
        draw_text(p, QRectF(x0, 8, 170, 20), f"City cards {cities} of 6", style.sans(10, bold=True), style.INK, LEFT)
        for k in range(6):
            card = QRectF(x0 + k * 27, 32, 22, 32)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor("#6f5a3a") if k < cities else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(card, 3, 3)
        draw_text(p, QRectF(x0, 72, 170, 20), f"Country aside {country} of 4", style.sans(10, bold=True),
                  style.INK, LEFT)
        for k in range(4):
            card = QRectF(x0 + k * 27, 96, 22, 32)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor("#5b7a4a") if k < country else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(card, 3, 3)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class PlayerMat(LookItem):
    """A player's mat: name, money, rent and holdings; for the viewer, the Captain hand and the
    Player Bank; for another seat only the number of cards and "secret" (R18)."""

    RADIUS = 8.0

    def set_mat(self, colour: str, mark: str, name: str, money: int, lines: tuple, to_move: bool, tip: str) -> None:
        self.set_look((colour, mark, name, money, lines, to_move), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        colour, mark, name, money, lines, to_move = self.look
        r = self.rect()
        path = self.outline()
        draw_shadow(p, path, 2, 3, 80)
        p.setPen(QPen(QColor(style.GOLD if to_move else style.INK), 3.0 if to_move else 1.4))
        p.setBrush(paper_brush(r))
        p.drawPath(path)
        band = QRectF(0, 0, r.width(), 30)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(colour))
        p.drawRoundedRect(band, 8, 8)
        p.drawRect(QRectF(0, 15, r.width(), 15))
        fg = style.text_on(colour)
        draw_text(p, QRectF(10, 0, r.width() - 110, 30), f"{mark}  {name}", style.serif(12, bold=True), fg, LEFT)
        draw_text(p, QRectF(r.width() - 100, 0, 92, 30), f"${money}", style.sans(14, bold=True), fg,
                  Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        y = 34.0
        font = style.sans(9)
        metrics = QFontMetricsF(font)
        for text in lines:
            h = metrics.boundingRect(QRectF(0, 0, r.width() - 20, 1000), int(LEFT | WRAP), text).height() + 2
            if y + h > r.height() - 2:
                h = r.height() - 2 - y  # the last line that fits, cut at the mat's edge
                if h < metrics.height():
                    break
            draw_text(p, QRectF(10, y, r.width() - 20, h), text, style.sans(9), style.INK, LEFT | WRAP, elide=False)
            y += h

    def texts(self) -> list[str]:
        return [self.toolTip(), self.look[2], *self.look[4]] if self.look else [self.toolTip()]
