"""City of the Big Shoulders pieces: charters (with their factories as clickable children), general
action spaces, building tiles, demand tiles, the Job Market, the supply chain and Haymarket.

Sizes are scene units (1 unit = 1 logical pixel at the default zoom); no text below 9 pt. Every
piece is drawn from plain values its setter receives (never the state), and repaints only when
they change (`refresh`).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen

from engine.games.big_shoulders.data import BUILDINGS, COMPANIES, RESOURCES
from ui.board import style
from ui.board.items import (
    ScreenClick,
    draw_shadow,
    draw_text,
    fill_rounded_part,
    fit_font,
    paint_count_badge,
    paint_paper,
    paper_brush,
)
from ui.board.legible import (
    HEIGHT_SLACK,
    WRAP_SLACK,
    draw_shown,
    fits,
    legible_font,
    plan_legible,
    screen_scale,
    shown_width,
)
from ui.board.pieces import Chip, LookItem, TextItem

GOODS_COLOURS = {"dry_goods": "#7a5a3a", "meat_packing": "#9b3434", "food_dairy": "#5c7a29", "shoes": "#3f5580"}
"""The band of a goods type (charters and Demand rows)."""
COMPANY_COLOURS = {
    "brunswick": "#6d4c2f", "spalding": "#a0703f", "fairbank": "#8a7a55", "elgin": "#4f3b2a",
    "swift": "#9b3434", "anglo": "#c2604a", "libby": "#5c7a29", "cracker_jack": "#8c9a3a",
    "henderson": "#3f5580", "doggett": "#6a6fa8",
}
"""Each company's marker colour: shades of its goods type, so a row of markers reads by type."""
COMPANY_MARKS = {"brunswick": "Br", "spalding": "Sp", "fairbank": "Fa", "elgin": "El", "swift": "Sw",
                 "anglo": "AA", "libby": "Li", "cracker_jack": "CJ", "henderson": "He", "doggett": "Do"}
RESOURCE_COLOURS = {"livestock": "#e38fb0", "steel": "#4f7cac", "coal": "#2f2f2f", "wood": "#9a6b3f"}
RESOURCE_MARKS = {"livestock": "L", "steel": "S", "coal": "C", "wood": "W"}

TEXT_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
TEXT_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


TIGHT_PX = 27.0
"""Shown so small that the 9 pt minimum makes a line of text taller than this many scene units
(a view under ≈ 0.44 of the design size), a charter's rows are closer than its lines: it then
keeps its texts to every other row (name, numbers, factories' output, forecast, chips) and
shows the rest (certificate marks, prices, "idle") by colour and in its tooltip."""


def tight(p: QPainter) -> bool:
    """True if the board is shown so small that a charter keeps to its main rows (TIGHT_PX)."""
    return legible_font(style.sans(9), screen_scale(p)).pixelSize() > TIGHT_PX


def paint_cube(p: QPainter, rect: QRectF, res: str, count: int | None = None, mark: bool = True) -> None:
    """A resource cube in its colour with its letter (colour is never the only cue), or a count;
    `mark` False: a plain cube (one under another of a stack, whose letter is on the top one)."""
    p.save()
    p.setPen(QPen(QColor(style.INK), 1.0))
    p.setBrush(QColor(RESOURCE_COLOURS[res]))
    p.drawRoundedRect(rect, 3, 3)
    if not mark:
        p.restore()
        return
    text = RESOURCE_MARKS[res] if count is None else f"{count}"
    f = style.sans(9, bold=True)
    draw_text(p, rect, text, f, style.text_on(RESOURCE_COLOURS[res]) if res != "livestock" else style.INK,
              elide=False)
    p.restore()


def paint_worker(p: QPainter, rect: QRectF, state: str) -> None:
    """A worker space: empty (a ring), a Worker (an ink pawn disc) or automation (a black octagon)."""
    p.save()
    c = rect.center()
    r = min(rect.width(), rect.height()) / 2 - 1
    if state == "auto":
        path = QPainterPath()
        import math

        for i in range(8):
            ang = math.pi / 8 + i * math.pi / 4
            pt = QPointF(c.x() + r * math.cos(ang), c.y() + r * math.sin(ang))
            path.moveTo(pt) if i == 0 else path.lineTo(pt)
        path.closeSubpath()
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor("#1e1e1e"))
        p.drawPath(path)
        draw_text(p, rect, "A", style.sans(9, bold=True), style.PAPER, elide=False)
    elif state == "worker":  # a pawn: head and shoulders, unlike any resource cube
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor("#c9a36a"))
        p.drawEllipse(c, r, r)
        p.setBrush(QColor(style.INK))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(QPointF(c.x(), c.y() - r * 0.3), r * 0.28, r * 0.28)
        body = QPainterPath()
        body.moveTo(c.x() - r * 0.5, c.y() + r * 0.6)
        body.quadTo(c.x(), c.y() - r * 0.25, c.x() + r * 0.5, c.y() + r * 0.6)
        body.closeSubpath()
        p.drawPath(body)
    else:
        p.setPen(QPen(QColor(style.INK_SOFT), 1.2, Qt.PenStyle.DashLine))
        p.setBrush(QColor(style.PAPER))
        p.drawEllipse(c, r, r)
    p.restore()


