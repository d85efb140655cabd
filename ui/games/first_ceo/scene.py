"""The 1st CEO board scene, built from a seat's view (never the state).

Layout (scene units = logical pixels at the default zoom): the board on top, with the asset track
0–159 running clockwise round its edge from the top-left corner; inside it the acquisition market
(six spaces with their surcharge and discard X printed), the share-value table with the live
ranking, the endgame track with the countdown marker, and the decks. Below the board, one mat per
player: corporation card, companies, shares still to issue (prices printed), shares held, money
and face-down asset cards. The scene declares these panels (`board_tree`) and draws each in its
region: the board in regions/board.py, the mats in regions/mats.py.

Clicks. Items carry the *candidate* action of the seat to move even when it is not legal, so the
controller can explain a refusal ("Pixelar costs $25 here and the corporation has only $14."):
every company in the market -> `acquire`, the leftmost share of every other player ->
`buy_share`, the mover's own corporation card -> `dividends`. Only actions in `legal` glow. When
it is not the viewer's turn (`legal` empty) the items carry the viewer's candidates, which the
controller refuses ("please wait"), and nothing glows; for a spectator (viewer None) every item is
inert.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF

from engine.core.contract import Action
from ui.board import style
from ui.board.items import BoardItem, TrackItem
from ui.board.scene import GameScene
from ui.games.first_ceo.regions.board import BoardRegion
from ui.games.first_ceo.regions.geometry import (
    BOARD_H,
    BOARD_W,
    BOARD_W_MAX,
    MAT_GAP,
    MAT_H_NARROW,
    MAT_H_WIDE,
    MAT_W_MAX,
    MAT_W_NARROW,
    MAT_W_WIDE,
    Layout,
    make_layout,
)
from ui.games.first_ceo.regions.mats import MatsRegion


def board_tree(players: int):
    """The 1st CEO board's panels for the layout (ui/board/layout.py): the board with its track
    on top, and one mat per player under it, in seat order, in as many rows as suit the room
    (one under a wide board, two or three in a taller room); board and mats widen together."""
    from ui.board.layout import Column, Grid, Leaf

    mats = [Leaf(f"mat{i}", MAT_W_WIDE, MAT_H_WIDE, variants=((MAT_W_NARROW, MAT_H_NARROW),), w_max=MAT_W_MAX)
            for i in range(players)]
    board = Leaf("board", BOARD_W, BOARD_H, w_max=BOARD_W_MAX)
    return Column(board, Grid(mats, gap=MAT_GAP), gap=22, align="center")


class FirstCeoScene(BoardRegion, MatsRegion, GameScene):
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

    def _target(self, item: BoardItem, action: Action | None, legal: set, status: str = "") -> None:
        item.set_target(action, action in legal if action is not None else False, status)
        if action is not None:
            self._by_action[action] = item

    def _place(self, item, pos: QPointF) -> None:
        self.place(item, pos)

    def _seat_of_corp(self, view: dict) -> dict[str, int]:
        return {s["corp"]: i for i, s in enumerate(view["seats"]) if s["corp"]}


def make_scene(game_id: str = "first-ceo") -> FirstCeoScene:
    """A fresh 1st CEO scene (the argument is accepted for the shell's `make_scene(game_id)`)."""
    return FirstCeoScene()
