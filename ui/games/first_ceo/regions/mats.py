"""The players' mats of the 1st CEO board: each mat (paper, seat stripe, row captions), its header
(token, name, corporation, money, assets or score) and the frame of the player to move, and what a
mat shows: the corporation card, the companies, the asset cards, the shares to issue and held."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from engine.core.contract import Action
from engine.core.text import article, fill_names, seat_ref
from engine.core.text import whose as possessive  # `whose` names a local below
from engine.games.first_ceo.data import CORPORATIONS
from ui.board import icons, style
from ui.board.items import BoardItem, draw_shadow, draw_text, fill_rounded_part, paper_brush
from ui.board.paint_guard import guarded_paint
from ui.games.first_ceo.items import (
    AssetCardItem,
    CompanyCard,
    CompanyStrip,
    HoldingChip,
    LabelItem,
    ShareItem,
    card_tooltip,
)


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


class MatsRegion:
    """The scene's part that draws the players' mats (a mixin of `FirstCeoScene`)."""

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
        mat.header.set_tip(fill_names(f"{seat_ref(seat)} runs {corp.name if corp else '—'}: ${s['money']}, "
                                      f"assets {assets}, income ${s['income']}", names))  # ("You run")
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
        # the row 5 units lower than under the other captions: the next share is a move's piece,
        # and a hint's ring round it (4 screen pixels outside it, 6 units at the 1024×700 board's
        # zoom) crossed the foot of the caption's letters
        share_y = sy + 23
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
            share.setPos(r.left() + pad + i * (sw + 4), share_y)
            action = None
            if next_ and me is not None and me != seat:
                action = Action("buy_share", me, (seat,))
            self._target(share, action, legal, f"Buy {article(corp.name)} share from {names[seat]} for ${price}"
                         if action else "")
        # shares held (own unissued shares count as held, as in the rules)
        hy = share_y + 40 + 8
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
            whose = "its own" if t == seat else possessive(names[t])
            chip.set_chip(style.seat_colour(t) if t is not None else style.NPC_GREY,
                          marks[t] if t is not None else "?", count,
                          fill_names(f"{seat_ref(seat)} holds {count} {cname} share{'s' if count != 1 else ''} "
                                     f"({whose})", names))  # ("You hold")
            chip.setPos(x, hy + 18)
            x += chip_w + 4
        mat.set_mat(captions=[(x - r.left(), y - r.top(), t) for x, y, t in captions])
