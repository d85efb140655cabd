"""The Stock Track (share values) and the Appeal Track (the order of operating), with every
company's marker."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    APPEAL_BONUSES,
    APPEAL_TOP,
    COMPANIES,
    COMPANY_IDS,
    START_STEPS,
    STOCK_VALUES,
)
from ui.board.items import TokenItem, TrackItem
from ui.games.big_shoulders.items import COMPANY_COLOURS, COMPANY_MARKS, Label
from ui.games.big_shoulders.regions.geometry import LEFT_W, M
from ui.games.big_shoulders.words import APPEAL_SHORT, APPEAL_TIPS, APPEAL_WORDS, ordinal

STOCK_ROWS = 2


class TracksRegion:
    """The Stock Track and the Appeal Track with every company's marker (a part of
    `BigShouldersScene`, which gives it the view, the names, the seat at the screen and the pool of
    pieces)."""

    def _markers(self, key: str, track: TrackItem, spots: dict[int, list[str]], tip) -> None:
        track.set_occupied(space for space, cids in spots.items() if cids)
        for space, cids in spots.items():
            for k, cid in enumerate(cids):
                tok = self.pooled((key, cid), lambda: TokenItem(27))  # (marks of two letters)
                tok.set_look(COMPANY_COLOURS[cid], COMPANY_MARKS[cid], tooltip=tip(cid))
                tok.setZValue(3 + k)
                self.place(tok, track.marker_pos(space, k, len(cids)))

    def _show_stock_track(self, view: dict, top: float) -> float:
        n = len(STOCK_VALUES)
        # two rows, read like a line of text: in one row of 21 the three-figure values ran into
        # each other on a board fitted into a small window (this is the track of the Stock Phase)
        per_row = (n + 1) // 2
        sw = (LEFT_W - 24) / per_row
        h = 36 + STOCK_ROWS * 30 + (STOCK_ROWS - 1) * 4 + 8
        self._panel("stock", "Stock Track", "share values; darker: starting values",
                    M, top, LEFT_W, h)
        track = self.pooled(("stock-track",), lambda: _track(n, sw, 30, [f"{v}" for v in STOCK_VALUES], per_row))
        for s in START_STEPS:
            track.accent[s] = "#cdb78a"
        track.tip_for = lambda i: (f"${STOCK_VALUES[i]} a share" + (" (a starting value)" if i in START_STEPS else ""))
        track.setPos(M + 12, top + 36)
        started = [cid for cid in view.get("appeal_stack") or [] if view["companies"][cid]["started"]]
        spots: dict[int, list[str]] = {}
        for cid in sorted(started, key=COMPANY_IDS.index):
            spots.setdefault(view["companies"][cid]["step"], []).append(cid)
        self._markers("stock-marker", track, spots,
                      lambda cid: f"{COMPANIES[cid].name}: ${market.value(view['companies'][cid]['step'])} a share")
        return top + h

    def _show_appeal_track(self, view: dict, top: float) -> float:
        n = APPEAL_TOP + 1
        sw = (LEFT_W - 24) / n
        h = 112.0
        self._panel("appeal", "Appeal Track", "highest appeal operates first",
                    M, top, LEFT_W, h)
        track = self.pooled(("appeal-track",), lambda: _track(n, sw, 30, [str(i) for i in range(n)]))
        for s in APPEAL_BONUSES:
            track.accent[s] = "#e7c873"
        track.tip_for = lambda i: (f"Appeal {i}" + (f": the first time a company reaches it, "
                                                    f"{APPEAL_TIPS[APPEAL_BONUSES[i]]}" if i in APPEAL_BONUSES else ""))
        track.setPos(M + 12, top + h - 56)
        for s, bonus in APPEAL_BONUSES.items():
            # a label as wide as the gap to its neighbours' allows, centred under its space
            near = min((abs(s - o) for o in APPEAL_BONUSES if o != s), default=2)
            lw = min(2, near) * sw - 4
            lab = self.pooled(("appeal-bonus", s), lambda: Label(sw, 24, pt=9, centre=True))
            lab.resize(lw, 24)
            lab.set_label(APPEAL_WORDS[bonus], f"Appeal {s}: {APPEAL_TIPS[bonus]}",
                          short=(APPEAL_SHORT[bonus],) if bonus in APPEAL_SHORT else ())
            lab.setPos(M + 12 + s * sw + (sw - lw) / 2, top + h - 26)
        stack = view.get("appeal_stack") or []
        spots: dict[int, list[str]] = {}
        # the top of a stack operates first: it is drawn last (on top)
        for cid in reversed(stack):
            spots.setdefault(view["companies"][cid]["appeal"], []).append(cid)
        order = {cid: i + 1 for i, cid in enumerate(sorted(stack, key=lambda c: (-view["companies"][c]["appeal"],
                                                                                 stack.index(c))))}
        self._markers("appeal-marker", track, spots,
                      lambda cid: f"{COMPANIES[cid].name}: appeal {view['companies'][cid]['appeal']}, "
                                  f"operates {ordinal(order[cid])}")
        return top + h


def _track(n: int, sw: float, sh: float, labels: list[str], per_row: int = 0) -> TrackItem:
    """A track of `n` spaces `sw` × `sh`, in rows of `per_row` (0: one row), left to right."""
    per_row = per_row or n
    spaces = [QRectF((i % per_row) * sw, (i // per_row) * (sh + 4), sw, sh) for i in range(n)]
    inward = [QPointF(0, -1)] * n
    track = TrackItem(spaces, labels, inward, font_pt=9)
    track.STACK_STEP = 9.0
    return track