class CharterCard(LookItem):
    """A started company's charter: name band, share value, appeal, treasury, goods, the seven
    certificates by holder, Salespeople and price per good, resources, its asset and the forecast.
    Its factories are `FactoryItem` children laid out by the scene in `factory_rect(i)`, its
    stock decisions chips in the strip `CHIP_Y`."""

    W, H = 419.0, 252.0
    RADIUS = 8.0
    BAND = 30.0
    NUMBERS_Y, NUMBERS_H = 33.0, 28.0
    CERT_Y, CERT_H = 64.0, 24.0
    SALES_Y, SALES_H = 91.0, 24.0
    FACTORY_TOP = 118.0
    FACTORY_H = 58.0
    FORECAST_Y = 178.0
    CHIP_Y = 222.0
    CHIP_H = 26.0

    def __init__(self, cid: str):
        super().__init__(self.W, self.H)
        self.cid = cid
        self.values: dict = {}
        self.selected = False

    def set_charter(self, info: dict, tooltip: str, selected: bool = False) -> None:
        """`info`: plain values to draw (see the scene's `_charter_info`)."""
        self.values, self.selected = info, selected
        self.set_look((tuple(sorted((k, repr(v)) for k, v in info.items())), selected), tooltip)

    def factory_rect(self, i: int, n: int) -> QRectF:
        gap = 6.0
        w = (self.W - 16 - gap * (n - 1)) / n
        return QRectF(8 + i * (w + gap), self.FACTORY_TOP, w, self.FACTORY_H)

    def paint_body(self, p: QPainter, lod: float) -> None:
        i = self.values
        data = COMPANIES[self.cid]
        r = self.rect()
        path = self.outline()
        paint_paper(p, path, r)
        band = GOODS_COLOURS[data.goods]
        fill_rounded_part(p, self.w, self.h, 8, QRectF(0, 0, self.w, self.BAND), band)
        fg = style.text_on(band)
        title = fit_font(data.name, style.serif(12, bold=True), self.w * 0.68)
        name = plan_legible(p, QRectF(36, 0, self.w * 0.66, self.BAND), data.name, title, int(TEXT_LEFT),
                            elide=False, short=data.short)
        if draw_shown(p, name, fg):
            # the goods label takes what the name leaves as it is shown (full, condensed or short):
            # enlarged on a small board, a long name reached into a label laid out for the design size
            left = name.extent().right() + 12
            goods = plan_legible(p, QRectF(left, 0, self.w - 10 - left, self.BAND), i.get("goods_name", ""),
                                 style.sans(10, bold=True), int(TEXT_RIGHT), elide=False,
                                 short=i.get("goods_short", ""))
            if goods is not None and goods.extent().left() >= left - 0.5:
                draw_shown(p, goods, fg)
        self._paint_numbers(p, i)
        self._paint_certificates(p, i.get("certs", ()), self.CERT_Y)
        x = self._paint_prices(p, data.prices, int(i.get("sales", 0)), self.SALES_Y)
        self._paint_resources(p, i, x, self.SALES_Y)
        # (factories are children between FACTORY_TOP and FACTORY_TOP + FACTORY_H)
        self._paint_forecast(p, i)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.GOLD) if self.selected else QColor(style.INK), 3.0 if self.selected else 1.6))
        p.drawPath(path)
        if self.selected:
            tag = QRectF(self.w - 108, self.CHIP_Y, 100, 24)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(style.GOLD))
            p.drawRoundedRect(tag, 4, 4)
            draw_text(p, tag, "acting", style.sans(10, bold=True), style.INK, elide=False)

    def _paint_numbers(self, p: QPainter, i: dict) -> None:
        """Share value, appeal and treasury, each a soft label and a large number; shown small,
        label and number as one condensed line, else the number alone (the goods waiting are in
        the forecast line)."""
        soft, big = style.sans(9), style.sans(13, bold=True)
        cells = (("share", str(i.get("share", "")), 0.36), ("appeal", str(i.get("appeal", "")), 0.30),
                 ("cash", str(i.get("cash", "")), 0.34))
        y, h = self.NUMBERS_Y, self.NUMBERS_H
        if tight(p):
            if i.get("focus") == "market":  # the certificates take the room (share values: track, chips)
                return
            y += 5  # lower, clear of the name: the certificates below keep no text then
        x = 8.0
        for label, value, share in cells:
            cw = (self.w - 16) * share
            cell = QRectF(x, y, cw - 6, h)
            x += cw
            lw = QFontMetricsF(soft).horizontalAdvance(label) + 5
            # (probes: drawn as designed, or else the one line below is)
            tag = plan_legible(p, QRectF(cell.left(), y, lw, h), label, soft, int(TEXT_LEFT), elide=False, probe=True)
            number = plan_legible(p, cell.adjusted(lw, 0, 0, 0), value, big, int(TEXT_LEFT), elide=False,
                                  probe=True)
            if tag is not None and number is not None and tag.font is soft and number.font is big:
                draw_shown(p, tag, style.INK_SOFT)   # as designed
                draw_shown(p, number, style.INK)
            else:
                draw_text(p, cell, f"{label} {value}", big, style.INK, TEXT_LEFT, elide=False, short=value)

    def _paint_certificates(self, p: QPainter, certs, y: float) -> None:
        """Director 30 %, Preferred 20 %, five Commons 10 %: the holder's colour and mark (pool:
        grey; blank: still on the charter). Shown small, a cell keeps the mark alone, and shown
        smaller still (`tight`) the colours alone: the numbers above and the prices below need the
        room."""
        small = tight(p) and self.values.get("focus") != "market"
        x = 8.0
        if small:  # a thinner strip between the numbers and the prices, drawn as they will be
            y += 6
        elif tight(p):  # the Stock Phase: who holds what matters most, in the numbers' room
            y -= 10
        h = self.CERT_H - 12 if small else self.CERT_H
        for label, holder in certs:
            # (a Common as wide as the charter allows: its "10%" still reads on a board fitted small)
            w = {"30%": 60.0, "20%": 64.0}.get(label, 49.0)
            cell = QRectF(x, y, w, h)
            colour, mark = holder
            p.setPen(QPen(QColor(style.INK), 1.0))
            if colour == "pool":
                p.setBrush(QColor(style.NPC_GREY))
                mark = "pool"
                label = "" if label == "10%" else label
            elif colour == "charter":
                p.setBrush(QColor(style.PAPER))
                mark = ""
            else:
                p.setBrush(QColor(colour))
            p.drawRoundedRect(cell, 3, 3)
            fgc = style.INK if colour in ("pool", "charter") else style.text_on(colour)
            text = f"{label} {mark}".strip() if label != "10%" or not mark else mark
            short = mark if colour not in ("pool", "charter") else ""
            if not small:
                draw_text(p, cell, text, fit_font(text, style.sans(10, bold=True), w - 4), fgc, elide=False,
                          short=short)
            x += w + 3

    def _paint_prices(self, p: QPainter, prices, sales: int, y: float) -> float:
        """The price per good by Salespeople, the current one in gold; shown small, the current
        price alone ("$50 a good"). Returns where the row ends."""
        cells = [QRectF(8 + k * 47, y + 1, 44, self.SALES_H - 2) for k in range(len(prices))]
        plans = [plan_legible(p, c, f"${price}", style.sans(10, bold=k == sales), elide=False, probe=True)
                 for k, (c, price) in enumerate(zip(cells, prices, strict=True))]  # (else the pill says it)
        if tight(p):  # shown smaller still, the forecast line gives the price: the resources take the row
            return 8.0
        if all(plan is not None and plan.extent().width() <= c.width() - 2
               for c, plan in zip(cells, plans, strict=True)):
            for k, (c, plan) in enumerate(zip(cells, plans, strict=True)):
                p.setPen(QPen(QColor(style.INK), 1.4 if k == sales else 0.8))
                p.setBrush(QColor(style.GOLD if k == sales else style.PAPER_DARK))
                p.drawRoundedRect(c, 3, 3)
                draw_shown(p, plan, style.INK)
            return cells[-1].right() + 8
        price = prices[min(sales, len(prices) - 1)]
        pill = QRectF(8, y, cells[-1].right() - 8, self.SALES_H)
        p.setPen(QPen(QColor(style.INK), 1.4))
        p.setBrush(QColor(style.GOLD))
        p.drawRoundedRect(pill, 3, 3)
        draw_text(p, pill, f"${price} a good", style.sans(10, bold=True), style.INK, elide=False, short=f"${price}")
        return pill.right() + 8

    def _paint_resources(self, p: QPainter, i: dict, x: float, y: float) -> None:
        """The resources on the charter (cubes with counts) and its Capital Asset."""
        res = i.get("resources", {})
        if any(res.values()):
            for name in RESOURCES:
                n = res.get(name, 0)
                if n:
                    paint_cube(p, QRectF(x, y, 24, 24), name, n)
                    x += 27
        else:
            plan = plan_legible(p, QRectF(x, y, 120, 22), "no resources", style.sans(9), int(TEXT_LEFT), elide=False)
            if draw_shown(p, plan, style.INK_SOFT):
                x = plan.extent().right()
        asset = i.get("asset", "")
        if asset:
            left = x + 12
            f = fit_font(asset, style.sans(9, bold=True), self.w - 8 - left)
            plan = plan_legible(p, QRectF(left, y, self.w - 8 - left, 22), asset, f, int(TEXT_RIGHT))
            if plan is not None and plan.extent().left() >= left - 0.5:
                draw_shown(p, plan, style.INK)

    def _paint_forecast(self, p: QPainter, i: dict) -> None:
        """What it makes this Decade and where the goods would go. Without chips below it the strip
        takes the card's foot, so its two lines stay readable on a smaller board; too small for
        both, one line in the fewest words that fit ("Idle: F1 needs 1 Worker · room 7")."""
        bottom = self.CHIP_Y - 3 if i.get("chips") or self.selected else self.h - 4
        strip = QRectF(6, self.FORECAST_Y, self.w - 12, bottom - self.FORECAST_Y)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.PAPER_SHADE))
        p.drawRoundedRect(strip, 4, 4)
        made_forms, where_forms = i.get("forecast_forms", (("",), ("",)))
        inner = strip.adjusted(6, 0, -6, 0)
        top = QRectF(inner.left(), inner.top(), inner.width(), inner.height() / 2)
        low = QRectF(inner.left(), top.bottom(), inner.width(), inner.height() / 2)
        # the first line in its full size: a shorter form rather than smaller letters (the tooltip
        # gives every reason in full)
        made = plan_legible(p, top, made_forms[0], style.sans(12, bold=True), int(TEXT_LEFT), elide=False,
                            short=made_forms[1:], probe=True)  # (probes: else the one line below)
        where = plan_legible(p, low, where_forms[0], fit_font(where_forms[0], style.sans(11, bold=True), low.width()),
                             int(TEXT_LEFT), elide=False, short=where_forms[1:], probe=True)
        # enlarged, two lines laid out for the design size may reach into each other: then one line
        if made is not None and where is not None and made.extent().bottom() <= where.extent().top() + 1:
            draw_shown(p, made, style.BRICK_RED if i.get("idle") else style.INK)
            draw_shown(p, where, style.INK)
            return
        draw_text(p, inner, i.get("forecast_line", ("",))[0], style.sans(12, bold=True),
                  style.BRICK_RED if i.get("idle") else style.INK, TEXT_LEFT, elide=False,
                  short=i.get("forecast_line", ("",))[1:])

    def texts(self) -> list[str]:
        return [self.toolTip(), *(str(v) for v in self.values.values())]


