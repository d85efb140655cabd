"""Where the 1st CEO board's parts go: the printed board's size and track, the market's spaces,
the share-value table, the endgame track, the decks and the players' mats, for a player count and
the sizes the board's layout (ui/board/layout.py) gives the panels."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

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
