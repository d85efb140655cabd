"""Victory Through Industry pieces: factory tiles (with the product of each side drawn at that
side, an arrow showing input or output), product cards, contract cards, empty-cell targets,
choice chips, panels and the complex overviews.

Sizes are scene units (1 unit = 1 logical pixel at the default zoom); no text below 9 pt.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from engine.games.victory_through_industry.data import CONTRACTS, DIRS, FACTORIES, PRODUCTS, facing
from ui.board import style
from ui.board.items import BoardItem, ScreenClick, draw_shadow, draw_text, fit_font, paper_brush
from ui.board.legible import fits, legible_font, screen_scale, shown_width
from ui.board.pieces import Chip
from ui.games.victory_through_industry.words import FACTORY_SHORT, PRODUCT_SHORT

PRODUCT_COLOURS = {
    "wood": "#8d6e4c", "iron_ore": "#7d7f86", "coal": "#3a3a3a", "oil": "#1f2a44", "cotton": "#efe9dc",
    "copper": "#b87333", "leather": "#8b4a2b", "tallow": "#e6d7a8", "sulfur": "#e0c341", "naphtha": "#6c8fb3",
    "fuel": "#c0392b", "cloth": "#5b7db1", "rubber": "#4a4a4a", "parachutes": "#dfe7ef", "steel": "#5f7a8a",
    "brass": "#c9a544", "nitroglycerin": "#d4553a", "knapsacks": "#6b7a3a", "boots": "#5d4037",
    "tires": "#262626", "ammunition": "#8e2f2f", "trucks": "#3e5f3a",
}
def short_name(f: str) -> str:
    """A factory's name in a word, for a board shown small (FACTORY_SHORT's first)."""
    name = FACTORIES[f].name
    return FACTORY_SHORT.get(name, (name,))[0]


RAW_BAND = "#c9d8b0"
MID_BAND = "#e9dcc0"
END_BAND = "#e7c873"


def product_colour(p: str) -> str:
    return PRODUCT_COLOURS.get(p, style.NPC_GREY)


@lru_cache(maxsize=64)
def factory_band(f: str) -> str:
    fac = FACTORIES[f]
    if not fac.inputs:
        return RAW_BAND
    made = {p for _, s in fac.outputs for p in s.products}
    return END_BAND if max(PRODUCTS[p].value for p in made) >= 5 else MID_BAND


@lru_cache(maxsize=256)
def factory_tooltip(f: str, rot: int = 0) -> str:
    fac = FACTORIES[f]
    lines = [fac.name]
    names = ("top", "right", "bottom", "left")
    for d, side in facing(f, rot):
        what = " or ".join(PRODUCTS[p].name for p in side.products)
        lines.append(f"{'Input' if side.kind == 'in' else 'Output'} on the {names[d]}: {what}")
    costs = sorted(fac.cost_products, key=lambda p: PRODUCTS[p].value)
    lines.append("Build for two of: " + ", ".join(PRODUCTS[p].name for p in costs))
    return "\n".join(lines)


@lru_cache(maxsize=64)
def product_tooltip(p: str) -> str:
    prod = PRODUCTS[p]
    makers = [f.name for f in FACTORIES.values() if any(p in s.products for _, s in f.outputs)]
    users = [f.name for f in FACTORIES.values() if any(p in s.products for _, s in f.inputs)]
    text = f"{prod.name}: {prod.value} point{'s' if prod.value != 1 else ''}\nMade by: {', '.join(makers)}"
    if users:
        text += f"\nUsed by: {', '.join(users)}"
    return text


CELL = 110.0
"""A cell of the complex shown large, the size a factory card is designed for."""
CARD_MARGIN = 3.0
"""How far a product card's name may run over the card's edge (its cell's margin round it)."""
TAG_W, TAG_H = 30.0, 18.0
"""The least size of a product's tag: its two-letter glyph stays legible on a board fitted into a
laptop's window (about half its size)."""


def paint_product_mark(p: QPainter, rect: QRectF, prod: str, font_pt: float = 9) -> None:
    """A small coloured tag with the product's glyph."""
    colour = product_colour(prod)
    p.setPen(QPen(QColor(style.INK), 0.8))
    p.setBrush(QColor(colour))
    p.drawRoundedRect(rect, 3, 3)
    draw_text(p, rect, PRODUCTS[prod].glyph, style.sans(font_pt, bold=True), style.text_on(colour), elide=False)


def paint_factory(p: QPainter, rect: QRectF, f: str, rot: int, named: bool = True, tags: float = 1.0) -> None:
    """A factory card: paper, tier band, its name in two lines, and at each printed side the
    product(s) with an arrow pointing in (input) or out (output). `named` False: its name only
    where there is room for it as designed (a choice of how to turn a factory the prompt names).
    `tags`: the side tags' size, a factor of TAG_W × TAG_H (a card drawn larger has larger tags)."""
    path = QPainterPath()
    r = rect.adjusted(2, 2, -2, -2)
    path.addRoundedRect(r, 6, 6)
    draw_shadow(p, path, 1.5, 2.5, 60)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(paper_brush(r))
    p.drawPath(path)
    place = _full_name_place(p, r, f, rot, named)
    if named and (place is None or r.width() * screen_scale(p) < DENSE_PX):
        _paint_dense_factory(p, rect, r, path, f, rot)
        return
    inner = r.adjusted(20, 20, -20, -20)
    p.setBrush(QColor(factory_band(f)))
    p.drawRoundedRect(inner, 4, 4)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(style.INK), 1.4))
    p.drawPath(path)
    if place is not None:
        for text, box, font, colour, flags, short in place:
            draw_text(p, box, text, font, colour, align=flags, short=short)
    for d, side in facing(f, rot):
        _paint_side(p, r, d, side, tags)