class FactoryItem(LookItem):
    """One factory of a charter: its number, the resources a run uses (cubes), the goods it makes,
    its worker spaces (Worker, automation or empty) and its Manager."""

    RADIUS = 5.0

    def set_factory(self, number: int, uses: tuple, makes: int, spaces: tuple[str, ...], manager: bool,
                    runs: bool | None, tooltip: str) -> None:
        """`uses`: (resource, count) pairs of one run."""
        self.set_look((number, uses, makes, spaces, manager, runs), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        number, uses, makes, spaces, manager, runs = self.look
        r = self.rect()
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor("#f3e9d2" if runs else "#e2d3b3"))
        p.drawPath(self.outline())
        # (room for the number drawn at the least size of a board fitted to a small screen)
        label = plan_legible(p, QRectF(6, 2, 40, 26), f"F{number}", style.sans(10, bold=True), int(TEXT_LEFT))
        draw_shown(p, label, style.INK)
        # the cubes start after the number as it is shown (enlarged on a small board)
        x = max(32.0, label.extent().right() + 4) if label else 6.0
        cube = 24.0  # its letter still reads on a board fitted to a 1024×700 window
        for res, n in uses:
            for k in range(n):  # a stack overlaps: the letter on the top cube only
                paint_cube(p, QRectF(x, 3, cube, cube), res, mark=k == n - 1)
                x += cube - 4 if k < n - 1 else cube + 2
            x += 4
        draw_text(p, QRectF(x, 2, r.width() - x - 4, 24), f"→ {makes}", style.sans(11, bold=True), style.INK,
                  TEXT_LEFT, elide=False)
        size = 24.0
        x = 6.0
        for state in spaces:
            paint_worker(p, QRectF(x, 30, size, size), state)
            x += size + 4
        if manager:
            m = QRectF(r.width() - 30, 30, 24, 24)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.BRASS))
            p.drawRoundedRect(m, 4, 4)
            draw_text(p, m, "M", style.sans(10, bold=True), style.INK, elide=False)
        if runs is False and not tight(p):  # (shown smaller, its darker paper and the forecast say so)
            draw_text(p, QRectF(x + 4, 30, r.width() - x - 36, 24), "idle", style.sans(9), style.BRICK_RED, TEXT_LEFT)


