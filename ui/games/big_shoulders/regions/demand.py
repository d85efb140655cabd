"""The Demand area: a row per goods type, three columns with their bonuses, and the half-price bank."""

from __future__ import annotations

from engine.core.text import count
from engine.games.big_shoulders.data import (
    COLUMN_BONUS,
    COMPANIES,
    COMPANY_IDS,
    DEMAND,
    GOODS_NAMES,
    GOODS_ROWS,
    HALF_PRICE_TYPES,
)
from ui.board import style
from ui.board.pieces import Chip
from ui.games.big_shoulders.items import GOODS_COLOURS, DemandTileItem
from ui.games.big_shoulders.regions.geometry import LEFT_W, M
from ui.games.big_shoulders.words import short


class DemandRegion:
    """The Demand area (a part of `BigShouldersScene`, which gives it the view, the names, the seat
    at the screen and the pool of pieces)."""

    def _show_demand(self, view: dict, top: float) -> float:
        rh = 44.0
        h = 62 + len(GOODS_ROWS) * (rh + 5) + 4
        piles = view.get("demand_piles") or []
        deck = f"{count(sum(piles), 'tile')} in the deck"
        self._panel("demand", "Demand", f"{deck} · the bank pays half price for Dry Goods, Food, Shoes",
                    M, top, LEFT_W, h, note_short=(f"{deck} · ½ price bank", deck))
        grid = view["demand_grid"]
        goods = view["demand_goods"]
        lw = 150.0
        tw = 118.0
        for c, bonus in enumerate(COLUMN_BONUS):
            hd = self.pooled(("demand-col", c), lambda: Chip(tw, 24))
            hd.set_chip(f"${bonus} column", f"A tile in this column filled exactly pays ${bonus}", style.PAPER_DARK,
                        short=(f"${bonus}",))
            hd.setPos(M + 12 + lw + c * (tw + 8), top + 34)
            hd.setZValue(1)
            self._target(hd, None)
        for r, row in enumerate(GOODS_ROWS):
            y = top + 60 + r * (rh + 5)
            lab = self.pooled(("demand-row", row), lambda: Chip(lw - 8, 30))
            lab.set_chip(GOODS_NAMES[row], f"{GOODS_NAMES[row]} goods are shipped to this row",
                         GOODS_COLOURS[row], short=(GOODS_NAMES[row].split()[0],))
            lab.setPos(M + 12, y + 7)
            self._target(lab, None)
            for c, bonus in enumerate(COLUMN_BONUS):
                tile = self.pooled(("demand", r, c), lambda: DemandTileItem(tw, rh))
                tid = grid[r][c]
                if tid is None:
                    printed = {20: "board: 6 at full price", 0: "board: any, half price"}.get(bonus, "no delivery")
                    tile.set_tile(None, 0, bonus, printed, f"Empty ${bonus} space: {printed}")
                else:
                    d = DEMAND[tid].demand
                    g = goods[r][c]
                    tile.set_tile(d, g, bonus, "", f"{GOODS_NAMES[row]} demand tile: takes {count(d, 'good')}, "
                                  f"{g} delivered; filled exactly it pays ${bonus}")
                tile.setPos(M + 12 + lw + c * (tw + 8), y)
                ship = None
                if view.get("company") and COMPANIES[view["company"]].goods == row:
                    ship = self.take_pending(lambda a, c=c: a.kind == "ship" and a.args == (c,))
                self._target(tile, ship, self._label(ship) if ship else "")
            who = [cid for cid in COMPANY_IDS if COMPANIES[cid].goods == row and view["companies"][cid]["started"]]
            names = self.pooled(("demand-who", row), lambda: Chip(10, 30))
            text = ", ".join(short(c) for c in who) or "no company yet"
            names.resize(LEFT_W - 24 - lw - 3 * (tw + 8), 30)
            half = row in HALF_PRICE_TYPES
            label = ("½ price bank · " if half else "") + text
            shorter = ", ".join(short(c) for c in who) or "none yet"
            forms = (f"½ bank · {shorter}", f"½ · {shorter}", "½ price") if half else (shorter,)
            names.set_chip(label, f"Companies shipping {GOODS_NAMES[row]}: {text}" + (
                ". The bank takes any number of these goods at half price." if half else
                ". No half-price bank space for this row."), style.PAPER_DARK if half else style.PAPER, short=forms)
            names.setPos(M + 12 + lw + 3 * (tw + 8), y + 7)
            ship = None
            if half and view.get("company") and COMPANIES[view["company"]].goods == row:
                ship = self.take_pending(lambda a: a.kind == "ship" and a.args == (-1,))
            self._target(names, ship, self._label(ship) if ship else "")
        return top + h
