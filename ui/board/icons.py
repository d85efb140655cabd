"""Vector icons drawn once as QPainterPaths and reused by the board, the log and the tooltips.

Every glyph lives in a 100 × 100 box; `paint_icon` scales it into any rect, so icons stay sharp at
every zoom and device-pixel ratio. The six 1st CEO industries are drawn as roundels in their own
muted colour with a paper glyph (shape first, colour second); `icon_image` renders any icon into a
QImage for widgets (log lines, tooltips, the players panel).
"""

from __future__ import annotations

import math
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from ui.board import style
from ui.board.legible import draw_legible

INDUSTRIES = ("entertainment", "finance", "hardware", "electronics", "retail", "technology")
"""The six 1st CEO industries, in the rules' order."""

INDUSTRY_COLOURS = {
    "entertainment": "#8e3b74",  # plum: theatre curtains
    "finance": "#2f6b3a",        # banknote green
    "hardware": "#5b6470",       # cast-iron slate
    "electronics": "#b7791f",    # ochre: brass and spark
    "retail": "#a2452f",         # shop-front brick
    "technology": "#2d6a8a",     # blueprint blue
}
"""A muted ink colour per industry (never the only cue: each has its own glyph)."""

INDUSTRY_NAMES = {k: k.capitalize() for k in INDUSTRIES}


def _poly(*pts: tuple[float, float]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in pts]))
    path.closeSubpath()
    return path


def _rect(x: float, y: float, w: float, h: float, r: float = 0.0) -> QPainterPath:
    path = QPainterPath()
    if r:
        path.addRoundedRect(QRectF(x, y, w, h), r, r)
    else:
        path.addRect(QRectF(x, y, w, h))
    return path


def _ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), rx, rx if ry is None else ry)
    return path


def _rotated(path: QPainterPath, degrees: float, cx: float = 50, cy: float = 50) -> QPainterPath:
    t = QTransform().translate(cx, cy).rotate(degrees).translate(-cx, -cy)
    return t.map(path)


# -- glyphs ------------------------------------------------------------------------------------------
def _entertainment() -> QPainterPath:
    """A film clapperboard."""
    body = _rect(18, 44, 64, 40, 4)
    stripes = QPainterPath()
    for x in (24, 42, 60):
        stripes = stripes.united(_poly((x, 44), (x + 9, 44), (x + 3, 56), (x - 6, 56)))
    body = body.subtracted(stripes)
    body = body.subtracted(_rect(18, 56, 64, 3))
    clapper = _rect(16, 28, 66, 11, 2)
    cuts = QPainterPath()
    for x in (26, 44, 62):
        cuts = cuts.united(_poly((x, 28), (x + 8, 28), (x + 2, 39), (x - 6, 39)))
    clapper = _rotated(clapper.subtracted(cuts), -14, 18, 40)
    return body.united(clapper)


def _finance() -> QPainterPath:
    """A classical bank front: pediment, four columns, a plinth."""
    path = _poly((50, 12), (12, 34), (88, 34))
    path = path.united(_rect(14, 36, 72, 6))
    for x in (19, 36, 55, 72):
        path = path.united(_rect(x, 45, 9, 30))
    path = path.united(_rect(14, 77, 72, 6))
    path = path.united(_rect(9, 85, 82, 6))
    return path


def _hardware() -> QPainterPath:
    """A cog wheel."""
    path = _ellipse(50, 50, 27)
    for i in range(8):
        tooth = _rect(43, 12, 14, 16, 2)
        path = path.united(_rotated(tooth, i * 45))
    return path.subtracted(_ellipse(50, 50, 11))


def _electronics() -> QPainterPath:
    """A lightning bolt."""
    return _poly((60, 6), (24, 54), (46, 54), (36, 94), (78, 40), (55, 40), (66, 6))


def _retail() -> QPainterPath:
    """A shopping bag with a looped handle."""
    body = _poly((22, 38), (78, 38), (83, 90), (17, 90))
    handle = _ellipse(50, 38, 17, 22).subtracted(_ellipse(50, 38, 11, 16))
    handle = handle.intersected(_rect(0, 0, 100, 38))
    notch = _ellipse(50, 52, 4)
    return body.united(handle).subtracted(notch)


def _technology() -> QPainterPath:
    """A microchip: a square die with three pins a side."""
    path = _rect(27, 27, 46, 46, 5)
    for off in (33, 46, 59):
        path = path.united(_rect(off, 12, 8, 16))
        path = path.united(_rect(off, 72, 8, 16))
        path = path.united(_rect(12, off, 16, 8))
        path = path.united(_rect(72, off, 16, 8))
    return path.subtracted(_rect(38, 38, 24, 24, 3))


