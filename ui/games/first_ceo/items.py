"""1st CEO pieces: company and corporation cards, company strips (a tableau's ledger), share
certificates, holding chips, small asset cards, decks and labels (the printed board and the
player mats are in regions/).

All sizes are scene units (1 unit = 1 logical pixel at the default zoom); no text is smaller
than 9 pt there (style.MIN_PT).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from engine.core.memo import game_cache
from engine.games.first_ceo.data import COMPANIES, CORPORATIONS, Scoring
from ui.board import icons, style
from ui.board.items import (
    FINE_LOD,
    BoardItem,
    CardItem,
    draw_shadow,
    draw_text,
    fill_rounded_part,
    fit_font,
    paper_brush,
)
from ui.board.legible import legible_font, screen_scale, shown_width

SCORING_SHORT = {"pair": "40/pair", "finance": "20/fin", "techhw": "10/T·H"}


def scoring_icons(s: Scoring) -> list[str]:
    return {"pair": ["entertainment", "electronics"], "finance": ["finance"],
            "techhw": ["technology", "hardware"]}.get(s.kind, [])


@game_cache(maxsize=1024)
def card_tooltip(card_id: str, price: int | None = None, surcharge: int = 0) -> str:
    """The full text of a company or corporation card."""
    if card_id in CORPORATIONS:
        c = CORPORATIONS[card_id]
        icons_text = ", ".join(icons.INDUSTRY_NAMES[i] for i in c.icons)
        return (f"{c.name} (corporation card)\nIndustries: {icons_text}\nIncome: ${c.income}\n"
                f"Scoring: {c.scoring.describe()}\nShare prices: "
                + " ".join(f"${p}" for p in c.share_prices))
    c = COMPANIES[card_id]
    icons_text = ", ".join(icons.INDUSTRY_NAMES[i] for i in c.icons)
    asset = {"increase": "draw an asset increase card (+10 to +20)",
             "decrease": "draw an asset decrease card (−10 to −20)", "none": "no asset card"}[c.asset_card]
    lines = [c.name, f"Industries: {icons_text}", f"Income: ${c.income}",
             f"Acquisition cost / asset value: {c.cost}", f"On acquisition: {asset}",
             f"Scoring: {c.scoring.describe()}"]
    if price is not None:
        extra = f" (cost {c.cost} + ${surcharge} for this space)" if surcharge else ""
        lines.append(f"Price here: ${price}{extra}")
    return "\n".join(lines)


def paint_roundel_or_icon(p: QPainter, name: str, rect: QRectF) -> None:
    key = icons.canonical(name)
    if key in icons.INDUSTRY_COLOURS:
        icons.paint_industry(p, key, rect)
    elif key == "income":
        icons.paint_coin(p, rect)
    else:
        icons.paint_icon(p, key, rect)


def paint_asset_mark(p: QPainter, kind: str, rect: QRectF) -> None:
    """The asset increase / decrease icon (a small card with an arrow)."""
    icons.paint_icon(p, "asset_up" if kind == "increase" else "asset_down", rect)


def paint_scoring(p: QPainter, s: Scoring, rect: QRectF, lod: float) -> None:
    """A card's scoring condition in an engraved box: '30 pts', or icons with a rate."""
    p.save()
    p.setPen(QPen(QColor(style.INK), 1.0))
    p.setBrush(QColor(style.PAPER))
    p.drawRoundedRect(rect, 4, 4)
    p.setPen(QPen(QColor(style.INK_SOFT), 0.6))
    p.drawRoundedRect(rect.adjusted(2.5, 2.5, -2.5, -2.5), 3, 3)
    scale = screen_scale(p)  # laid out with the sizes the text will have on the screen
    if s.kind == "fixed":
        big = legible_font(style.serif(17, bold=True), scale)
        fm = QFontMetricsF(big)
        txt = str(s.points)
        small = legible_font(style.sans(9), scale)
        unit = QFontMetricsF(small).horizontalAdvance("pts")
        with_unit = fm.horizontalAdvance(txt) + 4 + unit <= rect.width() - 6
        tw = fm.horizontalAdvance(txt) + (4 + unit if with_unit else 0)
        x = rect.center().x() - tw / 2
        draw_text(p, QRectF(x, rect.top(), fm.horizontalAdvance(txt) + 2, rect.height()), txt, big,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elide=False)
        if with_unit:
            draw_text(p, QRectF(x + fm.horizontalAdvance(txt) + 4, rect.top() + 3, unit + 2, rect.height()), "pts",
                      small, style.INK_SOFT, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                      elide=False)
    else:
        names = scoring_icons(s)
        rate = {"pair": "=40", "finance": "×20", "techhw": "×10"}[s.kind]
        sep = {"pair": "+", "finance": "", "techhw": "/"}[s.kind]
        big = legible_font(style.serif(14, bold=True), scale)
        sep_font = legible_font(style.sans(10, bold=True), scale)
        sep_w = QFontMetricsF(sep_font).horizontalAdvance(sep) + 2 if sep else 0
        rate_w = QFontMetricsF(big).horizontalAdvance(rate) + 2
        # icons shrink (never the numbers) until the whole condition fits the box
        size = min(22.0, rect.height() - 10)
        room = rect.width() - 10 - rate_w - 4 - (len(names) - 1) * sep_w
        size = max(12.0, min(size, room / len(names)))
        total = len(names) * size + (len(names) - 1) * sep_w + 4 + rate_w
        x = rect.center().x() - total / 2
        cy = rect.center().y()
        for i, name in enumerate(names):
            icons.paint_industry(p, name, QRectF(x, cy - size / 2, size, size))
            x += size
            if i < len(names) - 1 and sep:
                draw_text(p, QRectF(x, rect.top(), sep_w, rect.height()), sep, sep_font, elide=False)
                x += sep_w
        x += 4
        draw_text(p, QRectF(x, rect.top(), rate_w + 4, rect.height()), rate, big,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elide=False)
    p.restore()