def _full_name_place(p: QPainter, r: QRectF, f: str, rot: int, named: bool) -> list | None:
    """Where the full card `r` puts its name now: its two words on two lines, or (`named`, shown
    small) a word of it between the side tags ([(text, rect, font, colour, flags, short)]); None
    if no form of it fits ([] for a card not `named`, whose name needs no place)."""
    fac = FACTORIES[f]
    words = fac.name.split(" ", 1)
    line_h = 15
    cy = r.center().y()
    w = r.width() - 6
    f1 = fit_font(words[0], style.sans(9, bold=True), w)
    first = QRectF(r.left() + 3, cy - 12 - line_h, w, line_h)
    second = QRectF(r.left() + 3, cy + 12, w, line_h)
    f2 = fit_font(words[-1], style.sans(9), w)
    centre = int(Qt.AlignmentFlag.AlignCenter)
    if fits(p, first, words[0], f1) and (len(words) == 1 or fits(p, second, words[1], f2)):
        lines = [(words[0], first, f1, style.INK, centre, ())]
        return lines + [(words[1], second, f2, style.INK_SOFT, centre, ())] if len(words) > 1 else lines
    if not named:
        return []
    # shown small: its name in a word, clear of the side tags: first on one line across the whole
    # card, between the top tag and the side ones (the middle, between the side tags, holds a
    # short word only at the size a laptop shows)
    sides = dict(facing(f, rot))
    bold = style.sans(9, bold=True)
    short = FACTORY_SHORT.get(fac.name, ())
    low = min((cy - (TAG_H * len(side.products) + 2 * (len(side.products) - 1)) / 2
               for d, side in sides.items() if d in (1, 3)), default=cy + line_h)
    high = r.top() + (3 + TAG_H if 0 in sides else 4)
    band = QRectF(r.left() + 3, high, w, max(0.0, low - high))
    if fits(p, band, fac.name, bold, elide=False, short=short):
        return [(fac.name, band, bold, style.INK, centre, short)]
    inner = r.adjusted(20, 20, -20, -20)
    middle = inner.adjusted(10 if 3 in sides else -6, 0, -10 if 1 in sides else 6, 0)
    wrap = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
    if fits(p, middle, fac.name, bold, wrap, short=short):
        return [(fac.name, middle, bold, style.INK, wrap, short)]
    return None


DENSE_PX = 64.0
"""A factory or a product card of a complex shown smaller than this on the screen (pixels: late
in a game on a laptop, its cells are 35 to 45), or a factory whose full card has no room for any
form of its name, is drawn dense: its name on one line across it in
the least legible size (a short form of FACTORY_SHORT or PRODUCT_SHORT where the name does not
fit), a card's points under its name, and a factory's sides as arrows in their products' colours,
pointing in for an input, out for an output, with no product code (a code of two letters cannot be
read on a mark of ten pixels; the Factories panel spells each type's recipe)."""