def _income() -> QPainterPath:
    """A coin with a dollar sign cut out of it."""
    coin = _ellipse(50, 50, 44)
    dollar = QPainterPath()
    font = style.sans(10, bold=True, tabular=False)
    font.setPixelSize(66)
    dollar.addText(0, 0, font, "$")
    br = dollar.boundingRect()
    dollar.translate(50 - br.center().x(), 50 - br.center().y())
    return coin.subtracted(_ellipse(50, 50, 36)).united(_ellipse(50, 50, 36).subtracted(dollar))


def _arrow(up: bool) -> QPainterPath:
    card = _rect(16, 6, 68, 88, 8).subtracted(_rect(24, 14, 52, 72, 4))
    if up:
        arrow = _poly((50, 20), (72, 48), (59, 48), (59, 78), (41, 78), (41, 48), (28, 48))
    else:
        arrow = _poly((50, 80), (72, 52), (59, 52), (59, 22), (41, 22), (41, 52), (28, 52))
    return card.united(arrow)


def _discard() -> QPainterPath:
    """The discard X."""
    bar = _rect(42, 6, 16, 88, 4)
    return _rotated(bar, 45).united(_rotated(bar, -45))


def _handshake() -> QPainterPath:
    """Two clasped hands with their cuffs (the endgame track's no-share-buying mark)."""
    left_arm = _rotated(_rect(-6, 52, 44, 22, 4), -32, 16, 63)
    right_arm = _rotated(_rect(62, 52, 44, 22, 4), 32, 84, 63)
    clasp = _rect(27, 36, 48, 30, 13)
    fingers = QPainterPath()
    for x in (35, 45, 55, 65):
        fingers = fingers.united(_ellipse(x, 66, 5.5))
    thumb = _rotated(_rect(40, 28, 30, 11, 5.5), -16, 55, 33)
    path = left_arm.united(right_arm).united(clasp).united(fingers).united(thumb)
    cuts = QPainterPath()
    for x in (40, 50, 60):
        cuts = cuts.united(_rect(x - 1.2, 58, 2.4, 12))
    cuffs = _rotated(_rect(24, 40, 3.5, 40), -32, 26, 60).united(_rotated(_rect(72.5, 40, 3.5, 40), 32, 74, 60))
    return path.subtracted(cuts).subtracted(cuffs)


def _share() -> QPainterPath:
    """A share certificate with a seal."""
    sheet = _rect(12, 18, 76, 64, 4).subtracted(_rect(18, 24, 64, 52, 2))
    lines = _rect(26, 34, 34, 5).united(_rect(26, 46, 26, 5))
    seal = _ellipse(66, 60, 10)
    return sheet.united(lines).united(seal)


def _deck() -> QPainterPath:
    """Three stacked cards."""
    path = QPainterPath()
    for i in range(3):
        card = _rect(22 + 6 * i, 14 + 6 * i, 50, 70, 6)
        path = path.subtracted(_rect(20 + 6 * i, 12 + 6 * i, 54, 74, 7)).united(card)
    return path


def _start() -> QPainterPath:
    """A pennant: the starting player."""
    return _rect(22, 10, 7, 82, 2).united(_poly((29, 12), (82, 28), (29, 46)))


def _crown() -> QPainterPath:
    """A crown: the player to move."""
    return _poly((14, 78), (10, 30), (32, 52), (50, 18), (68, 52), (90, 30), (86, 78))


_BUILDERS = {
    "entertainment": _entertainment,
    "finance": _finance,
    "hardware": _hardware,
    "electronics": _electronics,
    "retail": _retail,
    "technology": _technology,
    "income": _income,
    "asset_up": lambda: _arrow(True),
    "asset_down": lambda: _arrow(False),
    "discard": _discard,
    "handshake": _handshake,
    "share": _share,
    "deck": _deck,
    "start": _start,
    "crown": _crown,
}

ICON_NAMES = tuple(_BUILDERS)

DEFAULT_COLOURS = {
    **INDUSTRY_COLOURS,
    "income": style.GOLD,
    "asset_up": style.MONEY_GREEN,
    "asset_down": style.BRICK_RED,
    "discard": style.BRICK_RED,
    "handshake": style.INK,
    "share": style.INK,
    "deck": style.INK,
    "start": style.BRICK_RED,
    "crown": style.GOLD,
}


