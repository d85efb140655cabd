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
MARKER_W = 32.0
"""A company's marker on the tracks: on a board fitted into a 1024×700 window (zoom 0.43 late in a
game) a 27-unit disc left the marks "Sw", "AA" and "Do" undrawn (too wide for it even condensed,
at 9 pt) and "Br" running over its rim."""
SPACE_H = 30.0
STOCK_SPACE_H = 26.0
"""The Stock Track's spaces are lower: each of its two rows leaves room above it for its markers,
and every unit of height the left column takes shrinks the whole board in a small window."""
OVER_EDGE = 4.5
"""How far a marker reaches over its space's edge (short of the value's letters)."""
ROOM_ABOVE = MARKER_W - OVER_EDGE + 0.5
"""The room a row of spaces leaves above it for its markers. A company's markers stand above their
space, a little over its edge, in a row (the track's `lane` and `place_markers`): the value of
every space reads at every size, and no marker covers another's mark (stacked on the space, they
hid its value and two thirds of one another's marks)."""
TITLE_H = 31.0
"""The panels' title row, down to the foot of its letters at the smallest zoom (its note, 9 pt
drawn as large as the title there, reaches 30 units down at a zoom of 0.43)."""


class TracksRegion:
    """The Stock Track and the Appeal Track with every company's marker (a part of
    `BigShouldersScene`, which gives it the view, the names, the seat at the screen and the pool of
    pieces)."""

    def _markers(self, key: str, track: TrackItem, spots: dict[int, list[str]], tip) -> None:
        places = track.place_markers({space: [MARKER_W] * len(cids) for space, cids in spots.items()})
        for space, cids in spots.items():
            for k, cid in enumerate(cids):
                tok = self.pooled((key, cid), lambda: TokenItem(MARKER_W))
                tok.set_look(COMPANY_COLOURS[cid], COMPANY_MARKS[cid], tooltip=tip(cid))
                tok.setZValue(3 + k)
                self.place(tok, places[space][k])

    def _show_stock_track(self, view: dict, top: float) -> float:
        n = len(STOCK_VALUES)
        # two rows, read like a line of text: in one row of 21 the three-figure values ran into
        # each other on a board fitted into a small window (this is the track of the Stock Phase)
        per_row = (n + 1) // 2
        sw = (LEFT_W - 24) / per_row
        h = TITLE_H + STOCK_ROWS * (ROOM_ABOVE + STOCK_SPACE_H) + 3
        self._panel("stock", "Stock Track", "share values; darker: starting values",
                    M, top, LEFT_W, h)
        track = self.pooled(("stock-track",), lambda: _track(n, sw, [f"{v}" for v in STOCK_VALUES], per_row,
                                                                   STOCK_SPACE_H))
        for s in START_STEPS:
            track.accent[s] = "#cdb78a"
        track.tip_for = lambda i: (f"${STOCK_VALUES[i]} a share" + (" (a starting value)" if i in START_STEPS else ""))
        track.setPos(M + 12, top + TITLE_H + ROOM_ABOVE)
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
        h = max(112.0, TITLE_H + ROOM_ABOVE + SPACE_H + 26)  # (its bonuses' words below it)
        self._panel("appeal", "Appeal Track", "highest appeal operates first",
                    M, top, LEFT_W, h)
        track = self.pooled(("appeal-track",), lambda: _track(n, sw, [str(i) for i in range(n)]))
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


def _track(n: int, sw: float, labels: list[str], per_row: int = 0, space_h: float = SPACE_H) -> TrackItem:
    """A track of `n` spaces `sw` × `space_h`, in rows of `per_row` (0: one row), left to right,
    each row with the room for its markers above it (they stand over their space's edge: the
    track's `lane`)."""
    per_row = per_row or n
    spaces = [QRectF((i % per_row) * sw, (i // per_row) * (space_h + ROOM_ABOVE), sw, space_h) for i in range(n)]
    inward = [QPointF(0, -1)] * n
    return TrackItem(spaces, labels, inward, font_pt=9, lane=space_h / 2 + MARKER_W / 2 - OVER_EDGE)