NAME_SHARE = 0.62
"""The share of a dense factory's height, from its top, that its name's line may take: the marks
of its left and right sides stand below it, on their side."""


def _paint_dense_factory(p: QPainter, cell: QRectF, r: QRectF, path: QPainterPath, f: str, rot: int) -> None:
    """A factory shown small (`DENSE_PX`): its tier's colour, its name across it (as wide as its
    `cell`, over the card's thin margin), its sides' marks."""
    fac = FACTORIES[f]
    size = r.width()
    depth = size * 0.15
    sides = dict(facing(f, rot))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(factory_band(f)))
    p.drawRoundedRect(r.adjusted(depth, depth, -depth, -depth), 3, 3)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(style.INK), 1.4))
    p.drawPath(path)
    top = r.top() + (depth + 1 if 0 in sides else 2)
    band = QRectF(cell.left(), top, cell.width(), r.top() + size * NAME_SHARE - top)
    # (in the regular weight: condensed, it holds "Refinery" in a cell of 38 pixels, "Copper" in 34)
    draw_text(p, band, fac.name, style.sans(9), style.INK, elide=False, short=FACTORY_SHORT.get(fac.name, ()))
    low = r.top() + size * NAME_SHARE + 1
    for d, side in sides.items():
        n = len(side.products)
        if d in (0, 2):
            length = min(size * 0.3, (size - 2 * depth) / n)
            start = r.center().x() - n * length / 2
        else:  # below the name, on its side
            end = r.bottom() - (depth + 1 if 2 in sides else 2)
            length = min(size * 0.3, (end - low) / n)
            start = (low + end) / 2 - n * length / 2
        for i, prod in enumerate(side.products):
            _paint_dense_mark(p, r, d, start + i * length, length, depth, side.kind == "in", prod)


def _paint_dense_mark(p: QPainter, r: QRectF, d: int, u0: float, length: float, depth: float, inward: bool,
                      prod: str) -> None:
    """One product's mark on side `d` of a dense factory: a tab in the product's colour from `u0`
    along the side, `depth` deep, its point towards the centre for an input, at the edge for an
    output (the arrow of the full card)."""
    u1, um = u0 + length - 1, u0 + (length - 1) / 2
    if inward:
        shape = [(u0, 0), (u1, 0), (u1, 0.5 * depth), (um, depth), (u0, 0.5 * depth)]
    else:
        shape = [(u0, depth), (u0, 0.5 * depth), (um, 0), (u1, 0.5 * depth), (u1, depth)]

    def at(u: float, v: float) -> QPointF:  # along the side, and in from its edge
        return {0: QPointF(u, r.top() + v), 2: QPointF(u, r.bottom() - v),
                1: QPointF(r.right() - v, u), 3: QPointF(r.left() + v, u)}[d]

    tab = QPainterPath()
    tab.moveTo(at(*shape[0]))
    for u, v in shape[1:]:
        tab.lineTo(at(u, v))
    tab.closeSubpath()
    p.setPen(QPen(QColor(style.INK), 0.9))
    p.setBrush(QColor(product_colour(prod)))
    p.drawPath(tab)


def _paint_side(p: QPainter, r: QRectF, d: int, side, tags: float = 1.0) -> None:
    n = len(side.products)
    tw, th = TAG_W * tags, TAG_H * tags
    horizontal = d in (0, 2)
    total_w = tw * n + 2 * (n - 1) if horizontal else tw
    total_h = th if horizontal else th * n + 2 * (n - 1)
    c = r.center()
    if d == 0:
        x0, y0 = c.x() - total_w / 2, r.top() + 2
    elif d == 2:
        x0, y0 = c.x() - total_w / 2, r.bottom() - 2 - total_h
    elif d == 1:
        x0, y0 = r.right() - 2 - tw, c.y() - total_h / 2
    else:
        x0, y0 = r.left() + 2, c.y() - total_h / 2
    for i, prod in enumerate(side.products):
        if horizontal:
            tag = QRectF(x0 + i * (tw + 2), y0, tw, th)
        else:
            tag = QRectF(x0, y0 + i * (th + 2), tw, th)
        paint_product_mark(p, tag, prod)
    # the arrow: between the tag and the card centre, pointing in for inputs, out for outputs
    dx, dy = DIRS[d]
    box = QRectF(x0, y0, total_w, total_h)
    tip_in = side.kind == "in"
    base = QPointF(box.center().x() - dx * (box.width() / 2 + 5), box.center().y() - dy * (box.height() / 2 + 5))
    size = 5.0
    direction = QPointF(-dx, -dy) if tip_in else QPointF(dx, dy)
    tip = base + direction * size
    perp = QPointF(-direction.y(), direction.x()) * size
    back = base - direction * size * 0.4
    tri = QPainterPath()
    tri.moveTo(tip)
    tri.lineTo(back + perp)
    tri.lineTo(back - perp)
    tri.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(style.MONEY_GREEN if not tip_in else style.BRICK_RED))
    p.drawPath(tri)


