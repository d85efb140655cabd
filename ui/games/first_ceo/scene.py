"""The 1st CEO board scene, built from a seat's view (never the state).

Layout (scene units = logical pixels at the default zoom): the board on top, with the asset track
0–159 running clockwise round its edge from the top-left corner; inside it the acquisition market
(six spaces with their surcharge and discard X printed), the share-value table with the live
ranking, the endgame track with the countdown marker, and the decks. Below the board, one mat per
player: corporation card, companies, shares still to issue (prices printed), shares held, money
and face-down asset cards.

Clicks. Items carry the *candidate* action of the seat to move even when it is not legal, so the
controller can explain a refusal ("Pixelar costs $25 here and the corporation has only $14."):
every company in the market -> `acquire`, the leftmost share of every other player ->
`buy_share`, the mover's own corporation card -> `dividends`. Only actions in `legal` glow. When
it is not the viewer's turn (`legal` empty) the items carry the viewer's candidates, which the
controller refuses ("please wait"), and nothing glows; for a spectator (viewer None) every item is
inert.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from engine.core.contract import Action
from engine.core.text import article
from engine.core.text import whose as possessive  # `whose` names a local below
from engine.games.first_ceo.data import CORPORATIONS, SHARE_VALUES
from ui.board import icons, style
from ui.board.items import (
    BoardItem,
    HotSpot,
    TokenItem,
    TrackItem,
    draw_shadow,
    draw_text,
    fill_rounded_part,
    flip_in,
    paper_brush,
)
from ui.board.paint_guard import guarded_paint
from ui.board.scene import GameScene
from ui.games.first_ceo.items import (
    AssetCardItem,
    CompanyCard,
    CompanyStrip,
    HoldingChip,
    LabelItem,
    PileItem,
    ShareItem,
    card_tooltip,
)

TRACK_SPACES = 160
"""The asset track runs 0–159 round the board; a corporation beyond it laps (tooltip: exact)."""
END_TRIGGER = 100

MARGIN = 24.0
BOARD_W = 1560.0
BOARD_H = 404.0
TRACK_T = 30.0
TOP_N = 60  # spaces on the top and bottom rows (corners included)
SIDE_N = 20  # spaces on each side column (corners excluded)
CARD_W, CARD_H = 140.0, 200.0
SLOT_GAP = 14.0
MAT_GAP = 16.0
NARROW_MAT = 330.0
"""Mats narrower than this (5–6 players) turn the corporation card sideways and stack rows."""
MAT_H_WIDE = 432.0
MAT_H_NARROW = 528.0
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


@dataclass
class Layout:
    """Where everything goes for a player count, a board width and the mats' sizes (each mat in
    its own panel's coordinates: the board's layout moves the panels, ui/board/layout.py)."""

    players: int
    board: QRectF
    inner: QRectF
    market: QRectF
    slots: list[QRectF]
    right: QRectF
    ranks: list[QRectF]
    endgame: list[QRectF]
    piles: list[QRectF]
    mats: list[QRectF]
    scene: QRectF
    narrow: list[bool]


def make_layout(players: int, board_w: float = BOARD_W, mats: list[tuple[float, float]] | None = None,
                narrow: list[bool] | None = None) -> Layout:
    """The board `board_w` wide (the track's spaces and the share-value table widen with it) and
    the mats of `mats` sizes (default: a row as wide as the board, narrow for 5–6 players)."""
    board = QRectF(MARGIN, MARGIN, board_w, BOARD_H)
    inner = board.adjusted(TRACK_T + 18, TRACK_T + 12, -TRACK_T - 18, -TRACK_T - 12)
    market_w = 6 * CARD_W + 5 * SLOT_GAP
    market = QRectF(inner.left(), inner.top(), market_w, inner.height())
    slots = [QRectF(market.left() + i * (CARD_W + SLOT_GAP), market.top() + 58, CARD_W, CARD_H) for i in range(6)]
    right = QRectF(market.right() + 36, inner.top(), inner.right() - market.right() - 36, inner.height())
    box_w = min(110.0, (right.width() - 5 * 8) / 6)
    ranks = [QRectF(right.left() + i * (box_w + 8), right.top() + 62, box_w, 56) for i in range(6)]
    eg_top = right.top() + 176
    endgame = [QRectF(right.left() + i * 64, eg_top + 26, 56, 56) for i in range(3)]
    px0 = right.left() + 3 * 64 + 30
    piles = [QRectF(px0, eg_top + 20, 58, 80), QRectF(px0 + 76, eg_top + 20, 58, 80),
             QRectF(px0 + 160, eg_top + 28, 46, 64), QRectF(px0 + 224, eg_top + 28, 46, 64)]
    if mats is None:
        mat_w = (board_w - (players - 1) * MAT_GAP) / players
        mats = [(mat_w, MAT_H_NARROW if mat_w < NARROW_MAT else MAT_H_WIDE)] * players
        narrow = [mat_w < NARROW_MAT] * players
    top = board.bottom() + 22
    # each mat in its own panel, all drawn from the same corner: a mat's pieces move only when its
    # own size changes (the layout moves the panels)
    rects = [QRectF(MARGIN, top, w, h) for w, h in mats]
    row_w = sum(w for w, _ in mats) + MAT_GAP * (len(mats) - 1)
    scene = QRectF(0, 0, max(board_w, row_w) + 2 * MARGIN, top + max(h for _, h in mats) + MARGIN)
    return Layout(players, board, inner, market, slots, right, ranks, endgame, piles, rects, scene,
                  list(narrow or [w < NARROW_MAT for w, _ in mats]))


MAT_W_WIDE = 340.0
"""The narrowest a mat with the corporation card upright may be (its companies beside it)."""
MAT_W_NARROW = 236.0
"""The narrowest a mat with the card sideways may be (its rows stacked)."""
MAT_W_MAX = 760.0
BOARD_W_MAX = 2600.0


def board_tree(players: int):
    """The 1st CEO board's panels for the layout (ui/board/layout.py): the board with its track
    on top, and one mat per player under it, in seat order, in as many rows as suit the room
    (one under a wide board, two or three in a taller room); board and mats widen together."""
    from ui.board.layout import Column, Grid, Leaf

    mats = [Leaf(f"mat{i}", MAT_W_WIDE, MAT_H_WIDE, variants=((MAT_W_NARROW, MAT_H_NARROW),), w_max=MAT_W_MAX)
            for i in range(players)]
    board = Leaf("board", BOARD_W, BOARD_H, w_max=BOARD_W_MAX)
    return Column(board, Grid(mats, gap=MAT_GAP), gap=22, align="center")


def track_geometry(board: QRectF) -> tuple[list[QRectF], list[QPointF]]:
    """The 160 track spaces clockwise from the top-left corner, and each one's inward direction."""
    spaces: list[QRectF] = []
    inward: list[QPointF] = []
    sw = board.width() / TOP_N
    sh = (board.height() - 2 * TRACK_T) / SIDE_N
    for i in range(TOP_N):  # top row, left to right
        spaces.append(QRectF(board.left() + i * sw, board.top(), sw, TRACK_T))
        inward.append(QPointF(0, 1))
    for i in range(SIDE_N):  # right column, downwards
        spaces.append(QRectF(board.right() - TRACK_T, board.top() + TRACK_T + i * sh, TRACK_T, sh))
        inward.append(QPointF(-1, 0))
    for i in range(TOP_N):  # bottom row, right to left
        spaces.append(QRectF(board.right() - (i + 1) * sw, board.bottom() - TRACK_T, sw, TRACK_T))
        inward.append(QPointF(0, -1))
    for i in range(SIDE_N):  # left column, upwards
        spaces.append(QRectF(board.left(), board.bottom() - TRACK_T - (i + 1) * sh, TRACK_T, sh))
        inward.append(QPointF(1, 0))
    # corners stack diagonally into the board, clear of both rows of numbers
    d = 0.7071
    for index, (dx, dy) in ((0, (d, d)), (TOP_N - 1, (-d, d)), (TOP_N + SIDE_N, (-d, -d)),
                            (2 * TOP_N + SIDE_N - 1, (d, -d))):
        inward[index] = QPointF(dx, dy)
    return spaces, inward


# -- the printed board ------------------------------------------------------------------------------
class BoardBase(BoardItem):
    """The printed board: paper, brass frame, market spaces with surcharges and discard X, the
    share-value table, the endgame track and the captions. Static for a player count (cached)."""

    def __init__(self, lay: Layout, market_spaces: list[dict]):
        super().__init__(lay.scene.width(), lay.scene.height())
        # paints only the board (not the whole scene rect): a smaller cached pixmap to blit
        self.lay = lay
        self.spaces = market_spaces
        self.setZValue(-10)
        self.setAcceptHoverEvents(False)
        self.setCacheMode(BoardItem.CacheMode.DeviceCoordinateCache)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def bounds(self) -> QRectF:
        return self.lay.board.adjusted(-2, -2, 8, 8)

    def set_layout(self, lay: Layout) -> None:
        """Draw the board for another layout (a board laid out wider or narrower)."""
        self.prepareGeometryChange()
        self.lay = lay
        self.resize(lay.scene.width(), lay.scene.height())
        self._bounds = None
        self.update()

    def paint_body(self, p: QPainter, lod: float) -> None:
        lay = self.lay
        b = lay.board
        # the board as an object on the table: shadow, paper, a brass and ink double frame
        path = QPainterPath()
        path.addRoundedRect(b, 10, 10)
        draw_shadow(p, path, 3, 5, 90)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(b))
        p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 2.0))
        p.drawPath(path)
        inside = b.adjusted(TRACK_T + 6, TRACK_T + 6, -TRACK_T - 6, -TRACK_T - 6)
        p.setPen(QPen(QColor(style.BRASS), 2.0))
        p.drawRoundedRect(inside, 6, 6)
        p.setPen(QPen(QColor(style.INK), 0.8))
        p.drawRoundedRect(inside.adjusted(4, 4, -4, -4), 4, 4)
        # brass lozenges where the frame turns, as on an engraved certificate
        for corner in (inside.topLeft(), inside.topRight(), inside.bottomLeft(), inside.bottomRight()):
            lozenge = QPainterPath()
            lozenge.moveTo(corner + QPointF(0, -6))
            lozenge.lineTo(corner + QPointF(6, 0))
            lozenge.lineTo(corner + QPointF(0, 6))
            lozenge.lineTo(corner + QPointF(-6, 0))
            lozenge.closeSubpath()
            p.setPen(QPen(QColor(style.INK), 0.8))
            p.setBrush(QColor(style.BRASS))
            p.drawPath(lozenge)
        self._paint_market(p, lod)
        self._paint_title(p)
        self._paint_ranks(p)
        self._paint_endgame(p)

    def _caption(self, p: QPainter, rect: QRectF, title: str, note: str = "") -> None:
        draw_text(p, rect, title, style.serif(13, bold=True),
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        if note:
            tw = p.fontMetrics().horizontalAdvance(title) + 14
            draw_text(p, rect.adjusted(tw, 2, 0, 0), note, style.sans(9), style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, elide=False)

    def _paint_market(self, p: QPainter, lod: float) -> None:
        lay = self.lay
        m = lay.market
        self._caption(p, QRectF(m.left(), m.top(), m.width(), 22), "Acquisition Market",
                      "pay the cost plus the space's surcharge")
        for i, r in enumerate(lay.slots):
            space = self.spaces[i]
            head = QRectF(r.left(), r.top() - 32, r.width(), 26)
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.PAPER_DARK))
            p.drawRoundedRect(head, 4, 4)
            # space number in a small ink disc
            disc = QRectF(head.left() + 4, head.top() + 3, 20, 20)
            p.setBrush(QColor(style.INK))
            p.drawEllipse(disc)
            draw_text(p, disc, str(i + 1), style.sans(9, bold=True), style.PAPER, elide=False)
            sur = space["surcharge"]
            txt = f"+${sur}" if sur else "+$0"
            draw_text(p, head.adjusted(28, 0, -30, 0), txt, style.sans(11, bold=True),
                      style.BRICK_RED if sur else style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            if space["discard"]:
                icons.paint_icon(p, "discard", QRectF(head.right() - 25, head.top() + 3, 20, 20))
            # the engraved card space
            p.setPen(QPen(QColor(style.INK_SOFT), 1.0, Qt.PenStyle.DashLine))
            p.setBrush(QColor(0, 0, 0, 14))
            p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), 9, 9)
        # the refill arrow: newer cards come in on the right, older ones slide left
        y = lay.slots[0].bottom() + 30
        left, right = lay.slots[0].left() + 10, lay.slots[-1].right() - 10
        p.setPen(QPen(QColor(style.INK_SOFT), 1.0))
        p.drawLine(QPointF(left, y), QPointF(right, y))
        arrow = QPainterPath()
        arrow.moveTo(left, y)
        arrow.lineTo(left + 9, y - 4)
        arrow.lineTo(left + 9, y + 4)
        arrow.closeSubpath()
        p.setBrush(QColor(style.INK_SOFT))
        p.drawPath(arrow)
        note = "companies shift left · the deck refills from the right · X discards the leftmost"
        rect = QRectF(left + 140, y - 9, right - left - 280, 18)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(style.PAPER_DARK))
        p.drawRect(rect.adjusted(-6, 0, 6, 0))
        draw_text(p, rect, note, style.sans(9), style.INK_SOFT, elide=False)

    def _paint_title(self, p: QPainter) -> None:
        """The engraved title, right-aligned above the share-value table, between two rules."""
        r0 = self.lay.right
        rect = QRectF(r0.right() - 220, r0.top() - 2, 220, 28)
        draw_text(p, rect, "1st CEO", style.serif(18, bold=True), style.INK,
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        p.setPen(QPen(QColor(style.BRASS), 1.2))
        y = rect.bottom() + 2
        p.drawLine(QPointF(r0.right() - 120, y), QPointF(r0.right(), y))
        p.setPen(QPen(QColor(style.INK), 0.6))
        p.drawLine(QPointF(r0.right() - 120, y + 3), QPointF(r0.right(), y + 3))

    def _paint_ranks(self, p: QPainter) -> None:
        lay = self.lay
        r0 = lay.right
        self._caption(p, QRectF(r0.left(), r0.top() + 30, r0.width(), 22), "Share Value",
                      "by final asset rank · ties average")
        for i, box in enumerate(lay.ranks):
            p.setPen(QPen(QColor(style.INK), 1.0))
            p.setBrush(QColor(style.PAPER_DARK if i % 2 else style.PAPER))
            p.drawRoundedRect(box, 4, 4)
            draw_text(p, QRectF(box.left(), box.top() + 2, box.width(), 16), ORDINALS[i], style.sans(9),
                      style.INK_SOFT)
            draw_text(p, QRectF(box.left(), box.top() + 16, box.width(), 38), str(SHARE_VALUES[i]),
                      style.serif(18, bold=True), elide=False)

    def _paint_endgame(self, p: QPainter) -> None:
        lay = self.lay
        eg = lay.endgame
        self._caption(p, QRectF(eg[0].left(), eg[0].top() - 28, 300, 22), "Endgame")
        labels = ("Start", "2", "1")
        for i, r in enumerate(eg):
            p.setPen(QPen(QColor(style.INK), 1.2))
            p.setBrush(QColor(style.PAPER_DARK if i == 0 else style.PAPER))
            p.drawRoundedRect(r, 8, 8)
            if i == 0:
                draw_text(p, QRectF(r.left(), r.top() + 2, r.width(), 16), labels[i], style.sans(9, bold=True),
                          elide=False)
            else:
                draw_text(p, QRectF(r.left(), r.top() + 1, r.width(), 28), labels[i], style.serif(18, bold=True),
                          elide=False)
            if i == 2:
                # the handshake: in the final round players may not buy shares
                # (the glyph fills the middle band of its square: centre the square low in the space)
                icons.paint_icon(p, "handshake", QRectF(r.center().x() - 22, r.bottom() - 37, 44, 44),
                                 style.BRICK_RED)
            if i < 2:
                y = r.center().y()
                p.setPen(QPen(QColor(style.INK_SOFT), 1.2))
                p.drawLine(QPointF(r.right() + 1, y), QPointF(r.right() + 7, y))
        draw_text(p, QRectF(eg[0].left(), eg[0].bottom() + 6, 3 * 64, 16),
                  "no shares bought on 1", style.sans(9), style.INK_SOFT)


# -- a player's mat -----------------------------------------------------------------------------------------
class PlayerMat(BoardItem):
    """A player's area in front of the board: paper, seat stripe and row captions (cached, rarely
    repainted), with two children that change often: the `MatHeader` (token, name, corporation,
    money) and the ink frame that marks the player to move."""

    HEADER = 46.0

    def __init__(self, w: float, h: float):
        super().__init__(w, h)
        self.setZValue(-5)
        self.setAcceptHoverEvents(False)
        self.colour = style.NPC_GREY
        self.captions: list[tuple[float, float, str]] = []
        """(x, y, text) of the row captions, in mat coordinates."""
        self.header = MatHeader(self)
        self.frame = MatFrame(self)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def set_size(self, w: float, h: float) -> None:
        """The mat laid out at another size (its header and frame follow)."""
        if (w, h) == (self.w, self.h):
            return
        self.resize(w, h)
        self.header.resize(w, self.HEADER)
        self.frame.follow()

    def set_mat(self, **kw) -> None:
        """Update the mat; header fields (name, corp, colour, mark, money, assets, current, starter,
        score) go to the header, `current` also shows the frame."""
        if "captions" in kw:
            self.captions = kw.pop("captions")
        if "colour" in kw:
            self.colour = kw["colour"]
        self.refresh(self.colour, tuple(self.captions))
        if kw:
            self.header.set_header(**kw)
            self.frame.setVisible(self.header.current)

    @property
    def current(self) -> bool:
        return self.header.current

    def texts(self) -> list[str]:
        return [self.toolTip(), *self.header.texts(), *(c[2] for c in self.captions)]

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        path = QPainterPath()
        path.addRoundedRect(r, 8, 8)
        draw_shadow(p, path, 2, 3, 80)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(paper_brush(r, style.PAPER, style.PAPER_DARK))
        p.drawPath(path)
        fill_rounded_part(p, self.w, self.h, 8, QRectF(0, 0, 7, self.h), self.colour)
        for x_text, y, text in self.captions:
            draw_text(p, QRectF(x_text, y, self.w - x_text - 8, 16), text, style.sans(9, bold=True), style.INK_SOFT,
                      align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.drawPath(path)


class MatFrame(QGraphicsItem):
    """The thick ink frame round the mat of the player to move."""

    def __init__(self, mat: PlayerMat):
        super().__init__(mat)
        self.mat = mat
        self._bounds = mat.rect().adjusted(-2, -2, 2, 2)
        self.setVisible(False)

    def follow(self) -> None:
        """The mat changed size."""
        self.prepareGeometryChange()
        self._bounds = self.mat.rect().adjusted(-2, -2, 2, 2)
        self.update()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()

    @guarded_paint
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(style.INK), 2.6))
        p.drawRoundedRect(self.mat.rect(), 8, 8)