def canonical(name: str) -> str:
    """Icon key for a name in any case/spelling the engine may use ("Retail", "asset-up")."""
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    aliases = {"increase": "asset_up", "asset_increase": "asset_up", "up": "asset_up",
               "decrease": "asset_down", "asset_decrease": "asset_down", "down": "asset_down",
               "tech": "technology", "x": "discard"}
    return aliases.get(key, key)


@cache
def icon_path(name: str) -> QPainterPath:
    """The glyph of `name` in a 100 × 100 box (KeyError for an unknown icon)."""
    return _BUILDERS[canonical(name)]()


def _fit(path: QPainterPath, rect: QRectF) -> QPainterPath:
    s = min(rect.width(), rect.height()) / 100.0
    t = QTransform()
    t.translate(rect.center().x() - 50 * s, rect.center().y() - 50 * s)
    t.scale(s, s)
    return t.map(path)


def paint_icon(p: QPainter, name: str, rect: QRectF, colour: str | None = None,
               outline: str | None = None) -> None:
    """Fill glyph `name` into `rect` (kept square, centred) in `colour` (default per icon)."""
    key = canonical(name)
    path = _fit(icon_path(key), rect)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if outline:
        p.setPen(QPen(QColor(outline), max(0.6, rect.width() / 40)))
    else:
        p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour or DEFAULT_COLOURS.get(key, style.INK)))
    p.drawPath(path)
    p.restore()


def paint_industry(p: QPainter, industry: str, rect: QRectF) -> None:
    """An industry roundel: a disc in the industry's colour, ink rim, paper glyph."""
    key = canonical(industry)
    side = min(rect.width(), rect.height())
    r = QRectF(0, 0, side, side)
    r.moveCenter(rect.center())
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(QPen(QColor(style.INK), max(0.8, side / 22)))
    p.setBrush(QColor(INDUSTRY_COLOURS.get(key, style.INK_SOFT)))
    p.drawEllipse(r)
    inner = r.adjusted(side * 0.2, side * 0.2, -side * 0.2, -side * 0.2)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(style.PAPER))
    p.drawPath(_fit(icon_path(key), inner))
    p.restore()


def paint_coin(p: QPainter, rect: QRectF, text: str = "") -> None:
    """An income coin (gold disc, ink rim); with `text` the number replaces the dollar sign."""
    side = min(rect.width(), rect.height())
    r = QRectF(0, 0, side, side)
    r.moveCenter(rect.center())
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if not text:
        p.setPen(QPen(QColor(style.INK), max(0.8, side / 22)))
        p.setBrush(QColor("#e8c25a"))
        p.drawEllipse(r)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#7a5a12"))
        p.drawPath(_fit(_dollar(), r))
    else:
        p.setPen(QPen(QColor(style.INK), max(0.8, side / 22)))
        p.setBrush(QColor("#e8c25a"))
        p.drawEllipse(r)
        p.setPen(QColor(style.INK))
        font = style.sans(10, bold=True)
        font.setPixelSize(max(4, round(side * 0.55)))
        draw_legible(p, r.adjusted(-side * 0.2, 0, side * 0.2, 0), text, font, style.INK, elide=False)
    p.restore()


@cache
def _dollar() -> QPainterPath:
    """The coin's dollar sign in the 100 × 100 box (built once: text paths are costly)."""
    dollar = QPainterPath()
    font = style.sans(10, bold=True, tabular=False)
    font.setPixelSize(62)
    dollar.addText(0, 0, font, "$")
    br = dollar.boundingRect()
    dollar.translate(50 - br.center().x(), 50 - br.center().y())
    return dollar


def icon_image(name: str, size: int, dpr: float = 1.0, colour: str | None = None) -> QImage:
    """`name` rendered into a transparent QImage of `size` logical pixels at `dpr`.

    Industries come out as roundels and "income" as a coin, as on the board."""
    phys = max(1, math.ceil(size * dpr))
    img = QImage(phys, phys, QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    rect = QRectF(0.5, 0.5, size - 1, size - 1)
    key = canonical(name)
    if key in INDUSTRY_COLOURS:
        paint_industry(p, key, rect)
    elif key == "income":
        paint_coin(p, rect)
    else:
        paint_icon(p, key, rect, colour)
    p.end()
    return img


def hatch_brush(colour: str = style.NPC_GREY) -> QBrush:
    """The hatched fill of NPC / neutral pieces."""
    brush = QBrush(QColor(colour).darker(135), Qt.BrushStyle.BDiagPattern)
    return brush