def _draw_sign(p: QPainter, rect: QRectF, sign: str, colour: QColor) -> None:
    """A plus, a slash or an arrow between a recipe's tags, drawn as lines centred in `rect`."""
    c = rect.center()
    half = min(rect.width(), rect.height()) * 0.3
    p.save()
    p.setPen(QPen(colour, 1.8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    if sign == "+":
        p.drawLine(QPointF(c.x() - half, c.y()), QPointF(c.x() + half, c.y()))
        p.drawLine(QPointF(c.x(), c.y() - half), QPointF(c.x(), c.y() + half))
    elif sign == "/":
        p.drawLine(QPointF(c.x() + half * 0.6, c.y() - half * 1.3), QPointF(c.x() - half * 0.6, c.y() + half * 1.3))
    else:
        left, right = rect.left() + 2, rect.right() - 2
        p.drawLine(QPointF(left, c.y()), QPointF(right, c.y()))
        p.drawLine(QPointF(right, c.y()), QPointF(right - half, c.y() - half))
        p.drawLine(QPointF(right, c.y()), QPointF(right - half, c.y() + half))
    p.restore()


class FactoryTile(BoardItem):
    """A factory in a complex (or in the supply palette, or a rotation choice)."""

    def __init__(self, size: float):
        super().__init__(size, size)
        self.ftype = "forest"
        self.rot = 0
        self.note = ""
        self.owner_colour: str | None = None

    def set_factory(self, ftype: str, rot: int, note: str = "", tooltip: str = "", owner_colour=None) -> None:
        self.ftype, self.rot, self.note, self.owner_colour = ftype, rot, note, owner_colour
        self.set_tip(tooltip or factory_tooltip(ftype, rot))
        self.refresh(ftype, rot, note, owner_colour, self.w, self.named)

    named = True
    """False for a choice of how to turn the factory being placed: the prompt names it."""

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect().adjusted(2, 2, -2, -2), 6, 6)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        # a card drawn larger than a complex's cell (a choice of how to turn it, on a board shown
        # small) has larger tags, so their glyphs read
        tags = max(1.0, self.w / CELL)
        paint_factory(p, self.rect(), self.ftype, self.rot, self.named, tags)
        # (drawn dense, the card has no corner to spare: a turn's angle, the note of the factory
        # being placed, is named by the prompt's buttons and the choices' captions)
        if self.note and not (self.named and (self.w - 4) * screen_scale(p) < DENSE_PX):
            # as wide as the note is shown (a board shown small draws it larger)
            tw = min(self.w - 8, max(28.0, shown_width(p, self.note, style.sans(9, bold=True)) + 6))
            th = 18 * tags
            tag = QRectF(self.w - tw - 2, self.h - th - 4, tw, th)
            p.setPen(QPen(QColor(style.INK), 0.8))
            p.setBrush(QColor(style.PAPER))
            p.drawRoundedRect(tag, 4, 4)
            draw_text(p, tag, self.note, style.sans(9, bold=True), style.INK, elide=False)

    def texts(self) -> list[str]:
        return [FACTORIES[self.ftype].name, self.note, self.toolTip()]


class ProductCard(BoardItem):
    """A product card lying in a cell, a small one waiting for a place, or an entry of the bank's
    legend (`legend`: glyph, name and value in a line)."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.prod = "wood"
        self.small = False
        self.legend = False

    def set_product(self, prod: str, small: bool = False, note: str = "", legend: bool = False) -> None:
        self.prod, self.small, self.legend = prod, small, legend
        self.set_tip(product_tooltip(prod) + (f"\n{note}" if note else ""))
        self.refresh(prod, small, legend, self.w, self.h)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 5, 5)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        prod = PRODUCTS[self.prod]
        colour = product_colour(self.prod)
        path = self.outline()
        draw_shadow(p, path, 1.2, 2.0, 60)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r))
        p.drawPath(path)
        if self.legend:
            self._paint_entry(p, r, prod, colour)
            return
        if not self.small and r.width() * screen_scale(p) < DENSE_PX:
            self._paint_dense(p, r, prod, colour)
            return
        name_font = style.sans(9)
        # shown small, the name and the value are drawn larger: the glyph's band gives them room
        enlarged = not self.small and legible_font(name_font, screen_scale(p)) is not name_font
        band = QRectF(r.left(), r.top(), r.width(), r.height() * (0.6 if self.small else 0.4 if enlarged else 0.55))
        part = QPainterPath()
        part.addRoundedRect(band, 5, 5)
        p.setBrush(QColor(colour))
        p.drawPath(part)
        big = style.sans(14 if not self.small else 10, bold=True)
        draw_text(p, band, prod.glyph, big, style.text_on(colour), elide=False)
        rest = QRectF(r.left() + 2, band.bottom(), r.width() - 4, r.height() - band.height())
        if self.small:
            draw_text(p, rest, str(prod.value), style.sans(9, bold=True), style.INK, elide=False)
        else:
            draw_text(p, QRectF(rest.left(), rest.top(), rest.width(), rest.height() / 2), prod.name,
                      fit_font(prod.name, name_font, rest.width()), style.INK)
            draw_text(p, QRectF(rest.left(), rest.center().y(), rest.width(), rest.height() / 2),
                      f"{prod.value} pt", style.sans(9, bold=True), style.INK_SOFT, elide=False)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawPath(path)

    def _paint_dense(self, p: QPainter, r: QRectF, prod, colour: str) -> None:
        """A card of a complex shown small (`DENSE_PX`): its product's name on its colour, and its
        points under it ("1 pt", or the figure alone where that is all the room holds)."""
        band = QRectF(r.left(), r.top(), r.width(), r.height() * 0.55)
        part = QPainterPath()
        part.addRoundedRect(band, 5, 5)
        p.setBrush(QColor(colour))
        p.drawPath(part)
        # the name may run over the card's edges into its cell's margin, as far as a factory's
        draw_text(p, band.adjusted(-CARD_MARGIN, 0, CARD_MARGIN, 0), prod.name, style.sans(9), style.text_on(colour),
                  elide=False, short=PRODUCT_SHORT.get(prod.name, ()))
        rest = QRectF(r.left() + 1, band.bottom(), r.width() - 2, r.bottom() - band.bottom())
        draw_text(p, rest, f"{prod.value} pt", style.sans(9, bold=True), style.INK, elide=False,
                  short=(str(prod.value),))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawPath(self.outline())

    def _paint_entry(self, p: QPainter, r: QRectF, prod, colour: str) -> None:
        """An entry of the bank's legend: the glyph as the cards show it, the product's name and
        its value, in a line (a newcomer reads "Fe" once here as Iron Ore)."""
        glyph = QRectF(r.left(), r.top(), min(r.height() * 1.2, r.width() / 3), r.height())
        part = QPainterPath()
        part.addRoundedRect(glyph, 5, 5)
        p.setBrush(QColor(colour))
        p.drawPath(part)
        draw_text(p, glyph, prod.glyph, style.sans(10, bold=True), style.text_on(colour), elide=False)
        value = str(prod.value)
        value_w = shown_width(p, value, style.sans(10, bold=True)) + 6
        draw_text(p, QRectF(r.right() - value_w - 2, r.top(), value_w, r.height()), value,
                  style.sans(10, bold=True), style.INK, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                  elide=False)
        left = glyph.right() + 4
        draw_text(p, QRectF(left, r.top(), r.right() - value_w - 4 - left, r.height()), prod.name,
                  style.sans(9), style.INK, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                  elide=False, short=PRODUCT_SHORT.get(prod.name, ()))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawPath(self.outline())

    def texts(self) -> list[str]:
        return [PRODUCTS[self.prod].name, self.toolTip()]


class ContractCard(BoardItem):
    """A government contract: the product asked for and its points."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.cid = ""
        self.dimmed = False

    def set_contract(self, cid: str, dimmed: bool = False, note: str = "") -> None:
        self.cid, self.dimmed = cid, dimmed
        c = CONTRACTS[cid]
        tip = f"Government contract: {PRODUCTS[c.product].name}, {c.points} points\nClaim: hand over one " \
              f"{PRODUCTS[c.product].name}. At each fulfilment supply one or lose it."
        self.set_tip(tip + (f"\n{note}" if note else ""))
        self.refresh(cid, dimmed, self.w, self.h)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 5, 5)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        c = CONTRACTS[self.cid]
        path = self.outline()
        draw_shadow(p, path, 1.2, 2.0, 60)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r, style.PAPER, style.PAPER_SHADE))
        p.drawPath(path)
        p.setPen(QPen(QColor(style.BRASS), 1.6))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(r.adjusted(3, 3, -3, -3), 4, 4)
        tag = QRectF(r.left() + 6, r.top() + 7, TAG_W, min(22, r.height() - 14))
        paint_product_mark(p, tag, c.product)
        draw_text(p, QRectF(tag.right() + 2, r.top() + 4, r.width() - tag.width() - 12, tag.height() + 6),
                  str(c.points), style.sans(14 if r.height() >= 50 else 11, bold=True), style.INK,
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elide=False)
        if r.height() >= 50:
            name = PRODUCTS[c.product].name
            draw_text(p, QRectF(r.left() + 3, r.bottom() - 24, r.width() - 6, 20), name,
                      fit_font(name, style.serif(9), r.width() - 8), style.INK)
        if self.dimmed:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(40, 30, 20, 70))
            p.drawPath(path)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class CellTarget(BoardItem):
    """An empty cell of a complex: drawn faintly; a legal target glows."""

    def __init__(self, size: float):
        super().__init__(size, size)
        self.label = ""

    def set_cell(self, label: str, tooltip: str) -> None:
        self.label = label
        self.set_tip(tooltip)
        self.refresh(label, self.w)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect().adjusted(6, 6, -6, -6), 6, 6)
        return path

    def bounds(self) -> QRectF:
        return self.rect()

    def paint_body(self, p: QPainter, lod: float) -> None:
        pen = QPen(QColor(style.GOLD if self.action is not None else style.INK_SOFT), 1.4, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(QColor(255, 255, 255, 30) if self.action is not None else Qt.BrushStyle.NoBrush)
        p.drawPath(self.outline())
        if self.label:
            draw_text(p, self.rect().adjusted(8, 8, -8, -8), self.label, style.sans(9), style.PAPER_DARK,
                      align=Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, short=("here",))


def _draw_turn_arrow(p: QPainter, r: QRectF) -> None:
    """A clockwise arrow round the centre of `r`, drawn in lines (a mark that reads at any size)."""
    arc = r.adjusted(r.width() * 0.27, r.height() * 0.27, -r.width() * 0.27, -r.height() * 0.27)
    p.setPen(QPen(QColor(style.INK), max(1.6, r.width() * 0.08), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawArc(arc, 100 * 16, 280 * 16)  # clockwise from the top, leaving a gap for the head
    head = QPainterPath()
    tip = QPointF(arc.center().x() + arc.width() * 0.08, arc.top())
    size = r.width() * 0.16
    head.moveTo(tip + QPointF(size, 0))
    head.lineTo(tip - QPointF(size * 0.4, size))
    head.lineTo(tip - QPointF(size * 0.4, -size))
    head.closeSubpath()
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(style.INK))
    p.drawPath(head)


class SignBadge(Chip):
    """A factory's ✕ (tear it down) or ↻ (move it) in its corner, its sign drawn in lines, not
    written: on a complex shown small (a cell of 35 pixels, the badge of 9) a written sign was
    left to the tooltip and the badge read as a blank ring; a drawn one reads at any size."""

    def __init__(self, w: float = 24, h: float = 24):
        super().__init__(w, h)
        self.sign = "tear"

    def set_sign(self, sign: str, tooltip: str) -> None:
        self.sign = sign
        self.set_chip("✕" if sign == "tear" else "↻", tooltip, style.PAPER_DARK)
        self.refresh(sign, tooltip)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.rect().adjusted(1, 1, -1, -1))
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(self.colour))
        p.drawPath(self.outline())
        if self.sign == "tear":
            c, half = r.center(), r.width() * 0.2
            p.setPen(QPen(QColor(style.BRICK_RED), max(1.6, r.width() * 0.1), Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap))
            p.drawLine(c + QPointF(-half, -half), c + QPointF(half, half))
            p.drawLine(c + QPointF(-half, half), c + QPointF(half, -half))
        else:
            _draw_turn_arrow(p, r)

    def texts(self) -> list[str]:
        return [self.toolTip()]


