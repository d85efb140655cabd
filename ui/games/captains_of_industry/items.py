"""Captains of Industry pieces: market rows and their pricing spaces, the owners' token stacks (and
the dashed ghosts of tokens just bought, or bought and discarded at an age end), Real Estate spaces,
Advance tiles with their prerequisite lines, facility-table rows and the turn board (age, turn
order, progress).

Sizes are scene units (1 unit = 1 logical pixel at the default zoom). The board is laid out to be
fitted into a window whole, so its text is large: 11 pt and more for everything a player reads
during play, 10 pt only for what the tooltip repeats. Colour is never the only cue: seats carry
their mark, sectors and levels their name, demand icons their letter.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from ui.board import style
from ui.board.items import BoardItem, ScreenClick, draw_shadow, draw_text, fit_font, paper_brush
from ui.board.legible import fits
from ui.board.pieces import ButtonItem, DrawnItem, LookItem

SECTOR_COLOURS = {"research": "#5e4b8b", "consumables": "#4f6b2f", "durables": "#2f4f6f", "energy": "#7b2d26"}
"""Market sectors: violet Research, olive Consumables, slate Durables, oxblood Energy."""
ICON_COLOURS = {"C": SECTOR_COLOURS["consumables"], "D": SECTOR_COLOURS["durables"], "E": SECTOR_COLOURS["energy"]}
GOOD_COLOURS = {"stone": "#8a8478", "lumber": "#8d6e4c", "steel": "#5f7a8a", "corn": "#c9a227", "oil": "#2b2b2b",
                "research": "#6a4c93", "parts": "#2d6a6a"}
LEVEL_COLOURS = {"bronze": "#a86b32", "silver": "#9ea3a8", "gold": "#d4a017"}
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
WRAP = Qt.TextFlag.TextWordWrap
GHOSTS = {"taken": style.BRICK_RED, "bought": style.MONEY_GREEN, "discarded": style.BRICK_RED}
GHOST_SIGNS = {"taken": "−", "bought": "✓", "discarded": "✗"}


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
        draw_text(p, r, ch, style.sans(10, bold=True), style.PAPER, elide=False)
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
    draw_text(p, rect, mark, style.sans(10, bold=True, tabular=False), style.text_on(colour), elide=False)


class MarketLabel(LookItem):
    """The head of a market row: sector band, demand, name and goods (a padlock after a locked one)."""

    def set_label(self, name: str, sector: str, goods: str, locked: bool, demand: int | None, lit: bool,
                  tip: str) -> None:
        self.set_look((name, sector, goods, locked, demand, lit), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, sector, goods, locked, demand, lit = self.look
        r = self.rect()
        colour = SECTOR_COLOURS[sector]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(colour))
        p.drawRect(QRectF(0, 0, 6, r.height()))
        p.setBrush(QColor(style.GOLD if lit else style.PAPER_DARK))
        p.drawRect(QRectF(6, 0, r.width() - 6, r.height()))
        box = QRectF(10, 5, 34, r.height() - 10)
        if demand is not None:
            p.setPen(QPen(QColor(colour), 1.4))
            p.setBrush(QColor(style.PAPER))
            p.drawRoundedRect(box, 5, 5)
            draw_text(p, box, str(demand), style.sans(15, bold=True), colour)
        x = box.right() + 6
        draw_text(p, QRectF(x, 1, r.width() - x - 2, 22), name, fit_font(name, style.serif(12, bold=True),
                                                                         r.width() - x - 2), style.INK, LEFT)
        w = r.width() - x - (18 if locked else 2)
        draw_text(p, QRectF(x, 22, w, 20), goods, style.sans(11), style.INK_SOFT, LEFT)
        if locked:
            paint_lock(p, QRectF(r.width() - 15, 25, 11, 14))

    def texts(self) -> list[str]:
        return [self.toolTip(), *(str(x) for x in self.look[:3])]


class PriceSpace(BoardItem):
    """One space ($1–$12) of a market's pricing track; a click prices the market there."""

    def __init__(self, w: float, h: float, price: int):
        super().__init__(w, h)
        self.price = price
        self.shade = self.priced = False
        self.setZValue(1)

    def set_space(self, shade: bool, priced: bool, tip: str) -> None:
        """`priced`: the space takes the pricing click now (its price is then written in it)."""
        self.shade, self.priced = shade, priced
        self.set_tip(tip)
        self.refresh(shade, priced)

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK_SOFT), 0.8))
        p.setBrush(QColor(style.PAPER if not self.shade else style.PAPER_DARK))
        p.drawRect(r)
        if self.priced:  # the price is written in the spaces that take a click
            draw_text(p, r, f"${self.price}", style.sans(11), style.INK_SOFT)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class StackChip(LookItem):
    """One owner's tokens at one price in one market: the seat's colour and mark, and the count; or
    a dashed ghost of tokens that left the market (`kind` taken, bought or discarded)."""

    W, H = 22.0, 21.0
    RADIUS = 5.0

    def __init__(self):
        super().__init__(self.W, self.H, z=10)

    def set_chip(self, colour: str, mark: str, n: int, kind: str, tip: str) -> None:
        self.set_look((colour, mark, n, kind), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        colour, mark, n, kind = self.look
        path = self.outline()
        if kind:  # the ghost of tokens that are gone
            c = QColor(GHOSTS[kind])
            p.setPen(QPen(c, 1.5, Qt.PenStyle.DashLine))
            p.setBrush(QColor(255, 255, 255, 120))
            p.drawPath(path)
            draw_text(p, self.rect(), f"{GHOST_SIGNS[kind]}{n}", style.sans(11, bold=True), GHOSTS[kind],
                      elide=False)
            return
        draw_shadow(p, path, 1, 1.5, 60)
        p.setPen(QPen(QColor(style.INK), 0.9))
        p.setBrush(QColor(colour))
        p.drawPath(path)
        text = f"{mark}{n}"
        draw_text(p, self.rect(), text, fit_font(text, style.sans(11, bold=True, tabular=False), self.W - 2),
                  style.text_on(colour), elide=False)

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
        band = QRectF(0, 0, r.width(), 17)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(LEVEL_COLOURS[level]))
        p.drawRoundedRect(band, 5, 5)
        p.drawRect(QRectF(0, 9, r.width(), 8))
        draw_text(p, band, level.title(), style.sans(11, bold=True), style.INK)
        if card:
            d = 18.0
            per = max(1, int((r.width() - 4) // (d + 3)))
            rows = [icons[k:k + per] for k in range(0, len(icons), per)]
            for k, row in enumerate(rows):
                x0 = (r.width() - len(row) * (d + 3) + 3) / 2
                paint_icons(p, row, x0, 20 + k * (d + 2), d)
            strip = QRectF(0, r.height() - 17, r.width(), 17)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(owner))
            p.drawRoundedRect(strip, 5, 5)
            p.drawRect(QRectF(0, strip.top(), r.width(), 8))
            draw_text(p, strip, mark, style.sans(11, bold=True, tabular=False), style.text_on(owner))
        else:
            top = 18.0
            flags = int(Qt.AlignmentFlag.AlignCenter | WRAP)
            if icons:
                d = 16.0
                x0 = (r.width() - len(icons) * (d + 3) + 3) / 2
                below = QRectF(2, top + 16, r.width() - 4, r.height() - top - 17)
                # shown small, the cost takes the whole space: the faint icons are left out (they
                # lay over the cost's words; the tooltip and the panel's note say the demand)
                if fits(p, below, cost, style.sans(10), flags, False, short_costs(cost)):
                    paint_icons(p, icons, x0, top + 1, d, faint=True)
                    top += 16
            draw_text(p, QRectF(2, top, r.width() - 4, r.height() - top - 1), cost, style.sans(10), style.INK,
                      flags, elide=False, short=short_costs(cost))

    def texts(self) -> list[str]:
        return [self.toolTip(), self.look[1], self.look[5]]


def short_costs(cost: str) -> tuple[str, ...]:
    """Shorter forms of a build cost ('2 Stone + 2 Steel + 1 Research'), for a board shown small:
    Research as R (as on the Advances), then without the plus signs. Each count is bound to its
    good by a narrow no-break space, so a wrapped cost breaks between the goods ('2 Stone' over
    '2 Steel 1 R', never '2 Stone 2' over 'Steel 1 R'), and the densest form fits a Gold space
    in two lines at 1024×700 ('1 Stone 1 R' in the condensed cut: 82 units of the space's 83;
    with word spaces it took 85, and the cost went to the tooltip while the space was a choice)."""
    forms = [BOUND.sub("\u202f", cost.replace("Research", "R"))]
    forms.append(forms[0].replace(" + ", " "))
    return tuple(f for f in forms if f != cost)


BOUND = re.compile(r"(?<=\d) (?=\D)")
"""The space between a count and its good ('2 Lumber')."""


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
        font = style.sans(11, bold=True)
        short = ()
        if " " not in name:  # one long word cannot wrap: it shrinks (not under 9 pt), or is cut short
            font = fit_font(name, font, r.width() - 6)
            short = name[:7] + "." if len(name) > 8 else ()
        draw_text(p, QRectF(2, 0, r.width() - 4, r.height() - 15), name, font, style.INK,
                  Qt.AlignmentFlag.AlignCenter | WRAP, elide=False, short=short)
        draw_text(p, QRectF(6, r.height() - 20, 40, 18), f"{cost} R", style.sans(11), SECTOR_COLOURS["research"],
                  LEFT)
        d = 16.0
        x = r.width() - 4 - len(owners) * (d + 2)
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
        p.setBrush(Qt.BrushStyle.NoBrush)
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
        r = self.rect().adjusted(3, 4, -3, -4)
        if not size:
            p.setPen(QPen(QColor(style.PAPER_SHADE), 1.0, Qt.PenStyle.DotLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(r, 5, 5)
            return
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(colour))
        p.drawRoundedRect(r, 5, 5)
        draw_text(p, r, f"{size}" + ("★" if double else ""), style.sans(13, bold=True, tabular=False),
                  style.text_on(colour), elide=False)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class FacilityRow(LookItem):
    """A facility type's row in the table: name, good, the stack left, build and expansion costs."""

    def set_row(self, name: str, good: str, stack: str, costs: str, shade: bool, tip: str) -> None:
        self.set_look((name, good, stack, costs, shade), tip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, good, stack, costs, shade = self.look
        r = self.rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.PAPER_DARK if shade else style.PAPER))
        p.drawRect(r)
        p.setBrush(QColor(GOOD_COLOURS.get(good, style.INK)))
        p.drawRect(QRectF(0, 0, 6, r.height()))
        draw_text(p, QRectF(12, 1, 236, 21), name, style.serif(12, bold=True), style.INK, LEFT)
        draw_text(p, QRectF(12, 21, 236, 19), costs, style.sans(10), style.INK_SOFT, LEFT)
        draw_text(p, QRectF(248, 0, 46, r.height()), stack, style.sans(11), style.INK)

    def texts(self) -> list[str]:
        return [self.toolTip(), *self.look[:4]]


class TurnBoard(LookItem):
    """The age track, the round, the two turn-order tracks, the progress wheel with its chips, the
    City and Country cards, and the Captain deck."""

    RADIUS = 8.0

    def set_board(self, age: int, rnd: int, order: tuple, pos: int, nxt: tuple, cities: int, country: int,
                  chips: int, wheel: bool, deck: int, seats: tuple, tip: str) -> None:
        self.set_look((age, rnd, order, pos, nxt, cities, country, chips, wheel, deck, seats), tip)

    def _seat_box(self, p: QPainter, box: QRectF, seat: tuple | None, faded: bool = False) -> None:
        if seat is None:
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(box, 4, 4)
            return
        colour, mark = seat
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(colour))
        p.setOpacity(0.45 if faded else 1.0)
        p.drawRoundedRect(box, 4, 4)
        draw_text(p, box, mark, style.sans(12, bold=True, tabular=False), style.text_on(colour))
        p.setOpacity(1.0)

    def paint_body(self, p: QPainter, lod: float) -> None:
        age, rnd, order, pos, nxt, cities, country, chips, wheel, deck, seats = self.look
        r = self.rect()
        path = self.outline()
        draw_shadow(p, path, 2, 3, 80)
        p.setPen(QPen(QColor(style.INK), 1.4))
        p.setBrush(paper_brush(r))
        p.drawPath(path)
        # the age track and the round
        draw_text(p, QRectF(12, 6, 50, 26), "Age", style.serif(13, bold=True), style.INK, LEFT)
        for a in (1, 2, 3):
            box = QRectF(58 + (a - 1) * 36, 6, 30, 26)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.BRASS if a == age else style.PAPER))
            p.drawRoundedRect(box, 4, 4)
            draw_text(p, box, "I" * a, style.serif(12, bold=True), style.INK)
        draw_text(p, QRectF(12, 40, 220, 26), f"Round {rnd}", style.serif(13, bold=True), style.INK, LEFT)
        draw_text(p, QRectF(12, 72, 220, 24), f"Captain deck {deck}", style.sans(11), style.INK_SOFT, LEFT)
        # the Turn Order track (the seat to act ringed) and the Next Turn Order track
        x0 = 246.0
        draw_text(p, QRectF(x0, 6, 70, 26), "Order", style.sans(11, bold=True), style.INK, LEFT)
        draw_text(p, QRectF(x0, 40, 70, 26), "Next", style.sans(11, bold=True), style.INK, LEFT)
        n = len(order)
        for k, s in enumerate(order):
            box = QRectF(x0 + 58 + k * 32, 6, 27, 26)
            if k == pos:
                p.setPen(QPen(QColor(style.GOLD), 3))
                p.setBrush(Qt.BrushStyle.NoBrush)
                p.drawRoundedRect(box.adjusted(-3, -3, 3, 3), 5, 5)
            self._seat_box(p, box, seats[s], k < pos)
        for k in range(n):
            # builders take the last spaces of the Next Turn Order track, the first builder the last
            s = nxt[k - (n - len(nxt))] if k >= n - len(nxt) else None
            self._seat_box(p, QRectF(x0 + 58 + k * 32, 40, 27, 26), seats[s] if s is not None else None)
        # the progress wheel: this round's chip in the centre, the chips on the track below it
        cx, cy, rad = r.width() - 212, 42.0, 32.0
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(style.PAPER_DARK))
        p.drawEllipse(QPointF(cx, cy), rad, rad)
        p.setBrush(QColor(style.BRICK_RED) if wheel else Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(cx, cy - 8), 10, 10)
        for k in range(3):
            p.setBrush(QColor(style.BRASS) if k < chips else Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(cx - 20 + 20 * k, cy + 16), 7, 7)
        draw_text(p, QRectF(cx - 40, cy + rad + 1, 80, 22), f"{1 + chips} draw{'s' if chips else ''}",
                  style.sans(11), style.INK)
        # the City cards of this age and the Country cards set aside this round
        x1 = r.width() - 164
        draw_text(p, QRectF(x1, 4, 160, 20), f"City {cities} of 6", style.sans(11, bold=True), style.INK, LEFT)
        for k in range(6):
            card = QRectF(x1 + k * 25, 26, 20, 26)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor("#6f5a3a") if k < cities else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(card, 3, 3)
        draw_text(p, QRectF(x1, 56, 160, 20), f"Country {country} of 4", style.sans(11, bold=True), style.INK,
                  LEFT)
        for k in range(4):
            card = QRectF(x1 + k * 25, 78, 20, 14)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor("#5b7a4a") if k < country else Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(card, 3, 3)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class StepButton(ScreenClick, ButtonItem):
    """◀ / ▶ of the age-end replay: a choice of the screen (which market to explain), not a decision."""
