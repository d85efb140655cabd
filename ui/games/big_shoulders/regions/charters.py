"""The charters: each started company's (share value, appeal, treasury, certificates, resources,
goods, asset, factories and forecast, with its decisions as chips) and those not yet in play."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontMetricsF

from engine.core.contract import Action
from engine.core.text import count
from engine.games.big_shoulders import market
from engine.games.big_shoulders.data import (
    ASSETS,
    COMPANIES,
    GOODS_NAMES,
    RESOURCE_NAMES,
    RESOURCES,
    START_STEPS,
    STOCK_VALUES,
)
from engine.games.big_shoulders.round import ROUND
from engine.games.big_shoulders.words import factory as factory_words
from ui.board import style
from ui.board.items import TokenItem
from ui.board.pieces import Chip
from ui.games.big_shoulders.forecast import Forecast, detail_lines, forecast, part_forms, summary_short
from ui.games.big_shoulders.items import CharterCard, CharterFace, ChoiceChip, FactoryItem, StubCard
from ui.games.big_shoulders.regions.geometry import RIGHT_W, RIGHT_X
from ui.games.big_shoulders.words import chip_short, describe, manager_words, resource_words

FACTORY_KINDS = frozenset(("hire", "manager", "place_worker", "produce", "bonus_take", "automate"))
"""Decisions that put something into (or run) a factory: a click on that factory takes them."""


class ChartersRegion:
    """The charters (a part of `BigShouldersScene`, which gives it the view, the names, the seat at
    the screen and the pool of pieces)."""

    def _show_charter(self, view: dict, cid: str, top: float) -> float:
        """A started company's charter, in its own panel."""
        comps = view["companies"]
        card = self.pooled(("charter", cid), lambda cid=cid: CharterFace(cid))
        c = comps[cid]
        chips = self._charter_chips(view, card, cid)
        # what the phase asks of a charter comes first when it is shown small: its stock, or its works
        focus = "market" if ROUND.in_setup(view["phase"]) or view["phase"] == "stock" else "works"
        fc = forecast(view, cid)  # once a charter: its card, tooltip and factories read it
        info = {**self._charter_info(view, cid, fc), "chips": chips, "focus": focus}
        mine = self._me is not None and c["dir"] == self._me
        card.set_charter(info, "\n".join([f"{COMPANIES[cid].name} — directed by {self._names[c['dir']]}"]
                                         + detail_lines(view, cid, fc)),
                         selected=mine and cid == self.acting and any(a.kind == "place" for a in self._legal))
        card.on_click = (lambda cid=cid: self.choose_company(cid)) if mine else None
        self.place(card, QPointF(RIGHT_X, top))
        self._director_token(card, c["dir"], cid)
        self._factories(view, card, cid, fc)
        return CharterCard.H

    def _director_token(self, card: CharterCard, seat: int, cid: str) -> None:
        tok = self.pooled(("director", cid), lambda: TokenItem(24, parent=card))
        colour, mark = self._seat_look(seat)
        tok.set_look(colour, mark, tooltip=f"Director: {self._names[seat]}")
        tok.setPos(18, 15)

    def _charter_info(self, view: dict, cid: str, fc: Forecast | None = None) -> dict:
        c = view["companies"][cid]
        certs = [("30%", self._seat_look(c["dir"]))]
        certs.append(("20%", self._holder(c["pref"])))
        commons = []
        for seat, n in enumerate(c["com"]):
            commons += [self._seat_look(seat)] * n
        commons += [("pool", "")] * c["com_pool"] + [("charter", "")] * c["com_charter"]
        certs += [("10%", h) for h in commons]
        asset = c.get("asset")
        asset_line = ""
        if asset:
            asset_line = ASSETS[asset].name + (" (used)" if c.get("exhausted") else "")
        sales = int(c["sales"])
        fc = forecast(view, cid) if fc is None else fc
        return {
            "goods_name": GOODS_NAMES[COMPANIES[cid].goods],
            "share": f"${market.value(c['step'])}",
            "appeal": c["appeal"],
            "cash": f"${c['cash']}",
            "certs": tuple(certs),
            "sales": sales,
            "resources": dict(c["resources"]),
            "goods_text": str(c["goods"]) + (f" +{c['tokens']}" if c.get("tokens") else ""),
            "asset": asset_line,
            "forecast_forms": part_forms(view, cid, fc),
            "forecast_line": summary_short(view, cid, fc),
            "idle": fc.goods == 0 and bool(fc.idle_reason),
            "goods_short": GOODS_NAMES[COMPANIES[cid].goods].split()[0],
        }

    def _holder(self, where: int) -> tuple[str, str]:
        if where == -1:
            return ("charter", "")
        if where == -2:
            return ("pool", "")
        return self._seat_look(where)

    def _factories(self, view: dict, card: CharterCard, cid: str, fc: Forecast | None = None) -> None:
        c = view["companies"][cid]
        data = COMPANIES[cid]
        n = len(data.factories)
        fc = forecast(view, cid) if fc is None else fc
        for f, fac in enumerate(data.factories):
            item = self.pooled(("factory", cid, f), lambda: FactoryItem(10, 10, parent=card))
            r = card.factory_rect(f, n)
            item.resize(r.width(), r.height())
            item.setPos(r.topLeft())
            auto = int(c["automated"][f])
            workers = int(c["workers"][f])
            spaces = tuple(["auto"] * auto + ["worker"] * workers + [""] * max(0, fac.workers - auto - workers))
            bonus = manager_words(dict(fac.manager))
            uses = resource_words(fac.uses_dict())
            pairs = tuple(fac.uses)
            extra = " (+1 fully automated)" if auto >= fac.workers else ""
            tip = (f"{factory_words(cid, f)[0].upper()}{factory_words(cid, f)[1:]}: uses {uses}, makes "
                   f"{fac.makes}{extra}. "
                   f"{fac.workers} worker space{'s' if fac.workers > 1 else ''}: {workers} Worker"
                   f"{'s' if workers != 1 else ''}, {auto} automated. "
                   + (f"Manager: {bonus}." if c["managers"][f] else f"A Manager would give {bonus}."))
            item.set_factory(f + 1, pairs, fac.makes, spaces, bool(c["managers"][f]), f < fc.runs, tip)
            act = None
            if view.get("company") == cid:
                act = self.take_pending(lambda a, f=f: a.kind in FACTORY_KINDS and a.args and a.args[0] == f)
                if act is None and self._me is not None and c["dir"] == self._me and view.get("frame") == "hire":
                    act = Action("hire", self._me, (f,))   # a full factory: the click says why not
            self._target(item, act, describe(act, view, self._names) if act else "")

    _chip_labels: dict[str, list[str]]
    """Each charter's chips' labels, as last drawn (`_size_chips`; the scene starts it empty)."""
    _chips_read_at = 0
    """The size (pixels) their labels read at when they were last sized."""

    def _charter_chips(self, view: dict, card: CharterCard, cid: str) -> int:
        """The decisions on a charter: buy (charter or pool, 10 % or 20 %) and sell in the Stock
        Phase; use its asset and offer two of a resource at Haymarket when it may act. Returns how
        many chips it shows."""
        chips: list[tuple[str, Action | None, object, str]] = []   # label, action, screen click, colour
        me = self._me
        c = view["companies"][cid]
        if view.get("frame") == "stock" and me is not None and view["to_move"] == me:
            for kind, source in (("common", "charter"), ("preferred", "charter"), ("common", "pool"),
                                 ("preferred", "pool")):
                a = Action("buy", me, (cid, kind, source))
                held = (c["com_charter"] if source == "charter" else c["com_pool"]) if kind == "common" else \
                    (c["pref"] == (-1 if source == "charter" else -2))
                if a in self._legal or held:
                    chips.append((self._label(a), a, None, style.MONEY_GREEN))
            for kind in ("common", "preferred"):
                a = Action("sell", me, (cid, kind))
                if a in self._legal:
                    chips.append((self._label(a), a, None, "#e9b8a8"))
        use = self.take_pending(lambda a: a.kind == "use_asset" and a.args == (cid,))
        if use is not None:
            chips.append((self._label(use), use, None, style.GOLD))
        gives = sorted({a.args[1] for a in self._legal if a.kind == "trade" and a.args[0] == cid},
                       key=RESOURCES.index)
        picked = self.trade_give if self.trade_give and self.trade_give[0] == cid else None
        for r in gives:
            on = picked is not None and picked[1] == r
            label = f"2 {RESOURCE_NAMES[r].lower()} →" + (" ✕" if on else "")
            chips.append((label, None, (lambda r=r, on=on: self.choose_trade(None if on else (cid, r))),
                          style.GOLD if on else style.PAPER))
        self._pending = [a for a in self._pending if not (a.kind == "trade" and a.args[0] == cid and
                                                          (picked is None or a.args[1] != picked[1]))]
        for i in range(8):
            chip = self.pooled(("cchip", cid, i), lambda: ChoiceChip(10, 26))
            if i >= len(chips):
                chip.setVisible(False)
                chip.set_target(None, False)
                chip.on_click = None
                continue
            label, a, click, colour = chips[i]
            tip = ("Offer two of these at Haymarket, then click the resource to take there" if click and "✕" not in
                   label else "Cancel the trade" if click else self._label(a))
            chip.set_chip(label, tip, colour, chip_short(label))
            chip.setVisible(True)
            chip.setParentItem(card)
            chip.setZValue(2)
            chip.on_click = click
            self._target(chip, a, tip)
        self._chip_labels[cid] = [label for label, *_ in chips]
        self._size_chips(cid)
        return len(chips)

    def _size_chips(self, cid: str) -> None:
        """Charter `cid`'s chips sized for their labels as they read on the board as laid out now
        (`shown_font`), and placed in a row: again after a layout that reads them at another size
        (`size_chips_for_layout`), as the board drawn afresh would size them.

        The chips share the card's width (a row running past the card made the board wider than
        drawn and the fit zoom out): each as wide as its label; when they do not fit, the card's
        width is shared in the measure of their shortest forms, which a narrowed chip draws (a
        share by the full labels left "Sell 10%" too narrow for even its short form)."""
        labels = self._chip_labels.get(cid, [])
        metrics = QFontMetricsF(self.shown_font(style.sans(10, bold=True)))  # as the labels read
        widths = [20 + metrics.horizontalAdvance(label) for label in labels]
        gap = 5.0
        room = CharterCard.W - 16 - gap * max(0, len(labels) - 1)
        if sum(widths) > room:
            least = [20 + min(metrics.horizontalAdvance(t) for t in (label, *chip_short(label))) for label in labels]
            widths = [w * room / sum(least) for w in least]
        x = 8.0
        for i, w in enumerate(widths):
            chip = self.pool.items[("cchip", cid, i)]
            if chip.w != w:
                chip.resize(w, 26)
                chip.refresh(chip.text, chip.colour, chip.w, chip.short)
            chip.setPos(x, CharterCard.CHIP_Y)
            x += w + gap
        self._chips_read_at = self.shown_font(style.sans(10, bold=True)).pixelSize()

    def size_chips_for_layout(self) -> None:
        """After the layout: the charters' chips sized again if their labels now read at another
        size than the one they were sized for (the charters are drawn before the board is laid
        out, with the last layout's scale)."""
        if self.shown_font(style.sans(10, bold=True)).pixelSize() != self._chips_read_at:
            for cid in list(self._chip_labels):
                self._size_chips(cid)

    def _show_unstarted(self, view: dict, cids: list[str], top: float) -> float:
        if not cids:
            return 0.0
        # four to a row gives the names room (five cut 'Cracker Jack' and 'Anglo-American' on a
        # board fitted into a small window), unless it takes one row more than five do
        per_row = 4 if -(-len(cids) // 4) == -(-len(cids) // 5) else 5
        tw = (RIGHT_W - 24 - (per_row - 1) * 6) / per_row
        found = any(a.kind == "start" for a in self._legal) or (
            view.get("frame") in ("found", "stock") and self._me is not None and view["to_move"] == self._me
            and (view["phase"] == "found" or int(view["decade"]) >= 2))
        # two rows of value chips, or the appeal and prices on two lines: one height, so that the
        # panel does not grow in every Stock Phase (it pushed the players and the board down, and
        # a board taller than its column moved under the cursor: tests/ui/test_steady_board.py)
        th = StubCard.BAND + 56.0
        rows = (len(cids) + per_row - 1) // per_row
        h = 38 + rows * (th + 6)
        note = "click a share value to start one (3 × value goes to its treasury)" if found else "not yet in play"
        self._panel("unstarted", "Charters not yet in play", note, RIGHT_X, top, RIGHT_W, h,
                    note_short=("click a value to start one",) if found else ())
        for k, cid in enumerate(cids):
            data = COMPANIES[cid]
            tile = self.pooled(("unstarted", cid), lambda: StubCard(tw, th))
            tile.resize(tw, th)
            prices = "/".join(f"${p}" for p in data.prices)
            # with its four starting values to click, a stub keeps its name and the values only
            tile.set_stub(cid, "" if found else f"appeal {data.appeal}\n${data.prices[0]}–{data.prices[-1]} a good",
                          tooltip=f"{data.name}: {GOODS_NAMES[data.goods]}, starts at appeal {data.appeal}, "
                                  f"{count(len(data.factories), 'factory', 'factories')}, price per good {prices}"
                                  + (", a Capital Asset slot" if data.asset_slot else ""))
            x = RIGHT_X + 12 + (k % per_row) * (tw + 6)
            y = top + 36 + (k // per_row) * (th + 6)
            self.place(tile, QPointF(x, y))
            for j, step in enumerate(START_STEPS):
                chip = self.pooled(("start", cid, step), lambda: Chip(10, 24))
                cw = (tw - 8 - 3) / 2   # two by two: four in a row left no room for "$40" on a small board
                chip.resize(cw, 24)
                if not found:
                    chip.setVisible(False)
                    chip.set_target(None, False)
                    continue
                chip.setVisible(True)
                a = Action("start", self._me, (cid, step))
                legal = a in self._legal
                chip.set_chip(f"${STOCK_VALUES[step]}", f"Start {data.name} at ${STOCK_VALUES[step]} a share "
                              f"(${3 * STOCK_VALUES[step]} for the Director's certificate)",
                              style.GOLD if legal else style.PAPER_DARK)
                chip.setParentItem(tile)
                chip.setPos(4 + (j % 2) * (cw + 3), StubCard.BAND + 2 + (j // 2) * 27)
                chip.setZValue(2)
                self._target(chip, a, f"Start {data.short} at ${STOCK_VALUES[step]} a share")
        return top + h