class TurnBadge(ScreenClick, Chip):
    """A round ↻ button on the previewed factory: turns the preview (a choice of the screen,
    not a decision), so the rotation can be chosen on the board. Its arrow is drawn, not
    written: a mark that reads at any size."""

    def __init__(self, size: float = 30):
        super().__init__(size, size)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(self.colour))
        p.drawEllipse(r.adjusted(1, 1, -1, -1))
        _draw_turn_arrow(p, r)


class Overview(ScreenClick, BoardItem):
    """A small map of another seat's complex: factories as tier-coloured squares with their
    product marks, product cards as coloured dots. Click to open it large."""

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.factories: tuple = ()
        self.products: tuple = ()
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_complex(self, seat_view: dict, tooltip: str) -> None:
        self.factories = tuple((f["x"], f["y"], f["type"]) for f in seat_view["factories"])
        self.products = tuple((q["x"], q["y"], q["type"]) for q in seat_view["products"])
        self.set_tip(tooltip)
        self.refresh(self.factories, self.products, self.w, self.h)

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK_SOFT), 1.0))
        p.setBrush(QColor(style.PAPER_DARK))
        p.drawRoundedRect(r, 5, 5)
        cells = [(x, y) for x, y, _ in self.factories + self.products]
        if not cells:
            return
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        size = min((r.width() - 8) / cols, (r.height() - 8) / rows, 26.0)
        ox = r.left() + (r.width() - cols * size) / 2
        oy = r.top() + (r.height() - rows * size) / 2
        for x, y, f in self.factories:
            cell = QRectF(ox + (x - min(xs)) * size, oy + (y - min(ys)) * size, size, size).adjusted(1, 1, -1, -1)
            p.setPen(QPen(QColor(style.INK), 0.8))
            p.setBrush(QColor(factory_band(f)))
            p.drawRect(cell)
        for x, y, prod in self.products:
            cell = QRectF(ox + (x - min(xs)) * size, oy + (y - min(ys)) * size, size, size)
            d = size * 0.5
            p.setPen(QPen(QColor(style.INK), 0.6))
            p.setBrush(QColor(product_colour(prod)))
            p.drawEllipse(QRectF(cell.center().x() - d / 2, cell.center().y() - d / 2, d, d))