class SpaceTile(LookItem):
    """A general action space of the board: its name, what it costs or pays, how many Partners it
    takes a Decade (∞ or 1), and the Partners on it now."""

    RADIUS = 6.0
    BADGE_W = 30.0
    """The room the count's badge takes at the right of the Partners' row."""

    def set_space(self, name: str, money_line: str, uses: str, partners: tuple, closed: str, tooltip: str,
                  short: str = "", line_short: tuple[str, ...] = ()) -> None:
        """`partners`: (colour, mark) of each Partner on the space (or ("", "+n") for the rest);
        `short`: the name in a word, and `line_short` the money line's shorter forms, drawn when
        the board is shown small."""
        self.set_look((name, money_line, uses, partners, closed, short, tuple(line_short)), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, money_line, uses, partners, closed, short, line_short = self.look
        r = self.rect()
        draw_shadow(p, self.outline(), 1, 2, 60)
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor("#e4d6b8" if closed else "#f1e6cc"))
        p.drawPath(self.outline())
        whole = QRectF(7, 2, r.width() - 12, 32)
        if fits(p, whole, name, style.serif(10, bold=True), int(WRAP), elide=False) or not short:
            draw_text(p, whole, name, style.serif(10, bold=True), style.INK, WRAP, elide=False)
        else:  # shown small: the space's name in a word (the tooltip names it in full)
            draw_text(p, QRectF(4, 0, r.width() - 8, 32), name, style.serif(10, bold=True), style.INK, TEXT_LEFT,
                      elide=False, short=short)
        line = closed or money_line
        f = fit_font(line, style.sans(9), r.width() - 12)
        draw_text(p, QRectF(7, 30, r.width() - 12, 24), line, f, style.BRICK_RED if closed else style.INK_SOFT,
                  TEXT_LEFT, elide=False, short=line_short)
        x = 8.0
        for colour, mark in partners:
            c = QRectF(x, r.height() - 26, 24, 24)
            if colour:
                p.setPen(QPen(QColor(style.INK), 1.0))
                p.setBrush(QColor(colour))
                p.drawEllipse(c)
                draw_text(p, c, mark, style.sans(9, bold=True), style.text_on(colour), elide=False)
                x += 27
            else:
                draw_text(p, QRectF(x, r.height() - 26, r.width() - x - self.BADGE_W, 24), mark,
                          style.sans(9, bold=True), style.INK, TEXT_LEFT)
        # the count in the bottom right corner, beside the Partners (painted last: the cover
        # measure sees any word under it); in the top right corner a name drawn a little wider
        # than its box, as the legible rule allows, ran under it
        badge = QRectF(r.width() - self.BADGE_W, r.height() - 26, 26, 24)
        paint_count_badge(p, badge, uses, style.BRASS if uses == "∞" else style.PAPER_DARK, style.sans(10, bold=True))