class MatHeader(BoardItem):
    """The head of a mat: seat token, name (and the starting player's pennant), corporation,
    money, and assets (or the final score). Filled with the seat colour for the player to move."""

    def __init__(self, mat: PlayerMat):
        super().__init__(mat.w, PlayerMat.HEADER, mat)
        self.mat = mat
        self.setAcceptHoverEvents(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.name = ""
        self.corp = ""
        self.colour = style.NPC_GREY
        self.mark = ""
        self.money = 0
        self.income = 0
        self.assets = 0
        self.current = False
        self.starter = False
        self.score: float | None = None
        self.winner = False

    def bounds(self) -> QRectF:
        return self.rect().adjusted(-1, -1, 1, 1)

    def set_header(self, **kw) -> None:
        for k, v in kw.items():
            setattr(self, k, v)
        self.refresh(self.name, self.corp, self.colour, self.mark, self.money, self.income, self.assets,
                     self.current, self.starter, self.score, self.winner)

    def texts(self) -> list[str]:
        return [self.name, self.corp, f"${self.money}"]

    def paint_body(self, p: QPainter, lod: float) -> None:
        w, mat_h = self.w, self.mat.h
        if self.current:
            fill_rounded_part(p, w, mat_h, 8, QRectF(0, 0, w, self.h), self.colour)
        else:
            fill_rounded_part(p, w, mat_h, 8, QRectF(0, 0, 7, self.h), self.colour)
            fill_rounded_part(p, w, mat_h, 8, QRectF(7, 0, w - 7, self.h), style.PAPER_DARK)
        p.setPen(QPen(QColor(style.INK), 1.0))
        p.drawLine(QPointF(0, self.h), QPointF(w, self.h))
        fg = style.text_on(self.colour) if self.current else style.INK
        # token with the seat mark
        tok = QRectF(13, 9, 28, 28)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawEllipse(tok.translated(1, 1.5))
        p.setPen(QPen(QColor(style.INK), 1.2))
        p.setBrush(QColor(self.colour))
        p.drawEllipse(tok)
        draw_text(p, tok, self.mark, style.sans(11, bold=True, tabular=False), style.text_on(self.colour), elide=False)
        money_w = 78.0
        x = 48.0
        name_w = w - x - money_w - 8
        if self.winner:
            icons.paint_icon(p, "crown", QRectF(x, 5, 18, 18), style.GOLD, outline=style.INK)
            x += 20
            name_w -= 20
        if self.starter:
            icons.paint_icon(p, "start", QRectF(x, 6, 16, 16), style.BRICK_RED if not self.current else fg)
            x += 16
            name_w -= 16
        draw_text(p, QRectF(x, 3, name_w, 22), self.name, style.serif(12, bold=True), fg,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        sub = self.corp
        if self.current:
            sub = "to move · " + sub
        draw_text(p, QRectF(48, 24, w - 48 - money_w - 8, 18), sub, style.sans(9), fg,
                  align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        draw_text(p, QRectF(w - money_w - 10, 2, money_w, 26), f"${self.money}", style.sans(16, bold=True),
                  fg if self.current else style.MONEY_GREEN,
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elide=False)
        if self.score is not None:
            info = f"score {self.score:g}"
        else:
            info = f"assets {self.assets}"
        draw_text(p, QRectF(w - money_w - 30, 26, money_w + 20, 16), info,
                  style.sans(9, bold=self.score is not None), fg,
                  align=Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, elide=False)


class CountdownMarker(TokenItem):
    """The black-and-brass countdown marker of the endgame track."""

    def paint_body(self, p: QPainter, lod: float) -> None:
        r = self.rect()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 90))
        p.drawEllipse(r.translated(1.2, 2))
        p.setPen(QPen(QColor(style.BRASS), 2.5))
        p.setBrush(QColor("#1f1a15"))
        p.drawEllipse(r)
        p.setPen(QPen(QColor(style.BRASS), 1.0))
        p.drawEllipse(r.adjusted(5, 5, -5, -5))
        icons.paint_icon(p, "crown", r.adjusted(9, 9, -9, -9), style.BRASS)


# -- the scene -----------------------------------------------------------------------------------------------
class FirstCeoScene(GameScene):
    """The 1st CEO board: see the module doc for layout and click rules."""

    game_id = "first-ceo"
    pool_keep = ("base", "track", "spot")
    unmarked = ("round", "price", "comp-label", "rank-title", "piles-label", "nocomp")

    def __init__(self, parent=None):
        super().__init__(parent)
        self._layout: Layout | None = None
        self._track: TrackItem | None = None
        self._mat_memo: dict[int, tuple] = {}
        self._shown = False

    def draw(self, view: dict, legal: list[Action], names: list[str], viewer: int | None) -> None:
        """Rebuild from `view` for `viewer`; `legal` are the actions of the seat to move that the
        person at this screen may take (empty when they may not act)."""
        n = int(view["players"])
        arr = self.lay_out(board_tree(n))
        lay = make_layout(n, arr.rects["board"][2], [arr.rects[f"mat{i}"][2:] for i in range(n)],
                          [arr.variants[f"mat{i}"] == 1 for i in range(n)])
        if self._layout is None or self._layout.players != n:
            self._reset(n, view, lay)
        elif lay != self._layout:
            self._relayout(lay, view)
        self.pool.begin()
        self._by_action = {}
        legal_set = set(legal)
        # whose candidate actions the items carry: the seat to move when it may act here, else the
        # person at the screen (their clicks are refused with "please wait"); a spectator: nobody
        me = legal[0].seat if legal else viewer
        marks = style.seat_marks(names)
        with self.in_panel("board"):
            self._show_track(view, names, marks)
            self._show_market(view, legal_set, me)
            self._show_ranks(view, names, marks)
            self._show_endgame(view)
            self._show_piles(view)
        for seat in range(n):
            with self.in_panel(f"mat{seat}"):
                self._show_mat(view, seat, legal_set, me, names, marks)
        self._shown = True
        self.pool.prune()
        self.place_panels({"board": lay.board.topLeft(),
                           **{f"mat{i}": r.topLeft() for i, r in enumerate(lay.mats)}})

    # -- building blocks ------------------------------------------------------------------------------
    def _reset(self, n: int, view: dict, lay: Layout) -> None:
        self.pool.clear()
        self._mat_memo.clear()
        self._shown = False
        self._layout = lay
        with self.in_panel("board"):
            self.pool.add(("base",), BoardBase(lay, view["market"]))
            spaces, inward = track_geometry(lay.board)
            track = TrackItem(spaces, [str(i) for i in range(TRACK_SPACES)], inward)
            track.accent[END_TRIGGER] = "#e7c873"
            track.STACK_STEP = 10.0
            track.tip_for = self._track_tip
            track.setZValue(-9)
            self.pool.add(("track",), track)
            self._track = track
            self._add_hotspots(lay, view["market"])

    def _relayout(self, lay: Layout, view: dict) -> None:
        """The board or the mats take another size (a new room): the printed board, its track
        and its tooltips follow; the mats are built again at their new sizes."""
        self._layout = lay
        self._mat_memo.clear()  # (the mats' pieces are laid out again at their new sizes)
        base = self.pool[("base",)]
        base.set_layout(lay)
        self._track.set_spaces(*track_geometry(lay.board))
        for key in [k for k in self.pool if k[0] == "spot"]:
            self.drop(self.pool.items.pop(key))
        with self.in_panel("board"):
            self._add_hotspots(lay, view["market"])

    def _add_hotspots(self, lay: Layout, market: list[dict]) -> None:
        """Tooltips for the printed spaces (they never change for a player count)."""
        spots = []
        for i, (r, space) in enumerate(zip(lay.slots, market, strict=True)):
            text = f"Market space {i + 1}: pay the company's cost"
            text += f" plus ${space['surcharge']}" if space["surcharge"] else " (no surcharge)"
            if space["discard"]:
                text += ".\nDiscard icon: acquiring here also discards the leftmost company in the market"
            spots.append((QRectF(r.left(), r.top() - 32, r.width(), 26), text + "."))
        notes = ("Start: the countdown marker waits here until a corporation reaches 100 assets",
                 "2: the end is triggered; one more round follows this one",
                 "1: the final round — no shares may be bought (the handshake)")
        spots += list(zip(lay.endgame, notes, strict=True))
        for i, box in enumerate(lay.ranks):
            spots.append((box, f"{ORDINALS[i]} place on the asset track at the end: each share of that "
                               f"corporation scores {SHARE_VALUES[i]} points (tied places average)"))
        for n, (rect, text) in enumerate(spots):
            spot = HotSpot(rect, text)
            spot.setZValue(-8)
            self.pool.add(("spot", n), spot)

    def _target(self, item: BoardItem, action: Action | None, legal: set, status: str = "") -> None:
        item.set_target(action, action in legal if action is not None else False, status)
        if action is not None:
            self._by_action[action] = item

    def _place(self, item, pos: QPointF) -> None:
        self.place(item, pos)

    def _seat_of_corp(self, view: dict) -> dict[str, int]:
        return {s["corp"]: i for i, s in enumerate(view["seats"]) if s["corp"]}

    def _show_track(self, view: dict, names: list[str], marks: list[str]) -> None:
        owner = self._seat_of_corp(view)
        by_space: dict[int, list[dict]] = {}
        for corp in view["corporations"]:
            by_space.setdefault(corp["assets"] % TRACK_SPACES, []).append(corp)
        self._track.set_occupied(by_space)
        for space, corps in by_space.items():
            # a stable order within a stack: players by seat, then NPCs
            corps.sort(key=lambda c: (c["npc"], owner.get(c["id"], 99), c["id"]))
            for k, corp in enumerate(corps):
                tok = self._item(("marker", corp["id"]), lambda npc=corp["npc"]: TokenItem(24 if npc else 19))
                seat = owner.get(corp["id"])
                laps = corp["assets"] // TRACK_SPACES
                lap = f" (lapped: {corp['assets']} = {TRACK_SPACES} + {corp['assets'] % TRACK_SPACES})" if laps else ""
                if seat is None:
                    tip = f"{corp['name']} (NPC corporation): assets {corp['assets']}{lap}"
                    tok.set_look(style.NPC_GREY, style.npc_mark(corp["name"]), npc=True, tooltip=tip)
                else:
                    tip = f"{corp['name']} ({names[seat]}): assets {corp['assets']}{lap}"
                    tok.set_look(style.seat_colour(seat), marks[seat], tooltip=tip)
                tok.setZValue(20 + k)
                self._place(tok, self._marker_pos(space, k))

    def _marker_pos(self, space: int, k: int) -> QPointF:
        return self._track.marker_pos(space, k)

    def _track_tip(self, space: int) -> str:
        """Tooltip of a track space: its value and the corporations on it."""
        text = f"Asset track: {space}"
        if space == END_TRIGGER:
            text += " — a corporation reaching 100 triggers the end of the game"
        view = self.view or {}
        here = [c for c in view.get("corporations", []) if c["assets"] % TRACK_SPACES == space]
        if here:
            text += "\n" + "\n".join(f"{c['name']}{' (NPC)' if c['npc'] else ''}: {c['assets']}" for c in here)
        return text

    def _show_market(self, view: dict, legal: set, me: int | None) -> None:
        lay = self._layout
        for entry in view["market"]:
            slot, cid = entry["slot"], entry["card"]
            if cid is None:
                continue
            fresh = ("company", cid) not in self.pool
            card = self._item(("company", cid), lambda: CompanyCard(CARD_W, CARD_H))
            if fresh and self._shown:
                # a card drawn during play comes off the deck and slides into its space
                card.setPos(lay.piles[0].topLeft() - QPointF((CARD_W - lay.piles[0].width()) / 2, 0))
                card._placed = True
                flip_in(card, self.animation_speed)
            tip = card_tooltip(cid, entry["price"], entry["surcharge"])
            money = view["seats"][me]["money"] if me is not None else 0
            card.set_card(cid, tooltip=tip, dimmed=me is not None and entry["price"] > money)
            card.setZValue(5)
            self._place(card, lay.slots[slot].topLeft())
            action = Action("acquire", me, (slot,)) if me is not None else None
            self._target(card, action, legal, f"Acquire {card.title} for ${entry['price']}")
            tag = self._item(("price", slot), lambda: LabelItem(CARD_W, 20, "", style.sans(10, bold=True),
                                                               align=Qt.AlignmentFlag.AlignCenter))
            extra = f"  ({entry['price'] - entry['surcharge']} + {entry['surcharge']})" if entry["surcharge"] else ""
            tag.set_text(f"pay ${entry['price']}{extra}", style.BRICK_RED if card.dimmed else style.INK,
                         short=(f"pay ${entry['price']}", f"${entry['price']}"))
            tag.setPos(lay.slots[slot].left(), lay.slots[slot].bottom() + 4)

    def _show_ranks(self, view: dict, names: list[str], marks: list[str]) -> None:
        lay = self._layout
        owner = self._seat_of_corp(view)
        corps = sorted(view["corporations"], key=lambda c: -c["assets"])
        title = self._item(("rank-title",), lambda: LabelItem(lay.right.width(), 20, "", style.sans(9),
                                                              style.INK_SOFT, elide=False))
        if view.get("outcome"):
            title.set_text("markers: the asset track alone (asset cards moved the final ranks)")
        else:
            title.set_text("markers: the ranking now, before asset cards are revealed")
        title.setPos(lay.right.left(), lay.ranks[0].bottom() + 30)
        per_rank: dict[int, list[dict]] = {}
        for c in corps:
            rank = sum(1 for o in corps if o["assets"] > c["assets"])
            per_rank.setdefault(rank, []).append(c)
        for rank, group in per_rank.items():
            box = lay.ranks[min(rank, 5)]
            width = box.width()
            step = min(22.0, (width - 20) / max(1, len(group) - 1)) if len(group) > 1 else 0
            x0 = box.center().x() - step * (len(group) - 1) / 2
            for k, c in enumerate(group):
                tok = self._item(("rank", c["id"]), lambda npc=c["npc"]: TokenItem(24 if npc else 18))
                seat = owner.get(c["id"])
                tie = f", tied with {len(group) - 1} other(s)" if len(group) > 1 else ""
                tip = f"{c['name']}: {ORDINALS[min(rank, 5)]} on assets ({c['assets']}){tie}"
                if seat is None:
                    tok.set_look(style.NPC_GREY, style.npc_mark(c["name"]), npc=True, tooltip=tip + " · NPC")
                else:
                    tok.set_look(style.seat_colour(seat), marks[seat], tooltip=tip + f" · {names[seat]}")
                tok.setZValue(10 + k)
                self._place(tok, QPointF(x0 + k * step, box.bottom() + 14))

    def _show_endgame(self, view: dict) -> None:
        lay = self._layout
        cd = view.get("countdown")
        index = {None: 0, 2: 1, 1: 2}.get(cd, 0)
        marker = self._item(("countdown",), lambda: CountdownMarker(30))
        tip = {0: "Countdown marker: on the start space", 1: "Countdown marker on 2: one more round after this",
               2: "Countdown marker on 1: the final round — no share buying"}[index]
        if view.get("triggered") and index == 0:
            tip += " (the end is triggered: it moves to 2 when this round ends)"
        marker.set_tip(tip)
        marker.setZValue(15)
        r = lay.endgame[index]
        self._place(marker, QPointF(r.center().x(), r.center().y() + 8 if index == 0 else r.top() + 17))
        status = self._item(("round",), lambda: LabelItem(lay.right.width() - 130, 24, "",
                                                          style.serif(12, bold=True)))
        note = f"Round {view['round']}"
        if view.get("outcome"):
            note = "Game over — final scoring"
        elif view.get("final_round"):
            note += " · final round"
        elif view.get("triggered"):
            note += " · the end is triggered"
        status.set_text(note, style.BRICK_RED if view.get("triggered") else style.INK)
        status.setPos(lay.right.left(), lay.right.top())

    def _show_piles(self, view: dict) -> None:
        lay = self._layout
        left = view.get("asset_cards_left", {})
        specs = [
            ("deck", view["deck_count"], "Companies", style.CARD_BACK, "",
             f"Company deck: {view['deck_count']} cards"),
            ("discard", view.get("discard_count", 0), "Discard", "#6b5a45", "discard",
             f"Discarded companies: {view.get('discard_count', 0)}"),
            ("up", left.get("increase", 0), "", "#2e5e31", "asset_up",
             f"Asset increase cards left: {left.get('increase', 0)} (each +10 to +20)"),
            ("down", left.get("decrease", 0), "", "#7d2b22", "asset_down",
             f"Asset decrease cards left: {left.get('decrease', 0)} (each −10 to −20)"),
        ]
        for (key, count, label, colour, icon, tip), r in zip(specs, lay.piles, strict=True):
            pile = self._item(("pile", key), lambda r=r: PileItem(r.width(), r.height()))
            pile.set_pile(count, label, colour, tip, icon)
            pile.setPos(r.topLeft())
        lab = self._item(("piles-label",), lambda: LabelItem(300, 20, "", style.sans(9), style.INK_SOFT,
                                                                  elide=False))
        lab.set_text("deck · discard · asset cards ▲ ▼")
        lab.setPos(lay.piles[0].left(), lay.piles[0].top() - 22)

    def _show_mat(self, view: dict, seat: int, legal: set, me: int | None, names: list[str],
                  marks: list[str]) -> None:
        """A player's mat, rebuilt only when something it shows has changed (most decisions
        touch one or two mats; skipping the others keeps `show` well inside a frame)."""
        s = view["seats"][seat]
        corp_id = s["corp"]
        outcome = view.get("outcome")
        sig = (repr(s), next((c["assets"] for c in view["corporations"] if c["id"] == corp_id), 0),
               self.acting(view) == seat, view.get("start_player") == seat,
               outcome["scores"][seat] if outcome else None, me,
               tuple(sorted(a for a in legal if (a.kind == "buy_share" and a.args == (seat,))
                            or (a.kind == "dividends" and a.seat == seat))),
               tuple(names), tuple(marks), tuple(v["corp"] for v in view["seats"]),
               sum(v["holdings"].get(corp_id, 0) for v in view["seats"]))
        memo = self._mat_memo.get(seat)
        if memo is not None and memo[0] == sig and all(k in self.pool for k in memo[1]):
            self.pool.use(memo[1])
            self._by_action.update(memo[2])
            return
        used_before, actions_before = set(self.pool.used), dict(self._by_action)
        self._build_mat(view, seat, legal, me, names, marks)
        keys = self.pool.used - used_before
        actions = {a: it for a, it in self._by_action.items() if a not in actions_before}
        self._mat_memo[seat] = (sig, keys, actions)

    def _build_mat(self, view: dict, seat: int, legal: set, me: int | None, names: list[str],
                   marks: list[str]) -> None:
        lay = self._layout
        r = lay.mats[seat]
        s = view["seats"][seat]
        corp_id = s["corp"]
        corp = CORPORATIONS[corp_id] if corp_id else None
        colour = style.seat_colour(seat)
        mat = self._item(("mat", seat), lambda: PlayerMat(r.width(), r.height()))
        mat.set_size(r.width(), r.height())
        mat.setPos(r.topLeft())
        assets = next((c["assets"] for c in view["corporations"] if c["id"] == corp_id), 0)
        outcome = view.get("outcome")
        score = outcome["scores"][seat] if outcome else None
        mat.set_mat(name=names[seat], corp=(corp.name if corp else ""), colour=colour, mark=marks[seat],
                    money=s["money"], income=s["income"], assets=assets,
                    current=(self.acting(view) == seat), starter=(view.get("start_player") == seat), score=score,
                    winner=bool(outcome and seat in outcome["winners"]))
        mat.header.set_tip(f"{names[seat]} runs {corp.name if corp else '—'}: ${s['money']}, assets {assets}, "
                       f"income ${s['income']}")
        pad = 10.0
        top = r.top() + PlayerMat.HEADER + 10
        narrow = lay.narrow[seat]
        captions: list[tuple[float, float, str]] = []
        # corporation card (click: pay dividends); sideways on narrow mats
        if narrow:
            cw, ch = r.width() - 2 * pad, 66.0
        else:
            cw, ch = 112.0, 160.0
        if corp_id:
            card = self._item(("corp", seat), lambda: CompanyCard(cw, ch))
            card.resize(cw, ch)
            holders = sum(v["holdings"].get(corp_id, 0) for v in view["seats"])
            card.set_card(corp_id, band=colour, subtitle=f"income ${s['income']}",
                          tooltip=card_tooltip(corp_id) + f"\nIncome now: ${s['income']} per share "
                          f"({holders} shares out of 7 held in all)")
            card.setZValue(5)
            card.setPos(r.left() + pad, top)
            action = Action("dividends", me, ()) if me is not None and me == seat else None
            self._target(card, action, legal, f"Pay dividends: ${s['income']} per share")
        # companies, as ledger strips (right of the card, or below it on narrow mats)
        companies = s["companies"]
        if narrow:
            cx, cy = r.left() + pad, top + ch + 10
        else:
            cx, cy = r.left() + pad + cw + 12, top
        avail_w = r.right() - pad - cx
        capacity = 9
        cols = 2 if len(companies) > capacity and avail_w >= 2 * 150 + 8 else 1
        col_w = (avail_w - (cols - 1) * 8) / cols
        comp_label = self._item(("comp-label", seat), lambda: LabelItem(avail_w, 16, "", style.sans(9, bold=True),
                                                                       style.INK_SOFT))
        comp_label.resize(avail_w, 16)
        comp_label.set_text(f"Companies ({len(companies)})")
        comp_label.setPos(cx, cy - 2)
        per_col = max(1, -(-len(companies) // cols))
        step = min(22.0, (capacity * 22.0) / per_col)
        for i, cid in enumerate(companies):
            strip = self._item(("strip", cid), lambda: CompanyStrip(col_w, 20))
            strip.resize(col_w, 20)
            strip.set_card(cid)
            col, row = divmod(i, per_col)
            strip.setZValue(5 + i * 0.01)
            self._place(strip, QPointF(cx + col * (col_w + 8), cy + 18 + row * step))
        if not companies:
            empty = self._item(("nocomp", seat), lambda: LabelItem(avail_w, 20, "", style.sans(9), style.INK_SOFT))
            empty.resize(avail_w, 20)
            empty.set_text("none yet")
            empty.setPos(cx, cy + 18)
        # asset cards (face down; values only in the owner's own view)
        if narrow:
            ay, ax, row_w = cy + 18 + capacity * 22 + 6, r.left() + pad, r.width() - 2 * pad
        else:
            ay, ax, row_w = top + ch + 8, r.left() + pad, cw
        captions.append((ax, ay, "Asset cards"))
        # rows reserved for them: 2 under the card, 1 across a narrow mat; a long hand fans out
        n_cards = len(s["asset_cards"])
        rows_kept = 1 if narrow else 2
        per_row = max(int((row_w + 5) // 35), -(-n_cards // rows_kept), 1)
        step = min(35.0, (row_w - 30) / max(1, per_row - 1))
        card_w = 30.0
        shown = any(ac["value"] is not None for ac in s["asset_cards"])
        if shown and step < card_w + 3:
            # values shown (the owner's, or everyone's at the end): side by side, never one card's
            # value under the next, the cards narrower if need be
            card_w = max(12.0, (row_w - 3 * (per_row - 1)) / per_row)
            step = card_w + 3
        for i, ac in enumerate(s["asset_cards"]):
            item = self._item(("asset", seat, i), lambda: AssetCardItem(30, 34))
            item.resize(card_w, 34)
            word = "increase" if ac["kind"] == "increase" else "decrease"
            if ac["value"] is None:
                tip = f"Asset {word} card, face down (value hidden until the end)"
            elif seat == self.viewer and not view.get("outcome"):
                tip = f"Your asset {word} card: {ac['value']:+d} (face down for the others)"
            else:
                tip = f"{possessive(names[seat], start=True)} asset {word} card: {ac['value']:+d}"
            item.set_asset(ac["kind"], ac["value"], tip)
            rr, cc = divmod(i, per_row)
            item.setPos(ax + cc * step, ay + 18 + rr * 37)
            item.setZValue(5 + i * 0.01)
        if narrow:
            sy = ay + 18 + 34 + 6
        else:
            sy = top + ch + 8 + 18 + 2 * 37
        # shares still to issue
        captions.append((r.left() + pad, sy, "Shares to issue"))
        prices = s["share_prices"]
        sold = s["shares_sold"]
        sw = min(44.0, (r.width() - 2 * pad - 6 * 4) / 7)
        for i, price in enumerate(prices):
            share = self._item(("share", seat, i), lambda: ShareItem(sw, 40))
            share.resize(sw, 40)
            next_ = i == sold
            if i < sold:
                tip = f"{corp.name} share {i + 1} (${price}): already issued"
            else:
                tip = f"{corp.name} share {i + 1}: ${price}" + (" — the next one to be bought" if next_ else "")
            share.set_share(colour, marks[seat], price, i < sold, next_, tip)
            share.setPos(r.left() + pad + i * (sw + 4), sy + 18)
            action = None
            if next_ and me is not None and me != seat:
                action = Action("buy_share", me, (seat,))
            self._target(share, action, legal, f"Buy {article(corp.name)} share from {names[seat]} for ${price}"
                         if action else "")
        # shares held (own unissued shares count as held, as in the rules)
        hy = sy + 18 + 40 + 8
        captions.append((r.left() + pad, hy, "Shares held"))
        owner = self._seat_of_corp(view)
        x = r.left() + pad
        order = sorted(s["holdings"].items(), key=lambda kv: owner.get(kv[0], 99))
        chip_w = min(40.0, (r.width() - 2 * pad - 4 * max(0, len(order) - 1)) / max(1, len(order)))
        for corp_held, count in order:
            t = owner.get(corp_held)
            chip = self._item(("held", seat, corp_held), lambda: HoldingChip(chip_w, 22))
            chip.resize(chip_w, 22)
            cname = CORPORATIONS[corp_held].name
            whose = "its own" if t == seat else f"{names[t]}'s"
            chip.set_chip(style.seat_colour(t) if t is not None else style.NPC_GREY,
                          marks[t] if t is not None else "?", count,
                          f"{names[seat]} holds {count} {cname} share{'s' if count != 1 else ''} ({whose})")
            chip.setPos(x, hy + 18)
            x += chip_w + 4
        mat.set_mat(captions=[(x - r.left(), y - r.top(), t) for x, y, t in captions])


def make_scene(game_id: str = "first-ceo") -> FirstCeoScene:
    """A fresh 1st CEO scene (the argument is accepted for the shell's `make_scene(game_id)`)."""
    return FirstCeoScene()