class TokenMark(BoardItem):
    """The contract fulfilment token: a brass disc."""

    def __init__(self, size: float = 30):
        super().__init__(size, size)
        self.set_tip("Contract fulfilment token: its holder supplies every contract at the start of their "
                     "turn, then passes it to the right.")

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addEllipse(self.rect())
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(style.BRASS))
        p.drawEllipse(r)
        p.setPen(QPen(QColor(style.INK), 0.8))
        p.drawEllipse(r.adjusted(4, 4, -4, -4))
        draw_text(p, r, "F", style.serif(11, bold=True), style.INK, elide=False)


class RecipeCard(BoardItem):
    """A factory type in the supply: its name, what it takes and makes, and a count."""

    def __init__(self, w: float = 150, h: float = 60):
        super().__init__(w, h)
        self.ftype = "forest"
        self.note = ""

    def set_recipe(self, ftype: str, note: str = "") -> None:
        self.ftype, self.note = ftype, note
        self.set_tip(factory_tooltip(ftype))
        self.refresh(ftype, note, self.w)

    def outline(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.rect(), 6, 6)
        return path

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        fac = FACTORIES[self.ftype]
        path = self.outline()
        draw_shadow(p, path, 1.2, 2, 60)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r))
        p.drawPath(path)
        band = QPainterPath()
        band.addRoundedRect(QRectF(r.left(), r.top(), r.width(), 22), 6, 6)
        p.setBrush(QColor(factory_band(self.ftype)))
        p.drawPath(band)
        note_w = max(34.0, shown_width(p, self.note, style.sans(9, bold=True)) + 4) if self.note else 0
        name_font = fit_font(fac.name, style.serif(9, bold=True), r.width() - 12 - note_w)
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        enlarged = legible_font(name_font, screen_scale(p)) is not name_font
        short = FACTORY_SHORT.get(fac.name, ())
        if note_w and not fits(p, QRectF(6, 1, r.width() - 12 - note_w, 22), fac.name, name_font, int(left),
                               not enlarged, short):
            # shown small, the name comes first: it takes the whole band (the count is in the tooltip)
            note_w = 0
        draw_text(p, QRectF(6, 1, r.width() - 12 - note_w, 22), fac.name, name_font, style.INK, align=left,
                  elide=not enlarged or not note_w, short=short)
        if note_w:
            # as tall as the name's band: on a board shown at 0.43 (a late complex at 1024×700) a
            # count 20 units tall was too low for the least legible size, and went to the tooltip
            draw_text(p, QRectF(r.width() - note_w - 4, 1, note_w, 22), self.note, style.sans(9, bold=True),
                      style.INK, align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elide=False)
        x = 6.0
        y = 27.0
        th = min(22.0, r.height() - y - 4)
        # shrink the marks (not the text) until the whole recipe fits the card
        n_tags = sum(len(side.products) for _, side in fac.inputs + fac.outputs)
        n_seps = sum(len(side.products) - 1 for _, side in fac.inputs + fac.outputs) * 8 \
            + max(0, len(fac.inputs) - 1) * 10 + max(0, len(fac.outputs) - 1) * 10 + (16 if fac.inputs else 0)
        # (the longest recipe, five tags, narrows them to stay on its card; first its signs close
        # up, so that its tags keep the room of a code of two letters at the least legible size on
        # a board shown at two thirds: the Ammunition Factory's five lost 'Wd' and 'Am' at 22 units)
        g = 1.0 if (r.width() - 12 - n_seps) / max(1, n_tags) - 1 >= 26 else 0.7
        tw = max(21.0, min(32.0, (r.width() - 12 - n_seps * g) / max(1, n_tags) - 1))
        # the signs between the tags are drawn, not written: marks, not words, they read at any size
        ink = QColor(style.INK_SOFT)

        def tags(sides):
            nonlocal x
            for k, (_, side) in enumerate(sides):
                if k:
                    _draw_sign(p, QRectF(x, y, 10 * g, th), "+", ink)
                    x += 10 * g
                for j, prod in enumerate(side.products):
                    if j:
                        _draw_sign(p, QRectF(x, y, 8 * g, th), "/", ink)
                        x += 8 * g
                    paint_product_mark(p, QRectF(x, y, tw, th), prod)
                    x += tw + 1

        if fac.inputs:
            tags(fac.inputs)
            _draw_sign(p, QRectF(x, y, 16 * g, th), "→", QColor(style.INK))
            x += 16 * g
        tags(fac.outputs)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)

    def texts(self) -> list[str]:
        return [FACTORIES[self.ftype].name, self.note, self.toolTip()]