class BuildingTile(LookItem):
    """A building: its number and era, cost and who pays, the effect, and the owner's colour band;
    or, face down, only its era (another seat's tile in hand)."""

    RADIUS = 6.0

    def set_building(self, bid: int | None, owner_colour: str, owner_mark: str, note: str, tooltip: str,
                     era: int = 1, marked: str = "", empty: str = "", back: bool = False,
                     empty_short: tuple[str, ...] = ()) -> None:
        """`bid` None: an empty slot labelled `empty`, or with `back` a face-down tile (its text
        `empty`, e.g. how many are in hand); `empty_short`: its shorter forms."""
        self.set_look((bid, owner_colour, owner_mark, note, era, marked, empty, back, tuple(empty_short)), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        bid, colour, mark, note, era, marked, empty, back, empty_short = self.look
        r = self.rect()
        if bid is None and not back:  # an empty slot of the Decade
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(QColor(style.PAPER_DARK))
            p.drawPath(self.outline())
            draw_text(p, r, empty, style.sans(9), style.INK_SOFT, elide=False, short=empty_short)
            return
        draw_shadow(p, self.outline(), 1, 2, 60)
        if bid is None:  # face down: the common back
            p.setPen(QPen(QColor(style.INK), 1.2))
            p.setBrush(QColor(style.CARD_BACK))
            p.drawPath(self.outline())
            draw_text(p, r, empty, style.sans(10, bold=True), style.PAPER, elide=False, short=empty_short)
            return
        b = BUILDINGS[bid]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r))
        p.drawPath(self.outline())
        bh = 24.0
        fill_rounded_part(p, self.w, self.h, 6, QRectF(0, 0, self.w, bh), colour or style.PAPER_SHADE)
        fg = style.text_on(colour) if colour else style.INK
        head = f"#{bid}"   # the band is its owner's colour, and it sits in its owner's row
        draw_text(p, QRectF(5, 0, self.w * 0.5, bh), head, style.sans(9, bold=True), fg, TEXT_LEFT)
        pay, pay_short = pay_words(b.cost, b.pay)
        # the cost starts where the number ends as it is shown (larger on a board shown small)
        left = 5 + shown_width(p, head, style.sans(9, bold=True)) + 4
        draw_text(p, QRectF(left, 0, self.w - left - 5, bh), pay, style.sans(9, bold=True), fg, TEXT_RIGHT,
                  elide=False, short=pay_short)
        # its name, as the prompt and the buttons call it, over what it does
        # (a line as tall as the name needs as shown, so the effect keeps the most room: two
        # lines at 1280x720, where a fixed line for the smallest board cut it to "Auto 1 Wkr")
        name_font = style.sans(9, bold=True)
        name_h = max(18.0, QFontMetricsF(legible_font(name_font, screen_scale(p))).height() / HEIGHT_SLACK + 1.5)
        # (4 units from the rim, as the Stock Track's room for its markers made the board a little
        # smaller in a 1024x700 window: 'Employment', the short form, went to the tooltip at 5)
        draw_text(p, QRectF(4, bh + 1, self.w - 8, name_h), b.name, name_font, style.INK,
                  TEXT_LEFT, elide=False, short=name_short(b.name))
        body = style.sans(10 if self.w >= 160 else 9)   # the hand's tiles are larger than the built ones
        top = bh + 1 + name_h
        # the room as the legibility rule reads it: wrapped lines may run a tenth below their rect
        # (WRAP_SLACK), so the rect stops that much above the tile's edge, and the lines it lets in
        # stay on the tile (at 1280x720 late in a game "must hold $150" of a dividend and
        # "factories)" of the Executive were drawn half under the card's edge)
        free = self.h - top - (26 if note or marked else 2)
        room = QRectF(5, top, self.w - 10, free / WRAP_SLACK)
        # room for one line only, as shown: the effect in a line (a short form wrapped in two
        # lines overflowed the tile, its second line cut off by the tile's edge); two lines where
        # the legibility rule lets them in (WRAP_SLACK)
        lines = free / QFontMetricsF(legible_font(body, screen_scale(p))).height()
        draw_text(p, room, b.text, body, style.INK, WRAP if lines >= 2 else TEXT_LEFT, elide=False,
                  short=_plain(b.text))
        if note:
            draw_text(p, QRectF(6, self.h - 19, self.w - 12, 17), note, style.sans(9, bold=True), style.INK_SOFT,
                      TEXT_LEFT)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.GOLD) if marked else QColor(style.INK), 3.0 if marked else 1.2))
        p.drawPath(self.outline())
        if marked:
            # (as wide as its word drawn at the least size of a board fitted to a small screen)
            tag_w = min(110.0, self.w * 0.55)
            tag = QRectF(self.w - tag_w - 4, self.h - 27, tag_w, 24)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(style.GOLD))
            p.drawRoundedRect(tag, 4, 4)
            draw_text(p, tag, marked, style.sans(9, bold=True), style.INK, elide=False)

    def texts(self) -> list[str]:
        bid = self.look[0] if self.look else None
        return [self.toolTip(), "" if bid is None else f"#{bid} {BUILDINGS[bid].text}"]