class CompanyCard(CardItem):
    """A company card (market) or corporation card (tableau), fully printed: title band in the
    industry's colour, industry roundels, asset-card icon, big cost, income coins, scoring."""

    def __init__(self, w: float = 136, h: float = 190):
        super().__init__(w, h)
        self.card_id: str | None = None
        self.band_colour = style.INK
        self.subtitle = ""

    def set_card(self, card_id: str, band: str | None = None, tooltip: str = "", subtitle: str = "",
                 dimmed: bool = False) -> None:
        self.card_id = card_id
        self.set_dimmed(dimmed)
        self.face_down = False
        if card_id in CORPORATIONS:
            self.title = CORPORATIONS[card_id].name
        else:
            self.title = COMPANIES[card_id].name
            band = band or icons.INDUSTRY_COLOURS[COMPANIES[card_id].icons[0]]
        self.band_colour = band or style.INK
        self.subtitle = subtitle
        self.set_tip(tooltip or card_tooltip(card_id))
        self.refresh(card_id, self.band_colour, subtitle)

    def texts(self) -> list[str]:
        return [self.toolTip(), self.title, self.subtitle]

    def paint_face(self, p: QPainter, lod: float) -> None:
        cid = self.card_id
        if cid is None:
            return
        if self.w > self.h:
            self.paint_landscape(p, lod)
            return
        corp = cid in CORPORATIONS
        c = CORPORATIONS[cid] if corp else COMPANIES[cid]
        w, h = self.w, self.h
        bh = 26.0
        # title band, with a second colour strip for a two-industry company
        fill_rounded_part(p, w, h, self.radius, QRectF(0, 0, w, bh), self.band_colour)
        p.setPen(Qt.PenStyle.NoPen)
        if not corp and len(c.icons) > 1 and c.icons[1] != c.icons[0]:
            p.setBrush(QColor(icons.INDUSTRY_COLOURS[c.icons[1]]))
            p.drawRect(QRectF(0, bh - 4, w, 4))
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawLine(QPointF(0, bh), QPointF(w, bh))
        if lod >= FINE_LOD or w * lod > 40:
            f = fit_font(self.title, style.serif(10.5, bold=True), w - 10)
            draw_text(p, QRectF(5, 0, w - 10, bh - 2), self.title, f, style.text_on(self.band_colour))
        # an engraved inner rule round the face
        p.setPen(QPen(QColor(style.INK_SOFT), 0.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(QRectF(3, bh + 3, w - 6, h - bh - 6), self.radius * 0.5, self.radius * 0.5)
        # icon row: industries left, asset card right
        y = bh + 6
        size = 26.0 if w >= 120 else 22.0
        x = 7.0
        for name in c.icons:
            icons.paint_industry(p, name, QRectF(x, y, size, size))
            x += size + 3
        if not corp and c.asset_card != "none":
            paint_asset_mark(p, c.asset_card, QRectF(w - 7 - size * 0.8, y, size * 0.8, size))
        y += size + 4
        # the big number: acquisition cost = asset value (corporation: the word)
        if corp:
            draw_text(p, QRectF(4, y, w - 8, 20), "CORPORATION", style.sans(9, bold=True), style.INK_SOFT,
                      short="CORP.")
            y += 20
            if self.subtitle and (lod >= FINE_LOD):
                draw_text(p, QRectF(4, y, w - 8, 16), self.subtitle, style.sans(9), style.INK_SOFT)
                y += 18
        else:
            num_h = 40.0
            draw_text(p, QRectF(0, y, w, num_h), str(c.cost), style.sans(24, bold=True), style.INK, elide=False)
            y += num_h
        # income coins
        coin = 17.0
        total = c.income * coin + (c.income - 1) * 3
        x = (w - total) / 2
        for _ in range(c.income):
            icons.paint_coin(p, QRectF(x, y, coin, coin))
            x += coin + 3
        # scoring box at the bottom
        box_h = 36.0 if h >= 170 else 32.0
        paint_scoring(p, c.scoring, QRectF(6, h - box_h - 6, w - 12, box_h), lod)


    def paint_landscape(self, p: QPainter, lod: float) -> None:
        """The card turned sideways (narrow player mats): band on top, then icons, income and
        scoring in one row."""
        cid = self.card_id
        c = CORPORATIONS[cid] if cid in CORPORATIONS else COMPANIES[cid]
        w, h = self.w, self.h
        bh = 24.0
        fill_rounded_part(p, w, h, self.radius, QRectF(0, 0, w, bh), self.band_colour)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawLine(QPointF(0, bh), QPointF(w, bh))
        label = self.title + ("  ·  corporation" if cid in CORPORATIONS and w >= 200 else "")
        f = fit_font(label, style.serif(10.5, bold=True), w - 10)
        draw_text(p, QRectF(5, 0, w - 10, bh - 1), label, f, style.text_on(self.band_colour))
        row = QRectF(0, bh, w, h - bh)
        box_w = min(100.0, w * 0.45)
        box_left = w - box_w - 6
        # industry roundels and printed income coins on top, the corporation's income below
        size = 20.0
        x = 6.0
        for name in c.icons:
            icons.paint_industry(p, name, QRectF(x, row.top() + 3, size, size))
            x += size + 2
        x += 3
        coin = 15.0
        for i in range(c.income):
            icons.paint_coin(p, QRectF(x + i * (coin + 2), row.top() + 5.5, coin, coin))
        if self.subtitle:
            draw_text(p, QRectF(6, row.top() + 24, box_left - 10, 16), self.subtitle, style.sans(9), style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        paint_scoring(p, c.scoring, QRectF(box_left, row.top() + 5, box_w, row.height() - 10), lod)


class CompanyStrip(BoardItem):
    """A compact ledger line for an owned company: roundels, name, (coins, scoring) and cost."""

    def __init__(self, w: float, h: float = 20):
        super().__init__(w, h)
        self.card_id: str | None = None

    def set_card(self, card_id: str) -> None:
        self.card_id = card_id
        self.set_tip(card_tooltip(card_id))
        self.refresh(card_id, self.w)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 3, 3)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        c = COMPANIES[self.card_id]
        w, h = self.w, self.h
        outline = self.outline()
        p.setPen(QPen(QColor(style.INK), 0.9))
        p.setBrush(QColor(style.PAPER))
        p.drawPath(outline)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(icons.INDUSTRY_COLOURS[c.icons[0]]))
        p.drawRoundedRect(QRectF(0, 0, 5, h), 2, 2)
        size = h - 4
        x = 8.0
        for name in c.icons:
            icons.paint_industry(p, name, QRectF(x, 2, size, size))
            x += size + 1
        # the cost column is as wide as two digits at the size they will have on the screen
        cost_w = max(24.0, shown_width(p, "00", style.sans(9, bold=True)))
        right = w - cost_w - 8  # a clear gap between the scoring in brief and the cost
        used = 0.0
        if w >= 200:
            # the scoring in brief, then the income coins (small, overlapping)
            s = c.scoring
            txt = f"{s.points} pts" if s.kind == "fixed" else SCORING_SHORT[s.kind]
            tw = 52.0
            draw_text(p, QRectF(right - tw, 0, tw, h), txt, style.sans(9), style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            used += tw + 4
            cw = 12.0
            cx = right - used - (c.income - 1) * 13 - cw
            for i in range(c.income):
                icons.paint_coin(p, QRectF(cx + i * 13, (h - cw) / 2, cw, cw))
            used += (c.income - 1) * 13 + cw + 4
        if c.asset_card != "none":
            paint_asset_mark(p, c.asset_card, QRectF(right - used - 11, 3, 10, h - 6))
            used += 14
        if lod >= FINE_LOD:
            draw_text(p, QRectF(x + 3, 0, right - used - x - 4, h), c.name, style.serif(9, bold=True),
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        draw_text(p, QRectF(right, 0, cost_w, h), str(c.cost), style.sans(9, bold=True),
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elide=False)


class ShareItem(BoardItem):
    """One share certificate of a corporation: seat-colour band with the mark, the price.

    `state`: "issue" (still to issue; the leftmost is buyable), "sold" (an empty slot)."""

    def __init__(self, w: float = 29, h: float = 40):
        super().__init__(w, h)
        self.colour = style.NPC_GREY
        self.mark = ""
        self.price = 0
        self.sold = False
        self.next = False

    def set_share(self, colour: str, mark: str, price: int, sold: bool, next_: bool, tooltip: str) -> None:
        self.colour, self.mark, self.price, self.sold, self.next = colour, mark, price, sold, next_
        self.set_tip(tooltip)
        self.refresh(colour, mark, price, sold, next_, self.w)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 3, 3)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        outline = self.outline()
        if self.sold:
            pen = QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.setBrush(QColor(0, 0, 0, 18))
            p.drawPath(outline)
            draw_text(p, r, f"{self.price}", style.sans(9), style.INK_SOFT, elide=False)
            return
        draw_shadow(p, outline, 1.0, 1.5, 50)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r))
        p.drawPath(outline)
        # the band as tall as the mark needs once enlarged on a board shown at about two thirds
        band = QRectF(0, 0, self.w, max(14.0, self.h * 0.4))
        fill_rounded_part(p, self.w, self.h, 3, band, self.colour)
        draw_text(p, band, self.mark, style.sans(9, bold=True, tabular=False), style.text_on(self.colour),
                  elide=False)
        draw_text(p, QRectF(0, band.height(), self.w, self.h - band.height()), f"{self.price}",
                  style.sans(9, bold=True), elide=False)
        p.setPen(QPen(QColor(style.INK), 1.1))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(outline)