class GridBack(BoardItem):
    """Faint cell lines behind a complex, so rows and columns read at a glance; its empty spaces
    say what they are when clicked or hovered."""

    def __init__(self):
        super().__init__(10, 10)
        self.cell = 10.0
        self.setZValue(-4)
        self.setAcceptHoverEvents(False)

    def set_grid(self, cols: int, rows: int, cell: float) -> None:
        self.resize(cols * cell, rows * cell)
        self.cell = cell
        self.refresh(cols, rows, cell)

    def shape(self) -> QPainterPath:
        # the whole grid: a click on an empty space finds it, and it says what it is (its
        # tooltip); the pieces in the cells lie above it and take their own clicks
        path = QPainterPath()
        path.addRect(self.rect())
        return path

    def bounds(self) -> QRectF:
        return self.rect()

    def paint_body(self, p: QPainter, lod: float) -> None:
        p.setPen(QPen(QColor(59, 49, 39, 40), 1.0, Qt.PenStyle.DotLine))
        x = 0.0
        while x <= self.w + 0.5:
            p.drawLine(QPointF(x, 0), QPointF(x, self.h))
            x += self.cell
        y = 0.0
        while y <= self.h + 0.5:
            p.drawLine(QPointF(0, y), QPointF(self.w, y))
            y += self.cell