def pay_words(cost: int, payer: str) -> tuple[str, tuple[str, ...]]:
    """Who pays the owner of a building for its use, in words and shorter ones ("company pays $30",
    "costs $30", "$30"; "bank pays $20", "bank $20", "bank"): never the code "C→P" a newcomer must hover for.
    A cost alone means the user's company pays it; a bank's payment always says "bank"."""
    if payer == "company":
        return f"company pays ${cost}", (f"costs ${cost}", f"${cost}")
    return f"bank pays ${cost}", (f"bank ${cost}", "bank pays", "bank")


def name_short(name: str) -> tuple[str, ...]:
    """A building's name in fewer words for a tile shown small ("Packing Supply House" → "Packing
    Supply", "Packing"): the words that set it apart come first."""
    words = name.split()
    return tuple(" ".join(words[:k]) for k in range(len(words) - 1, 0, -1) if words[k - 1] not in ("&", "of"))


def _plain(text: str) -> tuple[str, ...]:
    """A building's effect without its asides ("Automate 2 Workers (in one factory or two)" →
    "Automate 2 Workers"), then in the fewest words ("$150 dividend", "Asset $10 off"): the short
    forms for a tile too small for the whole (the tooltip has it)."""
    import re

    plain = re.sub(r"\s*\([^)]*\)", "", text).replace(" from the general supply", "")
    fewest = re.sub(r"^The company pays a (\$\d+) dividend.*", r"\1 dividend", plain)
    fewest = re.sub(r"^(?:Buy a )?Capital Asset (?:at )?(\$\d+) (?:below|off) its slot price$", r"Asset \1 off", fewest)
    fewer = _fewest(fewest)
    # a mix of resources reads without its ones ("wood+coal"), as the Capital Assets' costs do
    least = re.sub(r"(?<![\d$])1 ", "", fewer) if "+" in fewer and "Wkr" not in fewer else fewer
    return tuple(dict.fromkeys((plain, fewest, fewer, least)))


_WORDS = (("Salespeople", "Sales"), ("Salesperson", "Sales"), ("Managers", "Mgr"), ("Manager", "Mgr"),
          ("Workers", "Wkr"), ("Worker", "Wkr"), ("Automate", "Auto"), ("resources of different types", "mixed"),
          ("resources of the same type", "alike"), ("livestock", "lvst"), (" immediately", " now"),
          ("Asset $", "$"), (" dividend", " div."), ("Produce ", ""), (" + ", "+"))


def _fewest(text: str) -> str:
    """A building's effect in the board's abbreviations ("1 Worker + 1 Salesperson" → "1 Wkr+1 Sales"),
    for a built tile in a player's row shown small (as the appeal bonuses: Wkr, Sales, Auto)."""
    for word, short in _WORDS:
        text = text.replace(word, short)
    return text