class HoldingChip(BoardItem):
    """Shares held of one corporation: a mini certificate in its colour with the mark, × count."""

    def __init__(self, w: float = 36, h: float = 22):
        super().__init__(w, h)
        self.colour = style.NPC_GREY
        self.mark = ""
        self.count = 0

    def set_chip(self, colour: str, mark: str, count: int, tooltip: str) -> None:
        self.colour, self.mark, self.count = colour, mark, count
        self.set_tip(tooltip)
        self.refresh(colour, mark, count, self.w)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 3, 3)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        outline = self.outline()
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(style.PAPER))
        p.drawPath(outline)
        sq = QRectF(0, 0, self.h, self.h)
        fill_rounded_part(p, self.w, self.h, 3, sq, self.colour)
        draw_text(p, sq, self.mark, style.sans(9, bold=True, tabular=False), style.text_on(self.colour), elide=False)
        draw_text(p, QRectF(self.h, 0, self.w - self.h - 2, self.h), f"{self.count}", style.sans(9, bold=True),
                  elide=False)


class AssetCardItem(CardItem):
    """A small face-down asset card: its kind (increase ▲ / decrease ▼) is public, its value is
    printed only for the owner's own view."""

    def __init__(self, w: float = 22, h: float = 30):
        super().__init__(w, h)
        self.kind = "increase"
        self.value: int | None = None
        self.shadow = True

    def set_asset(self, kind: str, value: int | None, tooltip: str) -> None:
        self.kind, self.value = kind, value
        self.face_down = True
        self.set_tip(tooltip)
        self.refresh(kind, value)

    def texts(self) -> list[str]:
        return [self.toolTip()] + ([f"{self.value:+d}"] if self.value is not None else [])

    def paint_body(self, p: QPainter, lod: float) -> None:
        outline = self.outline()
        draw_shadow(p, outline, 1.0, 1.5, 50)
        colour = style.MONEY_GREEN if self.kind == "increase" else style.BRICK_RED
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(colour).darker(140))
        p.drawPath(outline)
        inner = self.rect().adjusted(2.5, 2.5, -2.5, -2.5)
        p.setPen(QPen(QColor(style.BRASS), 0.8))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(inner, 1.5, 1.5)
        if self.value is None:
            arrow = QRectF(0, 0, self.w * 0.7, self.w * 0.7)
            arrow.moveCenter(self.rect().center())
            up = self.kind == "increase"
            path = QPainterPath()
            c = arrow.center()
            s = arrow.width() / 2
            if up:
                path.moveTo(c.x(), c.y() - s)
                path.lineTo(c.x() + s, c.y() + s * 0.6)
                path.lineTo(c.x() - s, c.y() + s * 0.6)
            else:
                path.moveTo(c.x(), c.y() + s)
                path.lineTo(c.x() + s, c.y() - s * 0.6)
                path.lineTo(c.x() - s, c.y() - s * 0.6)
            path.closeSubpath()
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(style.PAPER))
            p.drawPath(path)
        else:
            # the owner's own card: its value on a paper label across the card
            label = QRectF(0, self.h / 2 - 9, self.w, 18)
            p.setPen(QPen(QColor(style.INK), 0.8))
            p.setBrush(QColor(style.PAPER))
            p.drawRoundedRect(label, 3, 3)
            # the card's colour says increase or decrease: the sign goes first when room is short
            draw_text(p, label, f"{self.value:+d}", style.sans(9, bold=True, tabular=False), colour, elide=False,
                      short=f"{abs(self.value)}")


class PileItem(CardItem):
    """A face-down deck or discard pile with a count under it (stacked edges show its depth)."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.count = 0
        self.label = ""
        self.kind_icon = ""
        self.badge = BadgeItem(self)

    def set_pile(self, count: int, label: str, colour: str, tooltip: str, icon: str = "") -> None:
        self.count, self.label, self.kind_icon = count, label, icon
        self.back_colour = colour
        self.face_down = True
        self.set_tip(tooltip)
        # the pile repaints only when its drawn depth changes; the count is a small child badge
        self.refresh(self.depth(), label, colour, icon)
        self.badge.set_text(str(count))
        self.badge.setPos(self.w / 2 - 15, self.h - 10)

    def texts(self) -> list[str]:
        return [self.toolTip(), self.label, str(self.count)]

    def depth(self) -> int:
        """Card edges drawn under the top card: more for a fuller pile (0 = empty)."""
        return min(4, (self.count + 4) // 5)

    def paint_body(self, p: QPainter, lod: float) -> None:
        depth = self.depth()
        outline = self.outline()
        if self.count == 0:
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(QColor(0, 0, 0, 15))
            p.drawPath(outline)
        else:
            for i in range(depth, 0, -1):
                p.setPen(QPen(QColor(style.INK), 0.8))
                p.setBrush(QColor(self.back_colour).darker(115))
                p.drawPath(outline.translated(i * 1.5, i * 1.5))
            draw_shadow(p, outline.translated(depth * 1.5, depth * 1.5), 1.0, 1.5, 50)
            self.paint_back(p, lod)
            p.setPen(QPen(QColor(style.INK), 1.2))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(outline)
            if self.kind_icon:
                r = QRectF(0, 0, self.w * 0.5, self.w * 0.5)
                r.moveCenter(self.rect().center())
                icons.paint_icon(p, self.kind_icon, r, style.PAPER)

    def bounds(self) -> QRectF:
        return super().bounds().adjusted(0, 0, 8, 4)


class BadgeItem(BoardItem):
    """A small paper lozenge with a number (a pile's count)."""

    def __init__(self, parent: QGraphicsItem | None = None):
        super().__init__(30, 18, parent)
        self.text = ""
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_text(self, text: str) -> None:
        self.text = text
        self.refresh(text)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(QColor(style.PAPER))
        p.drawRoundedRect(r, 9, 9)
        draw_text(p, r, self.text, style.sans(9, bold=True), elide=False)


class LabelItem(BoardItem):
    """Plain engraved text on the board (titles and captions); inert."""

    def __init__(self, w: float, h: float, text: str, font, colour: str = style.INK,
                 align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elide: bool = True):
        super().__init__(w, h)
        self.text, self.font, self.colour, self.align = text, font, colour, align
        self.elide = elide
        """False for a note that is better left out (to the tooltip) than cut short."""
        self.setAcceptHoverEvents(False)

    short: tuple[str, ...] = ()
    """Shorter forms of the text, drawn when the board is shown too small for the whole text."""

    def set_text(self, text: str, colour: str | None = None, short: str | tuple[str, ...] = ()) -> None:
        self.text = text
        self.colour = colour or self.colour
        self.short = (short,) if isinstance(short, str) else tuple(short)
        self.refresh(text, self.colour, self.short)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def bounds(self) -> QRectF:
        # room for a line drawn taller than its row when the board is shown small (legible.py)
        return self.rect().adjusted(-2, -min(3.0, self.h * 0.3), 5, min(8.0, self.h * 0.3))

    def paint_body(self, p: QPainter, lod: float) -> None:
        draw_text(p, self.rect(), self.text, self.font, self.colour, align=self.align, elide=self.elide,
                  short=self.short)

    def texts(self) -> list[str]:
        return [self.toolTip(), self.text]