class DemandTileItem(LookItem):
    """A Demand tile in its row: how many goods it takes, the goods on it, its column's bonus; or a
    printed space of the board (the $20 space takes 6, the $0 space any number at half price)."""

    RADIUS = 5.0

    def set_tile(self, demand: int | None, goods: int, bonus: int, printed: str, tooltip: str) -> None:
        self.set_look((demand, goods, bonus, printed), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        demand, goods, bonus, printed = self.look
        r = self.rect()
        if demand is None:
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(QColor(style.PAPER_DARK))
            p.drawPath(self.outline())
            draw_text(p, r.adjusted(4, 0, -4, 0), printed, style.sans(9), style.INK_SOFT, elide=False)
            return
        draw_shadow(p, self.outline(), 1, 2, 60)
        p.setPen(QPen(QColor(style.INK), 1.2))
        full = goods >= demand
        p.setBrush(QColor("#d8e4c4" if full else "#f6efdd"))
        p.drawPath(self.outline())
        draw_text(p, QRectF(6, 0, r.width() - 12, 26), f"{goods}/{demand}", style.sans(12, bold=True),
                  style.INK, TEXT_LEFT)
        room = QRectF(6, 22, r.width() - 12, 18)
        words = "full" if full else f"room {demand - goods}"
        # the room left is the difference of the numbers above: said in words where they fit
        if fits(p, room, words, style.sans(9), int(TEXT_LEFT)):
            draw_text(p, room, words, style.sans(9), style.INK_SOFT, TEXT_LEFT)


class MarketItem(LookItem):
    """A row of small spaces with a label: the Job Market (12 Workers), filled from the left."""

    RADIUS = 5.0

    def set_market(self, filled: int, spaces: int, bands: tuple, tooltip: str) -> None:
        self.set_look((filled, spaces, bands), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        filled, spaces, bands = self.look
        size = min(24.0, (self.w - 8) / spaces - 3)
        # hiring takes Workers from the cheap end: the market fills from the $20 (left) end
        for k in range(spaces):
            x = 4 + k * (size + 3)
            paint_worker(p, QRectF(x, 2, size, size), "worker" if spaces - k <= filled else "")
        for least, most, price in bands:
            if least == 0:
                continue
            a = spaces - most
            b = spaces - least
            x0 = 4 + a * (size + 3)
            x1 = 4 + (b + 1) * (size + 3) - 3
            # (24 units: the price still reads on a board fitted to a small window)
            draw_text(p, QRectF(x0 - 3, size + 2, x1 - x0 + 6, 24), f"${price}", style.sans(9, bold=True),
                      style.INK_SOFT, elide=False)


class ResourceSpace(LookItem):
    """A space holding resource cubes (a supply-chain space, Haymarket, the bag), with its price."""

    RADIUS = 5.0

    def set_space(self, label: str, counts: dict, tooltip: str, dark: bool = False, cubes: bool = True,
                  short: tuple[str, ...] = ()) -> None:
        """`cubes` False: the scene lays the cubes out as clickable `CubeButton` children; `short`:
        shorter forms of the label ("$30 each" → "$30")."""
        self.set_look((label, tuple(counts.get(r, 0) for r in RESOURCES) if cubes else (), dark, tuple(short)),
                      tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        label, counts, dark, short = self.look
        r = self.rect()
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(style.PAPER_SHADE if dark else "#f1e6cc"))
        p.drawPath(self.outline())
        draw_text(p, QRectF(4, 1, r.width() - 8, 24), label, style.sans(10, bold=True), style.INK, elide=False,
                  short=short)
        shown = [(res, n) for res, n in zip(RESOURCES, counts, strict=False) if n]
        x = 6.0
        y = 26.0
        for res, n in shown:
            # 24 units: its count still reads on a board fitted to a small window; a count of two
            # figures on a wider cube
            w = 24.0 if n < 10 else 32.0
            if x + w + 2 > r.width():
                x = 6.0
                y += 26
            paint_cube(p, QRectF(x, y, w, 24), res, n)
            x += w + 3
        if not shown and counts:
            draw_text(p, QRectF(4, 26, r.width() - 8, 24), "empty", style.sans(9), style.INK_SOFT, elide=False)

    @staticmethod
    def cube_pos(index: int, width: float) -> QPointF:
        """Where the `index`-th cube button sits in a space `width` wide (rows of what fits)."""
        per_row = max(1, int((width - 6) // 26))
        return QPointF(6 + (index % per_row) * 26, 26 + (index // per_row) * 26)


class CubeButton(LookItem):
    """A resource in a space with how many there are: bought, taken or traded for by a click."""

    RADIUS = 3.0

    def set_cube(self, res: str, n: int, tooltip: str) -> None:
        self.set_look((res, n), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        res, n = self.look
        paint_cube(p, self.rect(), res, n)


STUB_NAMES = {"anglo": ("Anglo-Am.",), "cracker_jack": ("Cr. Jack",)}
"""Abbreviations of the company names too long for a stub shown small (the tooltip has the whole)."""


class StubCard(LookItem):
    """A charter not yet in play: its name on its goods type's band, its starting appeal and its
    prices per good (the starting-value chips are children laid out by the scene)."""

    RADIUS = 6.0
    BAND = 36.0
    """The name's band: tall enough for the name enlarged to 9 pt on a late game's board fitted
    into a small window (zoom 0.28 with nine charters started; a 24-unit band drew no name)."""

    def set_stub(self, cid: str, line: str, tooltip: str) -> None:
        self.set_look((cid, line), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        cid, line = self.look
        data = COMPANIES[cid]
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(self.rect()))
        p.drawPath(self.outline())
        band = GOODS_COLOURS[data.goods]
        fill_rounded_part(p, self.w, self.h, 6, QRectF(0, 0, self.w, self.BAND), band)
        f = fit_font(data.short, style.serif(11, bold=True), self.w - 6)
        # a whole name, or its abbreviation, rather than a cut one ('Cracker Ja…')
        draw_text(p, QRectF(3, 0, self.w - 6, self.BAND), data.short, f, style.text_on(band),
                  short=STUB_NAMES.get(cid, ()))
        # the appeal over the prices; on a board shown small, on one line, or the appeal alone
        one_line = line.replace("\n", " · ").replace(" a good", "")
        f = fit_font(max(line.split("\n"), key=len), style.sans(9), self.w - 10)
        draw_text(p, QRectF(5, self.BAND + 2, self.w - 10, self.h - self.BAND - 4), line, f, style.INK,
                  elide=False, short=tuple(dict.fromkeys((one_line, line.split("\n")[0]))))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.drawPath(self.outline())


class Label(TextItem):
    """A line of text on a panel that explains itself in a tooltip (an appeal bonus, a goal)."""

    def __init__(self, w: float, h: float, pt: float = 10, bold: bool = True, centre: bool = False):
        align = Qt.AlignmentFlag.AlignCenter if centre else TEXT_LEFT
        super().__init__(w, h, pt=pt, bold=bold, align=align)

    def set_label(self, text: str, tooltip: str = "", short: tuple[str, ...] = ()) -> None:
        self.set_text(text, short=short)
        self.set_tip(tooltip or text)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.rect())  # found under the mouse, so its tooltip shows
        return path

    def texts(self) -> list[str]:
        return [self.text, self.toolTip()]


class AssetTile(LookItem):
    """A Capital Asset in its slot: name, the slot's price, what it does; or an empty slot."""

    RADIUS = 6.0

    def set_asset(self, name: str, price: int, effect: str, tooltip: str, name_short: tuple[str, ...] = (),
                  effect_short: tuple[str, ...] = ()) -> None:
        """`name_short`, `effect_short`: shorter forms, drawn when the tile is shown too small for
        the whole words."""
        self.set_look((name, price, effect, tuple(name_short), tuple(effect_short)), tooltip)

    def paint_body(self, p: QPainter, lod: float) -> None:
        name, price, effect, name_short, effect_short = self.look
        r = self.rect()
        path = self.outline()
        if not name:
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(QColor(style.PAPER_DARK))
            p.drawPath(path)
            draw_text(p, r, f"${price}\nempty", style.sans(10, bold=True), style.INK_SOFT, elide=False)
            return
        paint_paper(p, path, r)
        fill_rounded_part(p, self.w, self.h, self.RADIUS, QRectF(0, 0, self.w, 24), style.BRASS)
        draw_text(p, QRectF(4, 0, self.w - 8, 24), f"${price}", style.sans(11, bold=True), style.INK, elide=False)
        draw_text(p, QRectF(4, 26, self.w - 8, 34), name, fit_font(max(name.split(), key=len), style.sans(9, True),
                                                                    self.w - 8), style.INK,
                  Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, elide=False, short=name_short)
        draw_text(p, QRectF(4, 62, self.w - 8, self.h - 64), effect, style.sans(9), style.INK,
                  Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, elide=False, short=effect_short)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.drawPath(path)


class CharterFace(ScreenClick, CharterCard):
    """A charter whose click chooses the acting company of the Action Phase (a choice of the
    screen, not a decision)."""


class EitherClick:
    """Mixin: a piece whose click is a decision (its action) or, when `on_click` is set, a choice of
    the screen (mark a tile to play, offer a resource at Haymarket)."""

    on_click = None

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.on_click is None:
            super().mousePressEvent(event)
        else:
            event.accept()

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.on_click is None:
            super().mouseReleaseEvent(event)
        elif self.contains(event.pos()):
            self.on_click()


class ChoiceChip(EitherClick, Chip):
    """A chip on a charter: a decision or a choice of the screen."""


class HandTile(EitherClick, BuildingTile):
    """A building of the viewer's hand: in the Building Phase the first click marks the tile to play
    (a choice of the screen); the second, on another tile, is the decision (play and discard)."""
